package rules

// fd100's Features and the tables of seed 000 that name them, as data the
// book checker compares the book's tables with.

// FeatureCategory is the part of the character sheet a Feature belongs to.
type FeatureCategory int

// The character sheet's categories of Features, in sheet order, and the
// Disposition Track, whose names tables use like Features.
const (
	Attribute FeatureCategory = iota
	CombatCondition
	DispositionTrack
	SurvivalFeature
	SpecificAbility
	CommonAbility
	Effect
)

var featureCategoryNames = [...]string{"Attribute", "Combat Condition", "Disposition", "Survival Feature", "Specific Ability", "Common Ability", "Effect"}

// String names the category as the character sheet does.
func (c FeatureCategory) String() string { return featureCategoryNames[c] }

// Feature is one entry of the fd100 Feature catalogue.
type Feature struct {
	Name     string
	Category FeatureCategory
	// Count marks a Feature rated as a plain count (Wounds) rather than a
	// percentile; counts are never Effort or Resistance.
	Count bool
}

// Features is every Feature name on the Nests & Insects character sheet,
// with the Disposition names, in sheet order.
var Features = featureList(
	Attribute, "Speed", "Skill", "Strength", "Stamina", "Smarts", "Charms", "Ken", "Passions",
	CombatCondition, "Initiative", "Threat Rate", "Survival Rate", "Wounds",
	DispositionTrack, "Retreating", "Recoiling", "Holding", "Advancing", "Charging",
	SurvivalFeature, "Hunger", "Luck",
	SpecificAbility, "Carapace", "Flying", "Swarming", "Venomous", "Web Weaving",
	CommonAbility, "Construction", "Eusociology", "Exploration", "Foraging", "Healing",
	"Hunting", "Leadership", "Perception", "Signalling", "Sneaking",
	Effect, "Agony", "Bleeding", "Blind", "Charmed", "Confused", "Immobilised",
	"Infected", "Paralysed", "Poisoned", "Stunned",
)

// featureList builds the catalogue from categories each followed by their
// names, which keeps the list as readable as the sheet.
func featureList(entries ...any) []Feature {
	var list []Feature
	var category FeatureCategory
	for _, e := range entries {
		switch e := e.(type) {
		case FeatureCategory:
			category = e
		case string:
			list = append(list, Feature{Name: e, Category: category, Count: e == "Wounds"})
		}
	}
	return list
}

// LookupFeature returns the Feature spelt exactly name, so that a table
// naming a Feature that does not exist (the seed's "Charm" for "Charms") is
// caught.
func LookupFeature(name string) (Feature, bool) {
	for _, f := range Features {
		if f.Name == name {
			return f, true
		}
	}
	return Feature{}, false
}

// ResistEntry is one row of seed 000's Resisting Effects table: the Feature
// a combatant resists an Effect with, or none.
type ResistEntry struct {
	Effect  string
	Feature string // "" when the Effect cannot be resisted
	Note    string // why not, when Feature is ""
}

// Cell words the "Resist with" cell as the seed prints it: the Feature, or
// "None (cannot resist!)".
func (r ResistEntry) Cell() string {
	if r.Feature == "" {
		return "None (" + r.Note + ")"
	}
	return r.Feature
}

// ResistWith is seed 000's Effect-specific Effort table for Resistance
// actions.
var ResistWith = []ResistEntry{
	{Effect: "Agony", Feature: "Passions"},
	{Effect: "Bleeding", Feature: "Stamina"},
	{Effect: "Blind", Feature: "Smarts"},
	{Effect: "Charmed", Feature: "Passions"},
	{Effect: "Confused", Feature: "Smarts"},
	{Effect: "Immobilised", Feature: "Strength"},
	{Effect: "Infected", Feature: "Stamina"},
	{Effect: "Paralysed", Note: "cannot take Actions!"},
	{Effect: "Poisoned", Feature: "Stamina"},
	{Effect: "Stunned", Note: "cannot resist!"},
}

// LookupResistWith returns the Resist with entry for effect.
func LookupResistWith(effect string) (ResistEntry, bool) {
	for _, r := range ResistWith {
		if r.Effect == effect {
			return r, true
		}
	}
	return ResistEntry{}, false
}

// ActionFormula is a Combat minigame formula: the Features an action uses as
// Effort, Resistance and static modifiers.
type ActionFormula struct {
	Action          string
	Kind            string // "Attack", "Suppress" or "Support"
	Effort          string
	Resistance      string
	StaticModifiers []string
}

// ActionFormulas are the Combat minigame's formulaic actions in seed 000.
//
// Reading: the seed's Suppress table gives Charm's Effort as "Charm", which
// is not a Feature; its prose says "roll Charms vs. Passions", so the engine
// has Charms and the checker reports the table's cell.
var ActionFormulas = []ActionFormula{
	{Action: "Attack", Kind: "Attack", Effort: "Threat Rate", Resistance: "Survival Rate", StaticModifiers: []string{"Carapace", "Flying"}},
	{Action: "Charm", Kind: "Suppress", Effort: "Charms", Resistance: "Passions", StaticModifiers: []string{"Smarts", "Confused"}},
	{Action: "Confuse", Kind: "Suppress", Effort: "Smarts", Resistance: "Ken", StaticModifiers: []string{"Leadership", "Passions"}},
	{Action: "Intimidate", Kind: "Suppress", Effort: "Signalling", Resistance: "Passions", StaticModifiers: []string{"Leadership", "Swarming"}},
	{Action: "Encourage", Kind: "Support", Effort: "Leadership", Resistance: "Passions", StaticModifiers: []string{"Smarts"}},
	{Action: "Focus", Kind: "Support", Effort: "Smarts", Resistance: "Confused", StaticModifiers: []string{"Charms"}},
	{Action: "Rally", Kind: "Support", Effort: "Leadership", Resistance: "Passions", StaticModifiers: []string{"Threat Rate"}},
	{Action: "Shake", Kind: "Support", Effort: "Charms", Resistance: "Charmed", StaticModifiers: []string{"Passions"}},
}

// LookupActionFormula returns the formula of the named action.
func LookupActionFormula(action string) (ActionFormula, bool) {
	for _, f := range ActionFormulas {
		if f.Action == action {
			return f, true
		}
	}
	return ActionFormula{}, false
}
