package rules

import (
	"slices"
	"strconv"
	"strings"
)

// Condition is what an fd100 character's sheet adds to every action she
// takes: her Disposition in Combat, her Wounds, and the Poisoned and Starving
// Effects. Its zero value is not a neutral condition, Retreating being the
// first Disposition: start from Holding, as NeutralCondition does.
type Condition struct {
	Disposition Disposition
	Wounds      int
	// Swarming is the character's Swarming rating; a high one
	// (HighSwarming or more) ignores Wound penalties.
	Swarming int
	// Poisoned is the Poisoned Effect's rating, 0 when it does not apply.
	Poisoned int
	// Starving marks the Starving Effect, ticked when Hunger reaches 100%.
	Starving bool
}

// NeutralCondition is a character with nothing on her sheet to change an
// action: Holding, unwounded, neither Poisoned nor Starving.
var NeutralCondition = Condition{Disposition: Holding}

// HighSwarming is the Swarming rating from which a character is a swarm that
// ignores Wound penalties.
//
// Reading: seed 000 says a character with "high" Swarming ignores all Wound
// penalties and one with "low" Swarming does not, without a number. Its
// swarms that "don't suffer wound penalties" are rated 80% and 90%, the
// Ants 80%; the creatures it says do not swarm are rated 45% and below, the
// Wasp's low Swarming 10%. Half, 50%, divides them.
const HighSwarming = 50

// WoundShift returns the shift Wounds give every Combat action: one down per
// Wound, none for a swarm (Swarming of HighSwarming or more), which loses an
// individual instead.
func WoundShift(wounds, swarming int) int {
	if swarming >= HighSwarming {
		return 0
	}
	return -wounds
}

// StarvingShift is the shift the Starving Effect gives every minigame
// action.
//
// Reading: seed 000 says a Starving character "takes a penalty in the DoS of
// all minigame Actions" without saying how large; a penalty to a Degree of
// Success is a shift down, and one penalty is one shift.
const StarvingShift = -1

// Apply returns q as an action by a character in condition c: the
// Disposition's static modifier (Recoiling −30, Advancing +30) and the
// Poisoned Effect (a negative modifier equal to its rating) added to q's
// static modifiers, and the shifts of Charging, Wounds and Starving to its
// Shift.
//
// Reading: Poisoned is a static modifier, compared with the qualification
// roll, as the seed's modifiers of routine complications are; a dramatic one
// would roll a d100 of its own and count against the Rule of Two on every
// action.
func (c Condition) Apply(q Qualification) Qualification {
	q.Static = append(slices.Clone(q.Static), c.Disposition.Modifiers()...)
	if c.Poisoned > 0 {
		q.Static = append(q.Static, Modifier{Rating: c.Poisoned})
	}
	q.Shift += c.Disposition.Shift() + WoundShift(c.Wounds, c.Swarming)
	if c.Starving {
		q.Shift += StarvingShift
	}
	return q
}

// conditionWords are the words of a named fd100 roll that describe the
// acting character's condition.
var conditionWords = []string{"disposition", "wounds", "swarming", "poisoned", "starving"}

// parseCondition reads the condition words of a named fd100 roll:
// "disposition=Advancing wounds=2 swarming=80 poisoned=30 starving".
func parseCondition(args *namedArgs) (Condition, error) {
	c := NeutralCondition
	if w, err := args.lookup("disposition"); err != nil {
		return c, err
	} else if w != nil {
		i := slices.IndexFunc(dispositionNames, func(name string) bool { return strings.EqualFold(name, w.value) })
		if i < 0 {
			return c, &SyntaxError{Col: w.valueCol, Msg: "disposition must be one of " + strings.Join(dispositionNames, ", ") + ", not " + strconv.Quote(w.value)}
		}
		c.Disposition = Disposition(i)
	}
	var err error
	if c.Wounds, _, err = args.integer("wounds", 0, 0, MaxNamedDice); err != nil {
		return c, err
	}
	if c.Swarming, _, err = args.integer("swarming", 0, 0, 100); err != nil {
		return c, err
	}
	if c.Poisoned, _, err = args.integer("poisoned", 0, 0, 100); err != nil {
		return c, err
	}
	c.Starving = args.flag("starving")
	return c, nil
}
