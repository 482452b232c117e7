package html

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFigureColumns checks that a column of figures stands flush right, as
// the PDF sets it, its header too, and that a column of words does not.
func TestFigureColumns(t *testing.T) {
	dir := t.TempDir()
	book := "Odds\n====\n\n\\begin{table}[4]\nd6  & Result     & Chance\n1-3 & A rat      & 50%\n4-6 & Two rats   & 50%\n\\end{table}\n"
	if err := os.WriteFile(filepath.Join(dir, "book.txt"), []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	site, _ := buildSite(t, dir, stubRoller)
	page, err := os.ReadFile(filepath.Join(site, "odds", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<th scope="col">Result</th><th scope="col" class="num">Chance</th>`,
		`<th scope="col" class="num"><a class="dice"`,
		`<td class="num">1–3</td><td>A rat</td><td class="num">50%</td>`,
	} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the page has no %s", want)
		}
	}
}
