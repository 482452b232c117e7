package pdf

import (
	"encoding/binary"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
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
	cmap          *cmap
}

// faces are the embedded fonts, read once.
var faces = sync.OnceValue(func() map[string]*face {
	m := map[string]*face{}
	for _, f := range embeddedFonts {
		c, err := readCmap(f.ttf)
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
	return coverage().has(r)
}

// coverage is the union of the embedded fonts' cmaps, made once, so that a
// rune beyond ASCII costs one search, not one a face.
var coverage = sync.OnceValue(func() *cmap {
	var all []runeRange
	for _, f := range faces() {
		all = append(all, f.cmap.ranges...)
	}
	slices.SortFunc(all, func(a, b runeRange) int { return int(a.lo - b.lo) })
	var merged []runeRange
	for _, r := range all {
		if n := len(merged); n > 0 && r.lo <= merged[n-1].hi+1 {
			merged[n-1].hi = max(merged[n-1].hi, r.hi)
			continue
		}
		merged = append(merged, r)
	}
	return &cmap{ranges: merged}
})

// CheckGlyphs finds the runes the PDF book would print that no embedded
// font has, and reports each where the manuscript writes it
// (pdf/glyph): in prose, headings, table cells, captions, footnotes, art,
// formulas, class data and galley.toml's title.
func CheckGlyphs(doc *ast.Document) ast.DiagnosticList {
	g := &glyphChecker{doc: doc}
	cfg := doc.Config
	if len(doc.Files) > 0 {
		toml := ast.Pos{File: filepath.Join(filepath.Dir(doc.Files[0]), ast.ConfigFile), Line: 1, Col: 1}
		g.text(toml, cfg.Title+cfg.Subtitle)
	}
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

// glyphChecker collects the missing-glyph diagnostics.
type glyphChecker struct {
	doc   *ast.Document
	diags ast.DiagnosticList
}

// text checks text written from pos on, reporting each missing rune once.
func (g *glyphChecker) text(pos ast.Pos, text string) {
	var seen map[rune]bool
	// Most of a book is ASCII, which every font has: it is skipped a word
	// at a time.
	for i := asciiPrefix(text); i < len(text); i += asciiPrefix(text[i:]) {
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		if hasGlyph(r) || seen[r] {
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

// cmap is a font's map from runes to glyphs, as ranges of runes that have
// one, sorted.
type cmap struct {
	ranges []runeRange
}

type runeRange struct{ lo, hi rune }

func (c *cmap) has(r rune) bool {
	i := sort.Search(len(c.ranges), func(i int) bool { return c.ranges[i].hi >= r })
	return i < len(c.ranges) && c.ranges[i].lo <= r
}

// readCmap reads the Unicode cmap of a TrueType font: its format 12
// subtable (the whole of Unicode) if it has one, else its format 4 (the
// Basic Multilingual Plane). Runes mapped to glyph 0, the "missing" glyph,
// have no glyph.
func readCmap(ttf []byte) (*cmap, error) {
	format4, format12, err := unicodeSubtables(ttf)
	if err != nil {
		return nil, err
	}
	if format12 != nil {
		return readFormat12(format12)
	}
	c := &cmap{}
	if err := eachFormat4(format4, func(r rune, _ int) { c.add(r, r) }); err != nil {
		return nil, err
	}
	return c.merge(), nil
}

// unicodeSubtables returns a TrueType font's Unicode cmap subtables of
// format 4 and 12, either nil when the font has none, and an error when it
// has neither.
func unicodeSubtables(ttf []byte) (format4, format12 []byte, err error) {
	table, err := sfntTable(ttf, "cmap")
	if err != nil {
		return nil, nil, err
	}
	if len(table) < 4 {
		return nil, nil, errBadFont
	}
	n := int(binary.BigEndian.Uint16(table[2:]))
	for i := range n {
		rec := table[4+8*i:]
		if len(rec) < 8 {
			return nil, nil, errBadFont
		}
		platform, encoding := binary.BigEndian.Uint16(rec), binary.BigEndian.Uint16(rec[2:])
		off := int(binary.BigEndian.Uint32(rec[4:]))
		if off+2 > len(table) || !(platform == 0 || platform == 3 && (encoding == 1 || encoding == 10)) {
			continue
		}
		switch binary.BigEndian.Uint16(table[off:]) {
		case 4:
			format4 = table[off:]
		case 12:
			format12 = table[off:]
		}
	}
	if format4 == nil && format12 == nil {
		return nil, nil, errors.New("no Unicode cmap")
	}
	return format4, format12, nil
}

var errBadFont = errors.New("malformed font")

// sfntTable returns the named table of a TrueType font.
func sfntTable(ttf []byte, tag string) ([]byte, error) {
	if len(ttf) < 12 {
		return nil, errBadFont
	}
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	for i := range n {
		rec := ttf[12+16*i:]
		if len(rec) < 16 {
			return nil, errBadFont
		}
		if string(rec[:4]) == tag {
			off, length := binary.BigEndian.Uint32(rec[8:]), binary.BigEndian.Uint32(rec[12:])
			if uint64(off)+uint64(length) > uint64(len(ttf)) {
				return nil, errBadFont
			}
			return ttf[off : off+length], nil
		}
	}
	return nil, errors.New("no " + tag + " table")
}

// readFormat12 reads sequential map groups: start, end, first glyph.
func readFormat12(t []byte) (*cmap, error) {
	if len(t) < 16 {
		return nil, errBadFont
	}
	n := int(binary.BigEndian.Uint32(t[12:]))
	if 16+12*n > len(t) {
		return nil, errBadFont
	}
	c := &cmap{}
	for i := range n {
		g := t[16+12*i:]
		lo, hi, glyph := rune(binary.BigEndian.Uint32(g)), rune(binary.BigEndian.Uint32(g[4:])), binary.BigEndian.Uint32(g[8:])
		if glyph == 0 {
			lo++ // the group starts at the missing glyph
		}
		c.add(lo, hi)
	}
	return c.merge(), nil
}

// eachFormat4 calls glyph with every rune of a format 4 subtable that has
// a glyph, and the glyph's index. The subtable maps the BMP in segments,
// each by a delta or through a glyph array, where 0 means no glyph.
func eachFormat4(t []byte, glyph func(r rune, index int)) error {
	if len(t) < 14 {
		return errBadFont
	}
	segs := int(binary.BigEndian.Uint16(t[6:])) / 2
	ends, starts, deltas, offsets := 14, 16+2*segs, 16+4*segs, 16+6*segs
	if offsets+2*segs > len(t) {
		return errBadFont
	}
	u16 := func(at int) int {
		if at+2 > len(t) {
			return 0
		}
		return int(binary.BigEndian.Uint16(t[at:]))
	}
	for s := range segs {
		end, start, delta, offset := u16(ends+2*s), u16(starts+2*s), u16(deltas+2*s), u16(offsets+2*s)
		for r := start; r <= end && r != 0xFFFF; r++ {
			index := (r + delta) & 0xFFFF
			if offset != 0 {
				index = u16(offsets + 2*s + offset + 2*(r-start))
				if index != 0 {
					index = (index + delta) & 0xFFFF
				}
			}
			if index != 0 {
				glyph(rune(r), index)
			}
		}
	}
	return nil
}

// add records that lo to hi have glyphs.
func (c *cmap) add(lo, hi rune) {
	if lo <= hi && hi <= utf8.MaxRune {
		c.ranges = append(c.ranges, runeRange{lo, hi})
	}
}

// merge sorts the ranges and joins those that touch, for has's search.
func (c *cmap) merge() *cmap {
	sort.Slice(c.ranges, func(i, j int) bool { return c.ranges[i].lo < c.ranges[j].lo })
	var out []runeRange
	for _, r := range c.ranges {
		if n := len(out); n > 0 && out[n-1].hi+1 >= r.lo {
			out[n-1].hi = max(out[n-1].hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	c.ranges = out
	return c
}
