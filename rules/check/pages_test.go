package check

import (
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser"
)

// pagesBook has an outline with a right page, a wrong one, a TODO and an
// entry no heading matches.
const pagesBook = `\begin{toc}
Burrows ......... 3
  Galleries ..... 3
  Chambers ...... 4
Digging ......... TODO
Nowhere ......... 7
\end{toc}

Burrows
=======

Galleries
---------

Chambers
--------

Digging
=======
`

func TestTOCPages(t *testing.T) {
	doc, diags := parser.Parse("book.txt", []byte(pagesBook))
	if len(diags) > 0 {
		t.Fatalf("the book does not parse cleanly: %v", diags)
	}
	pages := map[string]int{"burrows": 3, "galleries": 3, "chambers": 5, "digging": 8}
	var got []string
	for _, d := range TOCPages(doc, func() map[string]int { return pages }) {
		got = append(got, strconv.Itoa(d.Line)+":"+strconv.Itoa(d.Col)+" "+d.Severity.String()+" "+d.Code+" expected="+d.Expected)
	}
	want := []string{"4:19 warning toc/page expected=5"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// An outline whose pages mostly differ from the book's follows another
// layout: one warning at the first that differs says how many do, rather
// than one at each.
func TestTOCPagesOfAnotherLayout(t *testing.T) {
	doc, _ := parser.Parse("book.txt", []byte(pagesBook))
	pages := map[string]int{"burrows": 3, "galleries": 4, "chambers": 5, "digging": 8}
	diags := TOCPages(doc, func() map[string]int { return pages })
	if len(diags) != 1 {
		t.Fatalf("got %v, want one warning", diags)
	}
	d := diags[0]
	got := strconv.Itoa(d.Line) + ":" + strconv.Itoa(d.Col) + " " + d.Severity.String() + " " + d.Code
	if want := "3:19 warning toc/pages"; got != want || !strings.HasPrefix(d.Message, "2 of the outline's 3 page numbers") {
		t.Errorf("got %s %q, want %s, 2 of 3", got, d.Message, want)
	}
}

// A book whose outline has no page numbers, or no outline, is not laid out
// at all: there is nothing to compare.
func TestTOCPagesWithoutPages(t *testing.T) {
	for _, src := range []string{
		"Burrows\n=======\n",
		"\\begin{toc}\nBurrows ..... TODO\n\\end{toc}\n\nBurrows\n=======\n",
	} {
		doc, _ := parser.Parse("book.txt", []byte(src))
		paginated := false
		diags := TOCPages(doc, func() map[string]int { paginated = true; return map[string]int{"burrows": 2} })
		if len(diags) != 0 || paginated {
			t.Errorf("%q: got %v, paginated %v; want nothing, and no layout", src, diags, paginated)
		}
	}
}
