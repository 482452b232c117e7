package pdf

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/galleyhq/galley/internal/pdfcontent"
	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser/sheet"
)

func render(t *testing.T, f *sheet.Filled, paper string) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteSheet(&b, f, paper, "", time.Time{}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// flat draws the sheet as the book does, on a page of its own, with its
// page's content left uncompressed.
func flat(t *testing.T, f *sheet.Filled, paper string) []byte {
	t.Helper()
	pdf, err := New(paper, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	pdf.SetCompression(false)
	w, h := pdf.GetPageSize()
	DrawSheet(pdf, f, w, h)
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var pageObject = regexp.MustCompile(`/Type /Page\b[^s]`)

// pageCount is the page tree's count of pages: a form's update writes its
// page again, so counting page objects counts that page twice.
var pageCount = regexp.MustCompile(`/Type /Pages\s*/Kids \[[^]]*\]\s*/Count (\d+)`)

// TestSheetPDF checks every sheet on both papers: one page, the same bytes on
// a second run, and, with poppler's tools installed, every font embedded and
// the class and labels in the page's text (the values are the form's: see
// TestSheetForm). In go test ./... it checks every sheet on A4 and the
// Wasp's, whose class's name the page prints, on Letter, a page of
// another size drawn by the same code; every sheet on Letter under
// -long, which .ci/run passes.
func TestSheetPDF(t *testing.T) {
	t.Parallel()
	book := bundledSheets(t)
	for _, paper := range []string{"a4", "letter"} {
		for _, f := range book.All() {
			if paper == "letter" && f.Name != "wasp" && !*long {
				continue
			}
			t.Run(paper+"/"+f.Name, func(t *testing.T) {
				data := bundledSheet(t, f.Name, paper)
				if m := pageCount.FindAllSubmatch(data, -1); len(m) != 1 || string(m[0][1]) != "1" {
					t.Errorf("page trees %q, want one of 1 page", m)
				}
				if again := render(t, f, paper); !bytes.Equal(data, again) {
					t.Error("a second run gives different bytes")
				}
				file := filepath.Join(t.TempDir(), f.Name+".pdf")
				if err := os.WriteFile(file, data, 0o644); err != nil {
					t.Fatal(err)
				}
				checkFonts(t, file)
				want := []string{"Character Sheet", "Name", "Attributes", "Signalling", "Wounds/Max", "Base Attack", "Hit (Crit)", "Edible"}
				if f.Name == "wasp" {
					want = append(want, "Wasp")
				}
				checkText(t, data, want)
			})
		}
	}
}

// TestFlatSheet checks the sheet the book prints: its values are in its
// text, the art's arrows are arrows, and it has no form.
func TestFlatSheet(t *testing.T) {
	data := flat(t, testbook.Sheets(t).Sheet("wasp"), "a4")
	for _, key := range []string{"/AcroForm", "/Annots"} {
		if bytes.Contains(data, []byte(key)) {
			t.Errorf("the flat sheet has %s", key)
		}
	}
	text := pdftotext(t, data, "-layout")
	for _, want := range []string{"68", "Dive-Bomb Sting", "Nectar drop", "Attacker Immobilised d20", "Advance this way →", "← Recoil this way"} {
		if !strings.Contains(text, want) {
			t.Errorf("pdftotext does not find %q", want)
		}
	}
	if strings.Contains(text, "-->") || strings.Contains(text, "<--") {
		t.Error("the sheet prints an ASCII arrow")
	}
}

// TestSheetTextSizes checks that a sheet is read at the table: no text
// under 7 points, on either paper, and the rules reminders (the text set in
// italics) at least 60% black.
func TestSheetTextSizes(t *testing.T) {
	f := testbook.Sheets(t).Sheet("wasp")
	for _, paper := range []string{"a4", "letter"} {
		data := flat(t, f, paper)
		faces := fontFaces(data)
		reminders := 0
		for _, run := range textRuns(pageContent(t, data)) {
			if run.size < 7 {
				t.Errorf("%s: text at %.2f pt in %s", paper, run.size, faces[run.font])
			}
			if !strings.HasSuffix(faces[run.font], "I") {
				continue
			}
			reminders++
			for _, c := range run.fill {
				if c > 0.4 {
					t.Errorf("%s: a reminder in %v, lighter than 60%% black", paper, run.fill)
					break
				}
			}
		}
		if reminders < 5 {
			t.Errorf("%s: %d runs of reminders, want the template's five and its notes", paper, reminders)
		}
	}
}

// fontFaces maps the fonts' names in the page's resources to the faces
// they are, as fpdf names them: utf8dejavusansI is DejaVu Sans Oblique.
func fontFaces(data []byte) map[string]string {
	objects := map[string]string{}
	for _, m := range regexp.MustCompile(`(\d+) 0 obj\s*<</Type /Font\s*/Subtype /Type0\s*/BaseFont /(\w+)`).FindAllSubmatch(data, -1) {
		objects[string(m[1])] = string(m[2])
	}
	faces := map[string]string{}
	for _, m := range regexp.MustCompile(`/(F\w+) (\d+) 0 R`).FindAllSubmatch(data, -1) {
		faces["/"+string(m[1])] = objects[string(m[2])]
	}
	return faces
}

// pageContent returns the content stream of the PDF's page, uncompressed.
func pageContent(t *testing.T, data []byte) []byte {
	t.Helper()
	m := regexp.MustCompile(`/Contents (\d+) 0 R`).FindSubmatch(data)
	if m == nil {
		t.Fatal("the page has no /Contents")
	}
	at := bytes.Index(data, append(append([]byte("\n"), m[1]...), " 0 obj"...))
	start := bytes.Index(data[at:], []byte("stream\n"))
	end := bytes.Index(data[at:], []byte("endstream"))
	if at < 0 || start < 0 || end < start || bytes.Contains(data[at:at+start], []byte("/Filter")) {
		t.Fatal("no uncompressed content stream")
	}
	return data[at+start+len("stream\n") : at+end]
}

// textRun is a string a content stream shows, with the font, size and
// fill colour it is shown in.
type textRun struct {
	font string
	size float64
	fill [3]float64
}

// textRuns reads the text a content stream shows, following its Tf, rg,
// g, q and Q.
func textRuns(content []byte) []textRun {
	var runs []textRun
	state := textRun{}
	var saved []textRun
	for op := range pdfcontent.Operations(content) {
		switch op.Operator {
		case "q":
			saved = append(saved, state)
		case "Q":
			if n := len(saved); n > 0 {
				state, saved = saved[n-1], saved[:n-1]
			}
		case "Tf":
			if len(op.Operands) == 2 {
				state.font = op.Operands[0]
			}
			state.size = op.Number(1)
		case "rg":
			state.fill = [3]float64{op.Number(3), op.Number(2), op.Number(1)}
		case "g":
			state.fill = [3]float64{op.Number(1), op.Number(1), op.Number(1)}
		case "Tj", "TJ", "'", `"`:
			runs = append(runs, state)
		}
	}
	return runs
}

// checkFonts requires pdffonts to list every font as embedded.
func checkFonts(t *testing.T, file string) {
	t.Helper()
	out, err := exec.Command("pdffonts", file).Output()
	if err != nil {
		t.Log("pdffonts not available (apt install poppler-utils):", err)
		return
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 3 {
		t.Fatalf("pdffonts lists no fonts:\n%s", out)
	}
	for _, l := range lines[2:] {
		if fields := strings.Fields(l); len(fields) < 5 || !slicesContains(fields, "yes") {
			t.Errorf("a font is not embedded: %s", l)
		}
	}
}

// slicesContains reports whether the pdffonts columns after the name say
// "yes" for emb.
func slicesContains(fields []string, s string) bool {
	for _, f := range fields[1:] {
		if f == s {
			return true
		}
	}
	return false
}

// checkText requires pdftotext to find every string in the PDF.
func checkText(t *testing.T, data []byte, want []string) {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Log("pdftotext not available (apt install poppler-utils):", err)
		return
	}
	out := pdftotext(t, data, "-layout")
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("pdftotext does not find %q", w)
		}
	}
}

// TestPaper checks the paper names.
func TestPaper(t *testing.T) {
	tests := []struct {
		paper   string
		wantErr bool
	}{
		{"", false}, {"a4", false}, {"A4", false}, {"letter", false}, {"legal", true},
	}
	for _, tt := range tests {
		if _, err := New(tt.paper, time.Time{}); (err != nil) != tt.wantErr {
			t.Errorf("New(%q): error %v, want error %v", tt.paper, err, tt.wantErr)
		}
	}
}
