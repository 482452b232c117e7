package check

import (
	"strings"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/rules"
)

// vocabulary is what a book may name: its Features and its stat blocks'
// field labels. Both come from the book's character-sheet template when it
// has one, so a designer who adds a Feature to the sheet may use it at once;
// otherwise from the system's catalogue.
type vocabulary struct {
	features     []string
	attackLabels []string
}

// defaultAttackLabels are the attack-box labels of the Nests & Insects sheet.
var defaultAttackLabels = []string{
	"Name", "Keywords", "Damage", "Max. Range", "Hit", "Hit (Alt)", "Hit (Add)", "Hit (Crit)", "Miss", "Miss (Alt)",
}

func newVocabulary(doc *parser.Document) *vocabulary {
	v := &vocabulary{attackLabels: defaultAttackLabels}
	for _, f := range rules.Features {
		v.features = append(v.features, f.Name)
	}
	if template := sheetTemplate(doc); template != nil {
		var labels []string
		for _, box := range readStatBoxes(template.Lines, attackBoxTitles) {
			for _, r := range box.rows {
				if !contains(labels, r.label) {
					labels = append(labels, r.label)
				}
			}
		}
		if len(labels) > 0 {
			v.attackLabels = labels
		}
	}
	return v
}

// isFeature reports whether name is a Feature of the book.
func (v *vocabulary) isFeature(name string) bool { return contains(v.features, name) }

// suggestFeature names the Feature closest to name, or "".
func (v *vocabulary) suggestFeature(name string) string { return parser.Closest(name, v.features) }

// sheetTemplate returns the book's character-sheet template: the first
// verbatim block whose first line is a sheet header, ►Character Sheet◄.
func sheetTemplate(doc *parser.Document) *parser.Verbatim {
	for _, b := range doc.Blocks {
		if v, ok := b.(*parser.Verbatim); ok && v.Name == "nolayout" && len(v.Lines) > 0 &&
			strings.Contains(v.Lines[0], "►Character Sheet◄") {
			return v
		}
	}
	return nil
}
