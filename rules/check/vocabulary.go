package check

import (
	"cmp"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	sheetmodel "github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/rules"
)

// vocabulary is what a book may name: its Features and its stat blocks'
// field labels. Both come from the book's character-sheet template when it
// has one, so a designer who adds a Feature to the sheet may use it at once;
// otherwise from the system's catalogue.
type vocabulary struct {
	features []string
	// groups holds the Features by the part of the sheet they are in,
	// named in the singular as a table's column is ("effect", "common
	// ability"): the box's title, or the area's for a box without one.
	groups map[string][]string
	// attackLabels holds each attack box's labels by the box's title: the
	// two boxes differ ("Hit (Add)" is the Base Attack's, "Hit (Crit)" the
	// Special Attack's), so each is checked against its own.
	attackLabels map[string][]string
}

// defaultAttackLabels are the attack-box labels of the Nests & Insects sheet,
// for a book without a template.
var defaultAttackLabels = map[string][]string{
	"Base Attack":    {"Name", "Keywords", "Damage", "Max. Range", "Hit", "Hit (Alt)", "Hit (Add)", "Miss", "Miss (Alt)"},
	"Special Attack": {"Name", "Keywords", "Damage", "Max. Range", "Hit", "Hit (Alt)", "Hit (Crit)", "Miss", "Miss (Alt)"},
}

func newVocabulary(sheet *sheetmodel.Sheet) *vocabulary {
	v := &vocabulary{attackLabels: defaultAttackLabels, groups: map[string][]string{}}
	if sheet == nil {
		for _, f := range rules.Features {
			v.features = append(v.features, f.Name)
			group := strings.ToLower(f.Category.String())
			v.groups[group] = append(v.groups[group], f.Name)
		}
		return v
	}
	for _, area := range sheet.Areas {
		for _, box := range area.Boxes {
			group := singularTitle(strings.ToLower(cmp.Or(box.Title, area.Title)))
			for _, f := range box.Fields {
				if f.IsRated() {
					v.groups[group] = append(v.groups[group], f.Label)
				}
			}
		}
	}
	for _, name := range sheet.FeatureNames() {
		v.features = append(v.features, name)
		// A count over its maximum, "Wounds/Max", is the Feature "Wounds".
		if count, _, ok := strings.Cut(name, "/"); ok {
			v.features = append(v.features, count)
		}
	}
	if labels := attackBoxLabels(sheet); len(labels) > 0 {
		v.attackLabels = labels
	}
	return v
}

// attackBoxLabels returns the text-field labels of the template's attack
// boxes, by box title.
func attackBoxLabels(sheet *sheetmodel.Sheet) map[string][]string {
	labels := map[string][]string{}
	for _, box := range sheet.Boxes() {
		if !attackBoxTitles[box.Title] {
			continue
		}
		for _, f := range box.Fields {
			if f.Kind == sheetmodel.FieldText && !contains(labels[box.Title], f.Label) {
				labels[box.Title] = append(labels[box.Title], f.Label)
			}
		}
	}
	return labels
}

// attackBoxOf names the attack box that has a label, "" for none.
func (v *vocabulary) attackBoxOf(label string) string {
	for title := range attackBoxTitles {
		if contains(v.attackLabels[title], label) {
			return title
		}
	}
	return ""
}

// isFeature reports whether name is a Feature of the book.
func (v *vocabulary) isFeature(name string) bool { return contains(v.features, name) }

// groupOf names the group a Feature is in, "" for none.
func (v *vocabulary) groupOf(name string) string {
	for group, names := range v.groups {
		if contains(names, name) {
			return group
		}
	}
	return ""
}

// singularTitle turns a box's plural title into a column's name: "Common
// Abilities" is "Common Ability", "Effects" "Effect".
func singularTitle(title string) string {
	if stem, ok := strings.CutSuffix(title, "ies"); ok {
		return stem + "y"
	}
	if !strings.HasSuffix(title, "ss") {
		return strings.TrimSuffix(title, "s")
	}
	return title
}

// suggestFeature names the Feature closest to name, or "".
func (v *vocabulary) suggestFeature(name string) string { return ast.Closest(name, v.features) }
