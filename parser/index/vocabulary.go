package index

import (
	"strings"
	"unicode"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/rules"
)

// maxTermWords is the longest term the vocabulary takes: a longer heading
// or label is a sentence, not a name a reader looks up.
const maxTermWords = 5

// term is a word or phrase of the book's vocabulary.
type term struct {
	display string
	key     string
	// words are the term's words' keys, and capitals which of them the
	// book writes with a capital, which a use must too.
	words    []string
	capitals []bool
	// group is the display of the entry the term is a sub-entry of, as
	// "Effects" is Bleeding's; "" for none.
	group string
	// see is the term a reader is sent to instead, for an abbreviation.
	see string
	// defined is the unit that defines the term when no heading or label
	// names it, as "Degree of Success (DoS)" does; -1 for none.
	defined int
	// explicit is set for a term an \index mark names, which is looked
	// for without regard to case, to warn of one the book never uses.
	explicit bool
	// inferred is set for a term of the vocabulary, which the index lists
	// on its own; an explicit term is listed by its marks.
	inferred bool
	// uses are the units the term stands in, in book order, and the text
	// it stands as in each.
	uses []use
}

type use struct {
	unit int
	text string
}

// vocabulary gathers the book's terms by key.
type vocabulary struct {
	byKey   map[string]*term
	order   []*term
	exclude map[string]bool
}

func newVocabulary(exclude []string) *vocabulary {
	v := &vocabulary{byKey: map[string]*term{}, exclude: map[string]bool{}}
	for _, e := range exclude {
		if ws := words(e); len(ws) > 0 {
			v.exclude[keyOf(ws)] = true
		}
	}
	return v
}

// add adds a term of the vocabulary, or returns the one of its key; nil
// for a phrase that names nothing a reader would look up.
func (v *vocabulary) add(display string) *term {
	display = withoutArticle(strings.Join(strings.Fields(display), " "))
	ws := words(display)
	if len(ws) == 0 || len(ws) > maxTermWords || !nameLike(display, ws) {
		return nil
	}
	key := keyOf(ws)
	if v.exclude[key] {
		return nil
	}
	if t := v.byKey[key]; t != nil {
		return t
	}
	t := &term{display: display, key: key, defined: -1}
	for _, w := range ws {
		t.words = append(t.words, w.key)
		t.capitals = append(t.capitals, w.capital)
	}
	v.byKey[key] = t
	v.order = append(v.order, t)
	return t
}

// withoutArticle returns a phrase without the article it starts with:
// an index lists "Setting", not "The Setting".
func withoutArticle(display string) string {
	for _, article := range []string{"The ", "A ", "An "} {
		// "The Rule of Two" is "Rule of Two"; "The role of the GQ",
		// whose words after the article are no name, stays whole.
		if rest, ok := strings.CutPrefix(display, article); ok && rest != "" && unicode.IsUpper([]rune(rest)[0]) {
			return rest
		}
	}
	return display
}

// nameLike reports whether a phrase reads as a name: it starts with a
// letter, has no sentence's punctuation, and is not one of the words every
// book uses.
func nameLike(display string, ws []word) bool {
	first := []rune(display)[0]
	if !unicode.IsLetter(first) || strings.ContainsAny(display, ".:;?!()[]\"") {
		return false
	}
	if len(ws) == 1 && (len(ws[0].key) < 3 || commonWords[ws[0].key]) {
		return false
	}
	return true
}

// commonWords are the headings and labels of any book that no reader looks
// up in an index.
var commonWords = map[string]bool{
	"description": true, "example": true, "examples": true, "note": true, "notes": true,
	"introduction": true, "overview": true, "summary": true, "contents": true, "none": true,
	"name": true, "table": true, "figure": true, "chapter": true, "section": true, "other": true,
	"the": true, "and": true, "appendix": true, "index": true, "credits": true, "preface": true,
	"terminology": true, "game": true, "system": true, "setting": true, "rules": true,
}

// infer adds the vocabulary the book names: its section headings (but
// those repeated, "Description" under every class), its run-in labels and
// definition terms, its box titles, its sheet's areas, boxes and fields,
// its classes and their attacks, and the names its system gives the
// outcomes of a roll (its degrees), each only where the book uses it.
func (v *vocabulary) infer(doc *ast.Document, units []unit, sheets *sheet.Book) {
	repeated := map[string]int{}
	for _, u := range units {
		if u.kind == unitHeading {
			repeated[strings.ToLower(u.text)]++
		}
	}
	for _, u := range units {
		switch u.kind {
		case unitHeading:
			if h := u.block.(*ast.Heading); h.Depth > 1 && repeated[strings.ToLower(u.text)] == 1 {
				v.markInferred(v.add(u.text))
			}
		case unitLabel, unitTitle:
			v.markInferred(v.add(u.text))
		}
	}
	v.sheet(sheets)
	v.classes(doc, sheets)
	group, outcomes := rules.OutcomeNames(doc.Config.System)
	for _, name := range outcomes {
		v.member(name, group)
	}
	v.abbreviations(units)
}

func (v *vocabulary) markInferred(t *term) {
	if t != nil {
		t.inferred = true
	}
}

// member adds a term as a sub-entry of group.
func (v *vocabulary) member(display, group string) {
	t := v.add(display)
	if t == nil {
		return
	}
	t.inferred = true
	if t.group == "" && !strings.EqualFold(t.display, group) {
		t.group = group
	}
	v.markInferred(v.add(group))
}

// sheet adds the character sheet's areas, and the fields of each box
// under its title (the area's, for an untitled box): the Attributes, the
// Effects, the Disposition track's options.
func (v *vocabulary) sheet(sheets *sheet.Book) {
	if sheets == nil || sheets.Blank == nil || sheets.Blank.Sheet == nil {
		return
	}
	for _, area := range sheets.Blank.Sheet.Areas {
		v.markInferred(v.add(area.Title))
		for _, box := range area.Boxes {
			v.sheetBox(box, area.Title)
		}
	}
}

func (v *vocabulary) sheetBox(box *sheet.Box, group string) {
	if box.Title != "" {
		group = box.Title
	}
	for _, f := range box.Fields {
		switch f.Kind {
		case sheet.FieldPercentile, sheet.FieldCount, sheet.FieldTrackOption:
			label, _, _ := strings.Cut(f.Label, "/")
			v.member(label, group)
		}
	}
	for _, sub := range box.Sub {
		v.sheetBox(sub, group)
	}
}

// classes adds the classes, and the attacks their data name.
func (v *vocabulary) classes(doc *ast.Document, sheets *sheet.Book) {
	if sheets != nil {
		for _, c := range sheets.Classes {
			v.member(c.Class, "Classes")
		}
	}
	for _, c := range doc.Classes() {
		for _, f := range c.Fields {
			if f.Section != "" && f.Name == "Name" {
				v.member(f.Value, "Attacks")
			}
		}
	}
}

// abbreviations finds the terms the book writes out before their
// abbreviation, "Degree of Success or Failure (DoS)": the phrase is a term
// defined there, and the abbreviation a "see" entry to it.
func (v *vocabulary) abbreviations(units []unit) {
	for i, u := range units {
		if u.kind != unitBody {
			continue
		}
		text := u.text
		for at := strings.IndexByte(text, '('); at >= 0; {
			end := strings.IndexByte(text[at:], ')')
			if end < 0 {
				break
			}
			abbr := text[at+1 : at+end]
			if phrase := spelledOut(text[:at], abbr); phrase != "" {
				if t := v.add(phrase); t != nil {
					t.inferred = true
					if t.defined < 0 {
						t.defined = i
					}
					if a := v.add(abbr); a != nil && a != t {
						a.inferred, a.see = true, t.display
					}
				}
			}
			next := strings.IndexByte(text[at+end:], '(')
			if next < 0 {
				break
			}
			at += end + next
		}
	}
}

// spelledOut returns the words before an abbreviation that it abbreviates,
// their capitals its own ("Degree of Success" for "DoS"), allowing for up
// to two words after them ("or Failure"); "" for none.
func spelledOut(before, abbr string) string {
	var initials []rune
	for _, r := range abbr {
		switch {
		case unicode.IsUpper(r):
			initials = append(initials, r)
		case !unicode.IsLower(r):
			return ""
		}
	}
	if len(initials) < 2 || len(abbr) > 6 || len(before) > 0 && before[len(before)-1] != ' ' {
		return ""
	}
	ws := words(before[max(0, len(before)-120):])
	prefix := len(before) - min(len(before), 120)
	for skip := 0; skip <= 2 && skip < len(ws); skip++ {
		end := len(ws) - skip
		if !ws[end-1].capital {
			continue
		}
		var got []rune
		for start := end - 1; start >= 0 && len(got) <= len(initials); start-- {
			w := ws[start]
			if w.capital {
				got = append([]rune{unicode.ToUpper([]rune(w.key)[0])}, got...)
			}
			if w.capital && string(got) == string(initials) {
				return before[prefix+w.start : prefix+ws[end-1].end]
			}
		}
	}
	return ""
}
