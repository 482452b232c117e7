package rules

import (
	"errors"
	"slices"
	"sort"
	"strings"
)

// fd100's Combat minigame (seed 000): Disposition, Initiative, Wounds and
// the Attack action.

// Disposition is a combatant's place on the Disposition Track, worst first.
type Disposition int

// The five Dispositions, from Retreating to Charging.
const (
	Retreating Disposition = iota
	Recoiling
	Holding
	Advancing
	Charging
)

var dispositionNames = []string{"Retreating", "Recoiling", "Holding", "Advancing", "Charging"}

// String spells the Disposition as the Disposition Track does.
func (d Disposition) String() string { return scaleName(dispositionNames, int(d)) }

// ParseDisposition returns the Disposition spelt exactly name.
func ParseDisposition(name string) (Disposition, error) {
	i, err := parseScaleName(dispositionNames, name, "Disposition")
	return Disposition(i), err
}

// StartingDisposition returns the Disposition a combatant starts Combat in
// after its Initiative Boolean roll: Holding on a success, Recoiling on a
// failure.
func StartingDisposition(initiativeSucceeded bool) Disposition {
	if initiativeSucceeded {
		return Holding
	}
	return Recoiling
}

// Advance moves the Disposition steps towards Charging (towards Retreating
// when steps is negative), stopping at either end of the track.
func (d Disposition) Advance(steps int) Disposition {
	return Disposition(min(max(int(d)+steps, int(Retreating)), int(Charging)))
}

// CanAttack reports whether a combatant in this Disposition may attack: a
// Retreating one cannot.
func (d Disposition) CanAttack() bool { return d != Retreating }

// DispositionModifierRating is the rating of the Recoiling (−30%) and
// Advancing (+30%) modifiers.
const DispositionModifierRating = 30

// Modifiers returns the static modifiers the Disposition gives every Combat
// action.
//
// Reading: the track's "−30%" and "+30%" are static modifiers rated 30 (the
// seed says reduced Disposition "imposes negative modifiers"), not changes
// to Effort.
func (d Disposition) Modifiers() []Modifier {
	switch d {
	case Recoiling:
		return []Modifier{{Rating: DispositionModifierRating}}
	case Advancing:
		return []Modifier{{Rating: DispositionModifierRating, Positive: true}}
	}
	return nil
}

// Shift returns the shift the Disposition gives every Combat action without
// a roll: one up while Charging.
func (d Disposition) Shift() int {
	if d == Charging {
		return 1
	}
	return 0
}

// Combatant is what Initiative Order needs to know of a combatant.
type Combatant struct {
	Name        string
	Initiative  int
	Disposition Disposition
}

// InitiativeOrder returns the combatants in the order they take their Turns:
// highest Initiative first, ties to the more advanced Disposition, and
// combatants still tied in a random order drawn with r. (The seed's tie die,
// a coin for two, d6÷2 for three, d4 for four and so on, is a uniform draw
// among the tied; a shuffle is the same draw repeated.)
func InitiativeOrder(combatants []Combatant, r *Roller) []Combatant {
	order := slices.Clone(combatants)
	tied := func(a, b Combatant) bool { return a.Initiative == b.Initiative && a.Disposition == b.Disposition }
	sort.SliceStable(order, func(i, j int) bool {
		if order[i].Initiative != order[j].Initiative {
			return order[i].Initiative > order[j].Initiative
		}
		return order[i].Disposition > order[j].Disposition
	})
	for start := 0; start < len(order); {
		end := start + 1
		for end < len(order) && tied(order[start], order[end]) {
			end++
		}
		group := order[start:end]
		for i := len(group) - 1; i > 0; i-- {
			j := r.index(i + 1)
			group[i], group[j] = group[j], group[i]
		}
		start = end
	}
	return order
}

// CarapaceKeywords are the attack keywords against which a target's
// Carapace counts.
var CarapaceKeywords = []string{"Crushing", "Piercing", "Shredding"}

// Attacker is what an Attack action needs to know of the attacker.
type Attacker struct {
	ThreatRate int
	Keywords   []string // the attack's keywords
	// Close marks an attack whose Max. Range is Close.
	Close bool
	// Flies marks an attacker with Flying above 0%.
	Flies bool
	Condition
}

// AttackTarget is what an Attack action needs to know of the target.
type AttackTarget struct {
	SurvivalRate int
	Flying       int
	Carapace     int
}

// AttackRoll returns the qualification roll of an Attack: the attacker's
// Threat Rate against the target's Survival Rate, the target's Flying (when
// above 0%) and Carapace (when above 0% and the attack is Crushing, Piercing
// or Shredding) as negative static modifiers, in the attacker's condition.
// A Retreating attacker cannot attack, nor can a Close attack reach a flying
// target unless the attacker flies too.
//
// Reading: seed 000's overview makes flying characters "harder to hit in
// Combat by terrestrial attackers", its Attack Action makes the target's
// Flying a negative static modifier to every Attack Roll. The engine
// follows the Attack Action, the rule of the roll itself: the target's
// Flying counts against an attacker that flies too (the checker warns of
// the two statements, prose/rule-condition).
func AttackRoll(attacker Attacker, target AttackTarget) (Qualification, error) {
	switch {
	case !attacker.Disposition.CanAttack():
		return Qualification{}, errors.New("a Retreating combatant cannot attack")
	case attacker.Close && target.Flying > 0 && !attacker.Flies:
		return Qualification{}, errors.New("a Close attack cannot reach a flying target unless the attacker flies too")
	}
	q := Qualification{Effort: attacker.ThreatRate, Resistance: target.SurvivalRate}
	if target.Flying > 0 {
		q.Static = append(q.Static, Modifier{Rating: target.Flying})
	}
	if target.Carapace > 0 && slices.ContainsFunc(attacker.Keywords, isCarapaceKeyword) {
		q.Static = append(q.Static, Modifier{Rating: target.Carapace})
	}
	return attacker.Apply(q), nil
}

// isCarapaceKeyword reports whether an attack keyword is one Carapace
// counts against, spelt in any case.
func isCarapaceKeyword(keyword string) bool {
	return slices.ContainsFunc(CarapaceKeywords, func(k string) bool { return strings.EqualFold(k, keyword) })
}

// AttackOutcome is what an Attack's degree means: which of the attacker's
// Base and Special Attacks it concerns, and whether they hit.
type AttackOutcome struct {
	Base, Special bool
	Hit           bool
}

// AttackOutcomeOf returns the outcome of an Attack of degree d: Critical
// Success both attacks hit, Complete Success the Special Attack hits, Partial
// Success the Base Attack hits, Partial Failure the Base Attack misses,
// Complete Failure the Special Attack misses, Critical Failure both miss.
func AttackOutcomeOf(d Degree) AttackOutcome {
	switch d {
	case CriticalSuccess:
		return AttackOutcome{Base: true, Special: true, Hit: true}
	case CompleteSuccess:
		return AttackOutcome{Special: true, Hit: true}
	case PartialSuccess:
		return AttackOutcome{Base: true, Hit: true}
	case PartialFailure:
		return AttackOutcome{Base: true}
	case CompleteFailure:
		return AttackOutcome{Special: true}
	}
	return AttackOutcome{Base: true, Special: true}
}

// String words the outcome as the Combat chapter's Attack table does ("Base
// and Special Attacks Hit").
func (a AttackOutcome) String() string { return a.Phrasings()[0] }

// Phrasings returns every way seed 000 words the outcome: the Combat
// chapter's first, then the overview's "Both Attacks Hit" where it differs.
func (a AttackOutcome) Phrasings() []string {
	verb := map[bool][2]string{true: {"Hits", "Hit"}, false: {"Misses", "Miss"}}[a.Hit]
	switch {
	case a.Base && a.Special:
		return []string{"Base and Special Attacks " + verb[1], "Both Attacks " + verb[1]}
	case a.Special:
		return []string{"Special Attack " + verb[0]}
	}
	return []string{"Base Attack " + verb[0]}
}
