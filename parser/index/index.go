package index

import (
	"cmp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/galleyhq/galley/internal/parallel"
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

// minInferred is how many entries inference must find for a book without
// \index marks to have an index: a pamphlet of a few pages is read
// through, not looked up in.
const minInferred = 12

// undefinedAfter is how many sections may use a term of the vocabulary
// that the book never defines before a note says so.
const undefinedAfter = 8

// Build returns the book's index and what is wrong with its marks: an
// \index mark written wrongly (index/malformed) or naming a term the book
// never uses (index/unused), both warnings, and a term used in many
// sections but defined nowhere (index/undefined), a note. It returns nil
// for a book whose galley.toml says index = "off", whose index would be
// empty, or, without \index marks, shorter than minInferred entries.
func Build(doc *ast.Document, sheets *sheet.Book) (*ast.Index, ast.DiagnosticList) {
	var diags ast.DiagnosticList
	mode := doc.Config.Index
	if mode == ast.IndexOff {
		return nil, nil
	}
	// Most of a book's blocks are at its top level, and most blocks are
	// a unit: room for them at once spares growing the longest slices.
	w := textWalk{units: make([]unit, 0, len(doc.Blocks))}
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
	findUses(v.order, w.units)
	b := &builder{units: w.units, order: map[ast.Block]int{}, entries: map[string]*ast.IndexEntry{},
		placed: map[*ast.IndexEntry]map[ast.Block]int{}, subs: map[*ast.IndexEntry]map[string]*ast.IndexEntry{}}
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
	if len(idx.Entries) == 0 || len(w.marks) == 0 && len(idx.Entries) < minInferred {
		return nil, diags
	}
	// The entries come from a map: put in order first, so that which
	// see-alsos an entry keeps (maxSeeAlso) is the same at every build.
	sortEntries(idx.Entries)
	seeAlso(idx.Entries)
	b.sort(idx.Entries)
	return idx, diags
}

// findUses adds to each term the units it stands in, in book order, and
// the text it stands as in each. The book's text is searched in runs of
// units, a run on each core at once, the runs' finds noted and added to
// the terms in order once each batch of runs is searched: searching was
// two thirds of the index's time, spent on one core while the site
// waited for the index. The notes of the finds are made again for each
// batch, so that all the book's are never held at once, which brought
// the collector in sooner.
func findUses(terms []*term, units []unit) {
	m := newMatcher(terms)
	cores := runtime.GOMAXPROCS(0)
	runs := unitRuns(units, runsPerCore*cores)
	scanners := make([]wordScanner, cores)
	finds := make([][]unitFind, cores)
	for first := 0; first < len(runs); first += cores {
		batch := runs[first:min(first+cores, len(runs))]
		parallel.For(len(batch), func(i int) {
			noted := finds[i][:0]
			for u := batch[i].start; u < batch[i].end; u++ {
				m.find(&scanners[i], units[u].text, func(f found) {
					noted = append(noted, unitFind{found: f, unit: u})
				})
			}
			finds[i] = noted
		})
		for _, run := range finds[:len(batch)] {
			for _, f := range run {
				if n := len(f.term.uses); n == 0 || f.term.uses[n-1].unit != f.unit {
					f.term.uses = append(f.term.uses, use{unit: f.unit, text: f.text})
				}
			}
		}
	}
}

// unitFind is a term found in the unit of that index.
type unitFind struct {
	found
	unit int
}

// runsPerCore is how many runs of units each core searches: the more,
// the fewer finds are noted at once, and the less a core that is also
// checking the book, as the pipeline's are meanwhile, holds up a batch.
const runsPerCore = 4

// unitRun is the units from start up to end.
type unitRun struct{ start, end int }

// unitRuns cuts units into at most n runs of about as much text.
func unitRuns(units []unit, n int) []unitRun {
	total := 0
	for _, u := range units {
		total += len(u.text)
	}
	var runs []unitRun
	start, size := 0, 0
	for i, u := range units {
		size += len(u.text)
		if size*n >= total*(len(runs)+1) || i == len(units)-1 {
			runs = append(runs, unitRun{start, i + 1})
			start = i + 1
		}
	}
	return runs
}

// builder makes the entries from the terms and marks.
type builder struct {
	units []unit
	// order is the place in reading order of each block an entry lists
	// (see textWalk.seq).
	order   map[ast.Block]int
	entries map[string]*ast.IndexEntry
	// placed indexes each entry's places by their blocks, and subs each
	// entry's sub-entries by their keys, so that a book of many marks
	// costs no more than its marks.
	placed map[*ast.IndexEntry]map[ast.Block]int
	subs   map[*ast.IndexEntry]map[string]*ast.IndexEntry
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
		b.order[unit.block] = unit.seq
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
	b.merge(b.entry(t.display), locators)
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
		if it.Sub != "" {
			e = b.sub(e, it.Sub)
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
			b.order[m.block] = m.seq
			b.merge(e, []ast.Locator{{Block: m.block, Anchor: m.anchor, Text: used}})
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
		b.merge(b.sub(b.entry(t.group), e.Term), e.Locators)
	}
}

// sub returns the sub-entry of e for display, made on first use.
func (b *builder) sub(e *ast.IndexEntry, display string) *ast.IndexEntry {
	subs := b.subs[e]
	if subs == nil {
		subs = map[string]*ast.IndexEntry{}
		b.subs[e] = subs
	}
	key := sortKey(display)
	if s := subs[key]; s != nil {
		return s
	}
	s := entryIn(subs, display)
	e.Sub = append(e.Sub, s)
	return s
}

// merge adds places to an entry's, one a block: a second place in a
// block marks the first as defining if it does.
func (b *builder) merge(e *ast.IndexEntry, more []ast.Locator) {
	placed := b.placed[e]
	if placed == nil {
		placed = map[ast.Block]int{}
		b.placed[e] = placed
	}
	for _, l := range more {
		if i, ok := placed[l.Block]; ok {
			e.Locators[i].Defines = e.Locators[i].Defines || l.Defines
			continue
		}
		placed[l.Block] = len(e.Locators)
		e.Locators = append(e.Locators, l)
	}
}

// sort puts entries in the order of their keys and their places in
// reading order, sub-entries too.
func (b *builder) sort(entries []*ast.IndexEntry) {
	sortEntries(entries)
	for _, e := range entries {
		slices.SortStableFunc(e.Locators, func(x, y ast.Locator) int { return cmp.Compare(b.order[x.Block], b.order[y.Block]) })
		b.sort(e.Sub)
	}
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
const maxSeeAlso = 3

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
