package index

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
)

// How many places an entry lists besides its definitions: the headings,
// labels, titles and tables that name it, and its mentions in the body,
// the first in each section. A page list longer than a dozen is no help at
// the table.
const (
	maxNamings  = 4
	maxMentions = 3
)

// undefinedAfter is how many sections may use a term of the vocabulary
// that the book never defines before a note says so.
const undefinedAfter = 8

// Build returns the book's index and what is wrong with its marks: an
// \index mark written wrongly (index/malformed) or naming a term the book
// never uses (index/unused), both warnings, and a term used in many
// sections but defined nowhere (index/undefined), a note. It returns nil
// for a book whose galley.toml says index = "off", or whose index would be
// empty.
func Build(doc *ast.Document, sheets *sheet.Book) (*ast.Index, ast.DiagnosticList) {
	var diags ast.DiagnosticList
	mode := doc.Config.Index
	if mode == ast.IndexOff {
		return nil, nil
	}
	var w textWalk
	w.walk(doc.Blocks)
	for _, at := range w.malformed {
		diags.Warnf(at, "index/malformed", `an \index mark is written \index{Term}, \index{Term!Sub}, \index{Term|see{Other}} or \index{Term|seealso{Other}}; this one is printed as text`)
	}
	v := newVocabulary(doc.Config.IndexExclude)
	if mode != ast.IndexManual {
		v.infer(doc, w.units, sheets)
	}
	for _, m := range w.marks {
		for _, name := range []string{m.term.Term, m.term.Sub} {
			if t := v.add(name); t != nil {
				t.explicit = true
			}
		}
	}
	// An explicit term is found whatever its case: the author named it.
	for _, t := range v.order {
		if t.explicit && !t.inferred {
			clear(t.capitals)
		}
	}
	m := newMatcher(v.order)
	for i, u := range w.units {
		m.find(u.text, func(f found) {
			if n := len(f.term.uses); n == 0 || f.term.uses[n-1].unit != i {
				f.term.uses = append(f.term.uses, use{unit: i, text: f.text})
			}
		})
	}
	b := &builder{units: w.units, order: w.order, entries: map[string]*ast.IndexEntry{}}
	for _, t := range v.order {
		if t.inferred {
			b.inferred(t, &diags)
		}
	}
	b.explicit(w.marks, v, &diags)
	b.groups(v)
	idx := &ast.Index{}
	for _, e := range b.entries {
		if len(e.Locators) > 0 || e.See != "" || len(e.Sub) > 0 {
			idx.Entries = append(idx.Entries, e)
		}
	}
	if len(idx.Entries) == 0 {
		return nil, diags
	}
	seeAlso(idx.Entries)
	sortEntries(idx.Entries)
	for _, e := range idx.Entries {
		sortEntries(e.Sub)
	}
	return idx, diags
}

// builder makes the entries from the terms and marks.
type builder struct {
	units   []unit
	order   map[ast.Block]int
	entries map[string]*ast.IndexEntry
}

// entry returns the top-level entry of display, made on first use.
func (b *builder) entry(display string) *ast.IndexEntry {
	return entryIn(b.entries, display)
}

func entryIn(entries map[string]*ast.IndexEntry, display string) *ast.IndexEntry {
	key := sortKey(display)
	if e := entries[key]; e != nil {
		return e
	}
	e := &ast.IndexEntry{Term: display, Key: key}
	entries[key] = e
	return e
}

// inferred makes the entry of a term of the vocabulary: its definitions,
// the places that name it in earnest and its first mention in each of a
// few sections.
func (b *builder) inferred(t *term, diags *ast.DiagnosticList) {
	if t.see != "" {
		b.entry(t.display).See = t.see
		return
	}
	var locators []ast.Locator
	seen := map[ast.Block]bool{}
	sections := map[int]bool{}
	namings, mentions := 0, 0
	defined := false
	for _, u := range t.uses {
		unit := b.units[u.unit]
		if seen[unit.block] {
			continue
		}
		defines := u.unit == t.defined || (unit.kind == unitHeading || unit.kind == unitLabel) && sameTerm(unit.text, t.key)
		switch {
		case defines:
			defined = true
		case unit.kind != unitBody && namings < maxNamings:
			namings++
		case unit.kind == unitBody && mentions < maxMentions && !sections[unit.section]:
			mentions++
		default:
			continue
		}
		seen[unit.block] = true
		sections[unit.section] = true
		locators = append(locators, ast.Locator{Block: unit.block, Anchor: unit.anchor, Defines: defines, Text: u.text})
	}
	if len(locators) == 0 {
		return
	}
	if !defined && t.group == "" {
		if used := usedSections(t, b.units); used >= undefinedAfter {
			diags.Notef(b.units[t.uses[0].unit].block.Position(), "index/undefined",
				`"`+t.display+`" is used in `+strconv.Itoa(used)+` sections but no heading, run-in label or definition defines it; the index lists it without a place in bold`)
		}
	}
	e := b.entry(t.display)
	e.Locators = b.merge(e.Locators, locators)
}

// sameTerm reports whether a heading's or label's text is the term itself.
func sameTerm(text, key string) bool { return keyOf(words(text)) == key }

// usedSections counts the sections a term is used in.
func usedSections(t *term, units []unit) int {
	n, last := 0, -1
	for _, u := range t.uses {
		if s := units[u.unit].section; s != last {
			n, last = n+1, s
		}
	}
	return n
}

// explicit adds the author's \index marks, each a place of its own, and
// warns of a mark whose term the book's text never uses.
func (b *builder) explicit(marks []mark, v *vocabulary, diags *ast.DiagnosticList) {
	for _, m := range marks {
		it := m.term
		used := it.Sub
		if used == "" {
			used = it.Term
		}
		if t := v.byKey[keyOf(words(used))]; t != nil && len(t.uses) == 0 && it.See == "" {
			diags.Warnf(it.Pos, "index/unused", `the index lists "`+used+`" here, but the book's text never uses it: a reader who looks it up finds no such word on the page`)
		}
		e := b.entry(it.Term)
		e.Explicit = true
		if it.Sub != "" {
			subs := map[string]*ast.IndexEntry{}
			for _, s := range e.Sub {
				subs[s.Key] = s
			}
			sub := entryIn(subs, it.Sub)
			if !slices.Contains(e.Sub, sub) {
				e.Sub = append(e.Sub, sub)
			}
			sub.Explicit = true
			e = sub
		}
		switch {
		case it.See != "":
			e.See = it.See
		case it.SeeAlso != "":
			if !slices.Contains(e.SeeAlso, it.SeeAlso) {
				e.SeeAlso = append(e.SeeAlso, it.SeeAlso)
			}
		}
		if it.See == "" {
			e.Locators = b.merge(e.Locators, []ast.Locator{{Block: m.block, Anchor: m.anchor, Mark: it, Text: used}})
		}
	}
}

// groups puts each term of a group (a sheet box's fields, the classes, the
// degrees) under its group's entry as a sub-entry, as well as on its own.
func (b *builder) groups(v *vocabulary) {
	for _, t := range v.order {
		if t.group == "" {
			continue
		}
		e := b.entries[sortKey(t.display)]
		if e == nil || len(e.Locators) == 0 {
			continue
		}
		g := b.entry(t.group)
		sub := &ast.IndexEntry{Term: e.Term, Key: e.Key, Locators: e.Locators}
		if i := slices.IndexFunc(g.Sub, func(s *ast.IndexEntry) bool { return s.Key == sub.Key }); i >= 0 {
			g.Sub[i].Locators = b.merge(g.Sub[i].Locators, sub.Locators)
			continue
		}
		g.Sub = append(g.Sub, sub)
	}
}

// merge adds more to have, one a block, in reading order.
func (b *builder) merge(have, more []ast.Locator) []ast.Locator {
	for _, l := range more {
		i := slices.IndexFunc(have, func(h ast.Locator) bool { return h.Block == l.Block })
		if i >= 0 {
			have[i].Defines = have[i].Defines || l.Defines
			continue
		}
		have = append(have, l)
	}
	slices.SortStableFunc(have, func(x, y ast.Locator) int { return cmp.Compare(b.order[x.Block], b.order[y.Block]) })
	return have
}

// seeAlso links each entry to the entries whose words hold its own, and
// back: "Boolean Roll" and "Contested Boolean Roll". Each phrase of an
// entry's words is looked up, so the cost is linear in the entries.
func seeAlso(entries []*ast.IndexEntry) {
	byWords := map[string]*ast.IndexEntry{}
	for _, e := range entries {
		byWords[keyOf(words(e.Term))] = e
	}
	for _, e := range entries {
		ws := words(e.Term)
		for n := len(ws) - 1; n >= 1; n-- {
			for start := 0; start+n <= len(ws); start++ {
				inner := byWords[keyOf(ws[start:start+n])]
				if inner == nil || inner == e || inner.See != "" || e.See != "" || len(inner.Locators) == 0 {
					continue
				}
				addSeeAlso(e, inner.Term)
				addSeeAlso(inner, e.Term)
			}
		}
	}
}

// maxSeeAlso bounds an entry's cross-references.
const maxSeeAlso = 4

func addSeeAlso(e *ast.IndexEntry, other string) {
	if len(e.SeeAlso) < maxSeeAlso && !slices.Contains(e.SeeAlso, other) {
		e.SeeAlso = append(e.SeeAlso, other)
	}
}

// sortKey is the form an entry sorts by: lower case, from its first letter
// or digit.
func sortKey(display string) string {
	key := strings.ToLower(strings.Join(strings.Fields(display), " "))
	return strings.TrimLeftFunc(key, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

func sortEntries(entries []*ast.IndexEntry) {
	slices.SortFunc(entries, func(a, b *ast.IndexEntry) int { return cmp.Or(cmp.Compare(a.Key, b.Key), cmp.Compare(a.Term, b.Term)) })
	for _, e := range entries {
		slices.Sort(e.SeeAlso)
	}
}
