package pdf

import (
	"encoding/binary"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/sfnt"
)

// A PDF shows a glyph its font lacks as an empty box, or as nothing: a
// printed book would carry the hole. So the book writer sets every rune in
// the first of a chain of embedded fonts that has it (see fontChain), and
// galley check reports a rune none has as an error at its place in the
// manuscript (CheckGlyphs). A book built with its errors allowed prints
// the replacement character in its place (see runs).

// face is one embedded font: its name in fpdf and the runes its cmap maps
// to a glyph.
type face struct {
	family, style string
	cmap          *sfnt.Cmap
}

// faces are the embedded fonts, read once.
var faces = sync.OnceValue(func() map[string]*face {
	m := map[string]*face{}
	for _, f := range embeddedFonts {
		c, err := sfnt.ReadCmap(f.ttf)
		if err != nil {
			// The fonts are compiled in; a bad one is galley's bug.
			panic(f.family + f.style + ": " + err.Error())
		}
		m[f.family+f.style] = &face{f.family, f.style, c}
	}
	return m
})

// fontChain lists the fonts text in a family and style may be set in, best
// first: a rune the styled face lacks falls back to the regular face of its
// family, then to the faces of the other families (Serif's to Sans of its
// style first, the nearest in look), then to any face that has it, so that
// a ✓ in bold or a ▉ in prose still prints. Sans and Sans Mono between
// them have every glyph of the seed's art.
func fontChain(family, style string) []*face { return chains()[family+style] }

// chains are the fallback chains of every face, made once: text is split
// among them rune by rune.
var chains = sync.OnceValue(func() map[string][]*face {
	f := faces()
	out := map[string][]*face{}
	for key, fc := range f {
		var others []string
		switch fc.family {
		case fontSerif:
			others = []string{fontSans + fc.style, fontSans, fontMono}
		case fontSans:
			others = []string{fontMono}
		case fontMono:
			others = []string{fontSans}
		}
		chain := []*face{fc}
		if fc.style != "" {
			chain = append(chain, f[fc.family])
		}
		for _, k := range others {
			if !slices.Contains(chain, f[k]) {
				chain = append(chain, f[k])
			}
		}
		// Then every other face, so that a chain has every rune some
		// face has, which is what CheckGlyphs checks.
		for _, e := range embeddedFonts {
			if k := e.family + e.style; !slices.Contains(chain, f[k]) {
				chain = append(chain, f[k])
			}
		}
		out[key] = chain
	}
	return out
})

// hasGlyph reports whether some embedded font can print r. Spaces and
// control characters print nothing and need no glyph.
func hasGlyph(r rune) bool {
	if r < utf8.RuneSelf || unicode.IsSpace(r) || unicode.IsControl(r) {
		return true
	}
	return coverage().Has(r)
}

// coverage is the union of the embedded fonts' cmaps, made once, so that a
// rune beyond ASCII costs one search, not one a face.
var coverage = sync.OnceValue(func() *sfnt.Cmap {
	var cmaps []*sfnt.Cmap
	for _, f := range faces() {
		cmaps = append(cmaps, f.cmap)
	}
	return sfnt.Union(cmaps...)
})

// CheckGlyphs finds the runes the PDF book would print that no embedded
// font has, and reports each where the manuscript writes it
// (pdf/glyph): in prose, headings, table cells, captions, footnotes, art,
// formulas, class data and galley.toml's title.
func CheckGlyphs(doc *ast.Document) ast.DiagnosticList {
	g := &glyphChecker{doc: doc}
	g.colophon(doc)
	ast.Walk(doc.Blocks, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Heading:
			g.text(n.Pos, n.Title)
		case *ast.Text:
			g.text(n.Pos, n.Text)
		case *ast.RunIn:
			g.text(n.Pos, n.Label)
		case *ast.Ref:
			g.text(n.Pos, n.Text)
		case *ast.Table:
			for _, c := range n.Header {
				g.text(c.Pos, c.Text)
			}
			for _, row := range n.Rows {
				for _, c := range row {
					g.text(c.Pos, c.Text)
				}
			}
		case *ast.Figure:
			g.lines(n.Pos, n.Art)
		case *ast.StatBlock:
			g.text(n.Pos, n.Title)
		case *ast.StatRatings:
			for _, r := range n.Ratings {
				g.text(r.Pos, r.Name)
			}
		case *ast.Verbatim:
			g.lines(n.Start, n.Lines)
		case *ast.CoverPage:
			g.lines(ast.Pos{File: n.File, Line: n.Line + 1, Col: 1}, n.Lines)
		case *ast.Formula:
			for _, e := range n.Entries {
				g.text(e.Pos, e.Label)
				g.text(e.ValuePos, e.Value)
			}
		case *ast.ClassData:
			g.text(n.Pos, n.Class)
			for _, f := range n.Fields {
				g.text(f.ValuePos, f.Value)
			}
		}
		return true
	})
	return g.diags
}

// colophon checks what galley.toml gives the cover and the title page to
// print, each value at its place there: the title and subtitle, the
// authors, the edition and the credits.
func (g *glyphChecker) colophon(doc *ast.Document) {
	cfg := doc.Config
	// A title taken from the manuscript's name is written nowhere: its
	// glyphs are reported at the start of the galley.toml it could be
	// written in.
	fallback := ast.Pos{Line: 1, Col: 1}
	if len(doc.Files) > 0 {
		fallback.File = filepath.Join(filepath.Dir(doc.Files[0]), ast.ConfigFile)
	}
	check := func(key string, i int, text string) {
		at, ok := cfg.ValuePos(key, i)
		if !ok {
			at = fallback
		}
		if at.File != "" {
			g.text(at, text)
		}
	}
	for _, kv := range [][2]string{{"title", cfg.Title}, {"subtitle", cfg.Subtitle}, {"version", cfg.Version}, {"date", cfg.Date}, {"license", cfg.License}} {
		check(kv[0], -1, kv[1])
	}
	for i, name := range cfg.Authors {
		check("authors", i, name)
	}
	for i, credit := range cfg.Credits {
		check("credits", i, credit)
	}
}

// glyphChecker collects the missing-glyph diagnostics.
type glyphChecker struct {
	doc   *ast.Document
	diags ast.DiagnosticList
}

// text checks text written from pos on, reporting each missing rune once.
func (g *glyphChecker) text(pos ast.Pos, text string) {
	var seen map[rune]bool
	// A rune beyond ASCII comes in runs, as the ─ of a frame's rule do:
	// the last one found in a font is not looked for again.
	printable := rune(-1)
	// Most of a book is ASCII, which every font has: it is skipped a word
	// at a time.
	for i := asciiPrefix(text); i < len(text); i += asciiPrefix(text[i:]) {
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		if r == printable {
			continue
		}
		if hasGlyph(r) {
			printable = r
			continue
		}
		if seen[r] {
			continue
		}
		if seen == nil {
			seen = map[rune]bool{}
		}
		seen[r] = true
		g.diags.Errorf(g.locate(pos, r), "pdf/glyph",
			"no font in the PDF has the glyph "+quoteRune(r)+"; the PDF book cannot print it")
	}
}

// asciiPrefix returns the length of s's leading run of ASCII, a word at a
// time.
func asciiPrefix(s string) int {
	const high = 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if binary.LittleEndian.Uint64([]byte(s[i:i+8]))&high != 0 {
			break
		}
	}
	for ; i < len(s) && s[i] < utf8.RuneSelf; i++ {
	}
	return i
}

// lines checks art written a line a string from pos's line on.
func (g *glyphChecker) lines(pos ast.Pos, lines []string) {
	for i, l := range lines {
		g.text(ast.Pos{File: pos.File, Line: pos.Line + i, Col: 1}, l)
	}
}

// maxLocateLines bounds how far locate looks for a rune: a text node's
// lines, a paragraph's length.
const maxLocateLines = 200

// locate finds r in the manuscript from pos on, since a node's text may run
// over several lines and have lost its escapes: the diagnostic points at
// the rune itself. It returns pos when the source does not have it.
func (g *glyphChecker) locate(pos ast.Pos, r rune) ast.Pos {
	for line := pos.Line; line < pos.Line+maxLocateLines; line++ {
		src := g.doc.SourceLine(pos.File, line)
		if src == "" && line > pos.Line {
			break
		}
		col := 1
		for _, c := range src {
			if c == r && (line > pos.Line || col >= pos.Col) {
				return ast.Pos{File: pos.File, Line: line, Col: col}
			}
			col++
		}
	}
	return pos
}

// quoteRune names a rune the way a reader can look it up: "中" (U+4E2D).
func quoteRune(r rune) string { return fmt.Sprintf(`"%c" (U+%04X)`, r, r) }
