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

// defaultAttackLabels are the attack-box labels of the Nests & Insects sheet,
// for a book without a template.
var defaultAttackLabels = []string{
	"Name", "Keywords", "Damage", "Max. Range", "Hit", "Hit (Alt)", "Hit (Add)", "Hit (Crit)", "Miss", "Miss (Alt)",
}

func newVocabulary(sheet *parser.Sheet) *vocabulary {
	v := &vocabulary{attackLabels: defaultAttackLabels}
	if sheet == nil {
		for _, f := range rules.Features {
			v.features = append(v.features, f.Name)
		}
		return v
	}
	for _, name := range sheet.FeatureNames() {
		v.features = append(v.features, name)
		// A count over its maximum, "Wounds/Max", is the Feature "Wounds".
		if count, _, ok := strings.Cut(name, "/"); ok {
			v.features = append(v.features, count)
		}
	}
	if labels := sheet.AttackLabels(); len(labels) > 0 {
		v.attackLabels = labels
	}
	return v
}

// isFeature reports whether name is a Feature of the book.
func (v *vocabulary) isFeature(name string) bool { return contains(v.features, name) }

// suggestFeature names the Feature closest to name, or "".
func (v *vocabulary) suggestFeature(name string) string { return parser.Closest(name, v.features) }
