package outline

import (
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// The numbers of an outline's headings are the author's own, and the
// outline's structure: a heading's parent is the nearest heading before it
// of a lower level, and its number must begin as its parent's does and
// follow its elder siblings'. Where it does not, the outline warns, but as
// a proofreader would: a run of sections numbered under the wrong parent,
// or out of sequence, is one warning naming the run, and two runs whose
// parents' numbers were swapped are one warning naming both.

// placed is a heading as the numbering check places it.
type placed struct {
	*heading
	parent *heading
	// problem says what is wrong with the number: nothing, the wrong
	// parent, or out of sequence among its siblings.
	problem numberProblem
	// claimed is the parent the number names, by its first parts.
	claimed []int
	// earlier is the heading that had the number before, if any.
	earlier *heading
}

type numberProblem uint8

const (
	numberFine numberProblem = iota
	numberWrongParent
	numberOutOfSequence
)

// checkNumbering warns of headings without a title and of numbers out of
// place, after the whole file is read.
func (r *reader) checkNumbering() {
	var open []*heading // the headings a later one may sit under, by level
	children := map[*heading]int{}
	// largest is, for each parent and level, the largest last part of its
	// children's numbers so far (the parent nil for chapters).
	type siblings struct {
		parent *heading
		level  int
	}
	largest := map[siblings]int{}
	seen := map[string]*heading{}
	all := make([]*placed, 0, len(r.headings))
	for _, h := range r.headings {
		if h.node.Title == h.number.text {
			r.p.Diags.Warnf(h.numberPos, "heading/untitled", "heading "+h.number.text+" has no title")
		}
		for len(open) > 0 && open[len(open)-1].number.level >= h.number.level {
			open = open[:len(open)-1]
		}
		p := &placed{heading: h, earlier: seen[ast.SectionNumberKey(h.number.text)]}
		if len(open) > 0 {
			p.parent = open[len(open)-1]
			children[p.parent]++
		}
		level := h.number.level
		p.claimed = h.number.prefix(level - 1)
		key := siblings{p.parent, level}
		switch {
		case p.parent != nil && !slices.Equal(p.claimed, p.parent.number.prefix(level-1)):
			p.problem = numberWrongParent
		case h.number.parts[level-1] != largest[key]+1 || p.earlier != nil:
			p.problem = numberOutOfSequence
		}
		if p.problem != numberWrongParent {
			largest[key] = max(largest[key], h.number.parts[level-1])
		}
		if p.earlier == nil {
			seen[ast.SectionNumberKey(h.number.text)] = h
		}
		open = append(open, h)
		all = append(all, p)
	}
	r.warnWrongParents(all)
	r.warnOutOfSequence(all, children)
}

// run is a run of headings with one problem: consecutive among the
// headings of their level, under one parent.
type run []*placed

// runs gathers the headings with problem into runs: those under one
// parent, at one level, with no heading of their level or above between
// them, and, for numbers under the wrong parent, naming the same one.
func runs(all []*placed, problem numberProblem) []run {
	var out []run
	var cur run
	for _, p := range all {
		if len(cur) > 0 {
			last := cur[len(cur)-1]
			deeper := p.number.level > last.number.level
			same := p.problem == problem && p.parent == last.parent && p.number.level == last.number.level &&
				(problem != numberWrongParent || slices.Equal(p.claimed, last.claimed))
			switch {
			case same:
				cur = append(cur, p)
				continue
			case deeper:
				continue
			}
			out = append(out, cur)
			cur = nil
		}
		if p.problem == problem {
			cur = run{p}
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// warnWrongParents warns once of each run of headings numbered under
// another parent than the one they sit under, and once of two runs that
// swapped their parents' numbers.
func (r *reader) warnWrongParents(all []*placed) {
	wrong := runs(all, numberWrongParent)
	// claiming finds the runs that claim a parent, by its number's key.
	claiming := map[string][]int{}
	for i, a := range wrong {
		key := partsKey(a[0].claimed)
		claiming[key] = append(claiming[key], i)
	}
	headings := headingsByNumber(all)
	swapped := map[int]bool{}
	for i, a := range wrong {
		if swapped[i] {
			continue
		}
		first := a[0]
		partner := -1
		for _, j := range claiming[partsKey(first.parent.number.prefix(len(first.claimed)))] {
			b := wrong[j][0]
			if j > i && !swapped[j] && len(b.claimed) == len(first.claimed) && slices.Equal(first.claimed, b.parent.number.prefix(len(first.claimed))) {
				partner = j
				break
			}
		}
		if partner >= 0 {
			swapped[partner] = true
			b := wrong[partner]
			r.p.Diags.Warnf(first.numberPos, "heading/parent", "the sections of "+name(first.parent)+" and of "+name(b[0].parent)+
				" are numbered for each other: "+a.numbers()+" sit under "+first.parent.number.text+", and "+b.numbers()+
				" under "+b[0].parent.number.text)
			continue
		}
		claimed := partsKey(first.claimed)
		if h := headings[claimed]; h != nil {
			claimed = name(h)
		}
		r.p.Diags.Warnf(first.numberPos, "heading/parent", a.numbers()+" "+a.count()+" numbered as sections of "+claimed+", but sit under "+name(first.parent))
	}
	// Within a run, the numbers still follow one another.
	for _, a := range wrong {
		next := a[0].number.parts[a[0].number.level-1]
		for _, p := range a {
			part := p.number.parts[p.number.level-1]
			if part != next {
				msg := p.number.text + " " + p.node.BareTitle() + " follows " + partsKey(p.claimed) + "." + strconv.Itoa(next-1) +
					" in this run; expected " + numberWith(p, next)
				if p.earlier != nil {
					msg += " (" + p.number.text + " is also line " + strconv.Itoa(p.earlier.numberPos.Line) + ")"
				}
				r.p.Diags.Warnf(p.numberPos, "heading/number", msg)
			}
			next = max(next, part) + 1
		}
	}
}

// headingsByNumber returns the first heading of each number, by the key of
// its parts up to its level: "2.6.4" for 2.6.4.0.
func headingsByNumber(all []*placed) map[string]*heading {
	byNumber := make(map[string]*heading, len(all))
	for _, p := range all {
		key := partsKey(p.number.prefix(p.number.level))
		if byNumber[key] == nil {
			byNumber[key] = p.heading
		}
	}
	return byNumber
}

// warnOutOfSequence warns once of each run of headings whose numbers do
// not follow their elder siblings': a gap, a number going back, one
// repeated. children counts each heading's children.
func (r *reader) warnOutOfSequence(all []*placed, children map[*heading]int) {
	index := make(map[*heading]int, len(all))
	for i, p := range all {
		index[p.heading] = i
	}
	for _, a := range runs(all, numberOutOfSequence) {
		first := a[0]
		level := first.number.level
		// The elder sibling the run follows, and the number it leaves
		// off at.
		var before *placed
		for i := index[first.heading] - 1; i >= 0; i-- {
			if all[i].number.level < level {
				break
			}
			if all[i].number.level == level && all[i].parent == first.parent && all[i].problem == numberFine {
				before = all[i]
				break
			}
		}
		var msg strings.Builder
		msg.WriteString(a.titledList())
		if len(a) == 1 {
			msg.WriteString(" is out of sequence")
		} else {
			msg.WriteString(" are out of sequence")
		}
		next := 1
		if before != nil {
			msg.WriteString(" after " + name(before.heading))
			next = before.number.parts[level-1] + 1
		}
		restarts := first.number.parts[level-1] == 1 && before != nil && children[before.heading] == 0
		if restarts {
			msg.WriteString(": were they meant as sections of " + before.number.text + "?")
		} else {
			expected := make([]string, len(a))
			for i, p := range a {
				expected[i] = numberWith(p, next+i)
			}
			msg.WriteString("; expected " + joinAnd(expected))
		}
		var repeats []string
		told := map[*heading]bool{}
		for _, p := range a {
			if p.earlier != nil && !told[p.earlier] {
				told[p.earlier] = true
				repeats = append(repeats, p.number.text+" is also line "+strconv.Itoa(p.earlier.numberPos.Line))
			}
		}
		if len(repeats) > 0 {
			msg.WriteString(" (" + strings.Join(repeats, "; ") + ")")
		}
		r.p.Diags.Warnf(first.numberPos, "heading/number", msg.String())
	}
}

// name names a heading in a message: its number and title.
func name(h *heading) string { return h.node.Title }

// numbers names the run's numbers: "2.6.4.1–2.6.4.10".
func (a run) numbers() string {
	if len(a) == 1 {
		return a[0].number.text
	}
	return a[0].number.text + "–" + a[len(a)-1].number.text
}

// count says how many sections the run has and where: "(10 sections,
// lines 350–368) are", or "(line 434) is".
func (a run) count() string {
	first, last := a[0].numberPos.Line, a[len(a)-1].numberPos.Line
	if len(a) == 1 {
		return "(line " + strconv.Itoa(first) + ") is"
	}
	return "(" + strconv.Itoa(len(a)) + " sections, lines " + strconv.Itoa(first) + "–" + strconv.Itoa(last) + ") are"
}

// titledList names each heading of the run: "3.1.0.0 Foraging Plants,
// 3.2.0.0 Hunting Bugs and 3.2.0.0 Collecting Building Resources".
func (a run) titledList() string {
	names := make([]string, len(a))
	for i, p := range a {
		names[i] = name(p.heading)
	}
	return joinAnd(names)
}

// numberWith returns p's number with its last part, at its level, part.
func numberWith(p *placed, part int) string {
	parts := slices.Clone(p.number.parts)
	parts[p.number.level-1] = part
	return partsKey(parts)
}

// partsKey joins a number's parts as a number is written: "2.6.4".
func partsKey(parts []int) string {
	text := make([]string, len(parts))
	for i, p := range parts {
		text[i] = strconv.Itoa(p)
	}
	return strings.Join(text, ".")
}

// joinAnd joins "a", "b" and "c" as "a, b and c".
func joinAnd(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
