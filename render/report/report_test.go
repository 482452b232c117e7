package report

import (
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/styles"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/lexer"
)

// lines is a Source of one file's lines.
type lines []string

func (l lines) SourceLine(_ string, n int) string { return l[n-1] }

func warning(line, col int) *ast.Diagnostic {
	return &ast.Diagnostic{Pos: ast.Pos{File: "book.txt", Line: line, Col: col}, Severity: ast.SeverityWarning, Message: "look here"}
}

// caretUnder returns the character of the quote above the caret.
func caretUnder(t *testing.T, quote, caret string) string {
	t.Helper()
	col := strings.IndexByte(caret, '^')
	if col < 0 {
		t.Fatalf("no caret in %q", caret)
	}
	r := []rune(quote)
	if col >= len(r) {
		return ""
	}
	return string(r[col])
}

func TestTextQuotesTheLineWithACaret(t *testing.T) {
	src := lines{"Roll\td60 for the ration."}
	var b strings.Builder
	if err := Text(&b, ast.DiagnosticList{warning(1, 6)}, src, false); err != nil {
		t.Fatal(err)
	}
	want := "book.txt:1:6: warning: look here\n    Roll d60 for the ration.\n         ^\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestTextCutsLongLines checks that a long line is quoted around each
// column, with the caret still under its character, even past multi-byte
// characters, so that a paragraph on one line does not fill the report.
func TestTextCutsLongLines(t *testing.T) {
	line := strings.Repeat("é", 300) + "X" + strings.Repeat("a", 300) + "Y" + strings.Repeat("b", 20)
	diags := ast.DiagnosticList{warning(1, 1), warning(1, 301), warning(1, 602), warning(1, 622)}
	var b strings.Builder
	if err := Text(&b, diags, lines{line}, false); err != nil {
		t.Fatal(err)
	}
	out := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(out) != 3*len(diags) {
		t.Fatalf("%d lines, want %d:\n%s", len(out), 3*len(diags), b.String())
	}
	for i, want := range []string{"é", "X", "Y", "b"} {
		quote := strings.TrimPrefix(out[3*i+1], "    ")
		caret := strings.TrimPrefix(out[3*i+2], "    ")
		if n := len([]rune(quote)); n > quoteWidth+2 {
			t.Errorf("diagnostic %d quotes %d characters, want at most %d and the ellipses", i, n, quoteWidth)
		}
		if got := caretUnder(t, quote, caret); got != want {
			t.Errorf("diagnostic %d: caret under %q, want %q:\n%s\n%s", i, got, want, quote, caret)
		}
	}
	if !strings.HasSuffix(out[1], "…") || strings.Contains(out[1], "    …") {
		t.Errorf("the first quote should be cut at its end only: %q", out[1])
	}
	if !strings.HasPrefix(out[4], "    …") || !strings.HasSuffix(out[4], "…") {
		t.Errorf("the middle quote should be cut at both ends: %q", out[4])
	}
	if strings.HasSuffix(out[10], "…") {
		t.Errorf("the last quote reaches the line's end and should not be cut there: %q", out[10])
	}
}

// TestTerminalStyleIsMonokai checks that the terminal colours each token the
// markup's lexer emits as chroma's monokai style does, the style galley
// used before it built its own.
func TestTerminalStyleIsMonokai(t *testing.T) {
	sample := "% a comment\n/*\n*/\n\\begin{box}[Rules Summary 3]\n\\newpage\n===\n┌──┐\n_Run-in_ *emphasis* Table 4 \"quoted\" 2d6kh1 & ²\nplain text 12\n"
	it, err := lexer.Markup.Tokenise(nil, sample)
	if err != nil {
		t.Fatal(err)
	}
	monokai := styles.Get("monokai")
	seen := map[chroma.TokenType]bool{}
	for _, tok := range it.Tokens() {
		seen[tok.Type] = true
	}
	if len(seen) < 15 {
		t.Fatalf("the sample yields only %d token types: %v", len(seen), seen)
	}
	for typ := range seen {
		if got, want := terminalStyle().Get(typ), monokai.Get(typ); got != want {
			t.Errorf("%v is %v, monokai has %v", typ, got, want)
		}
	}
}

// TestControlsEscaped checks that no format but JSON (which escapes them
// itself) writes a manuscript's control characters raw, and that the caret
// stays under its column when escapes before it widen the line.
func TestControlsEscaped(t *testing.T) {
	src := lines{"\x1b]0;pwned\x07 x"}
	diags := ast.DiagnosticList{{Pos: ast.Pos{File: "a.txt", Line: 1, Col: 12}, Severity: ast.SeverityWarning, Code: "text/control", Message: "bad \x1b[2J"}}
	var text, github strings.Builder
	if err := Text(&text, diags, src, false); err != nil {
		t.Fatal(err)
	}
	if err := GitHub(&github, diags); err != nil {
		t.Fatal(err)
	}
	want := "a.txt:1:12: warning: bad \\x1b[2J [text/control]\n" +
		"    \\x1b]0;pwned\\x07 x\n" +
		"                     ^\n"
	if text.String() != want {
		t.Errorf("Text wrote\n%s\nwant\n%s", text.String(), want)
	}
	if strings.ContainsFunc(github.String(), func(r rune) bool { return r != '\n' && ast.IsControl(r) }) {
		t.Errorf("GitHub wrote a control character: %q", github.String())
	}
}
