package rules

import (
	"errors"
	"strconv"
	"strings"
)

// The d6 success pool with triggers of seed 004: roll the Action Number in
// d6, count the Successes against a Difficulty; sixes are also Triggers,
// which grade a success and break ties.

// MaxActionDice is the most dice an action roll throws; each point of the
// Action Number beyond it is an automatic Success (which is not a Trigger).
const MaxActionDice = 12

// DefaultTriggerSuccessFace is the lowest face that is a Success.
//
// Reading: seed 004 says a die is a Success "if it is greater than 4", so 5
// and 6; published versions of the game count 4 and up. The success face is
// a parameter (ActionRoll.SuccessFace, success= in a named roll) defaulting
// to the seed's words.
const DefaultTriggerSuccessFace = 5

// TriggerFace is the face that is a Trigger as well as a Success.
const TriggerFace = 6

// Difficulty is a named Difficulty rating of seed 004.
type Difficulty struct {
	Name  string
	Value int
}

// Difficulties lists the seed's Difficulty ratings, easiest first.
var Difficulties = []Difficulty{{"Easy", 1}, {"Average", 2}, {"Hard", 4}, {"Very Hard", 6}}

// TriggerQuality names the quality a number of Triggers gives a success:
// Solid, Remarkable, Excellent, Brilliant (4 or more); "" for none.
func TriggerQuality(triggers int) string {
	qualities := []string{"", "Solid", "Remarkable", "Excellent", "Brilliant"}
	return qualities[min(max(triggers, 0), len(qualities)-1)]
}

// TriggerModifier is a modifier of seed 004: it changes the dice ("+3D"),
// the Successes ("-2S") or the Triggers ("+1T").
type TriggerModifier struct {
	Dice, Successes, Triggers int
}

// ParseTriggerModifier reads one modifier such as "+3D", "-2S" or "+1T".
func ParseTriggerModifier(text string) (TriggerModifier, error) {
	bad := errors.New(strconv.Quote(text) + " is not a modifier such as +3D, -2S or +1T")
	if len(text) < 3 || (text[0] != '+' && text[0] != '-') {
		return TriggerModifier{}, bad
	}
	n, err := strconv.Atoi(text[:len(text)-1])
	if err != nil {
		return TriggerModifier{}, bad
	}
	switch strings.ToUpper(text[len(text)-1:]) {
	case "D":
		return TriggerModifier{Dice: n}, nil
	case "S":
		return TriggerModifier{Successes: n}, nil
	case "T":
		return TriggerModifier{Triggers: n}, nil
	}
	return TriggerModifier{}, bad
}

// Plus combines two modifiers.
func (m TriggerModifier) Plus(o TriggerModifier) TriggerModifier {
	return TriggerModifier{Dice: m.Dice + o.Dice, Successes: m.Successes + o.Successes, Triggers: m.Triggers + o.Triggers}
}

// TriggerOutcome is the result of an action roll.
type TriggerOutcome int

// The outcomes, best first.
const (
	TriggerSuccess TriggerOutcome = iota
	TriggerFailure
	TriggerBotch
)

var triggerOutcomeNames = []string{"Success", "Failure", "Botch"}

// String names the outcome as a named roll labels it.
func (o TriggerOutcome) String() string { return triggerOutcomeNames[o] }

// ActionRoll is one action roll: ActionNumber d6 (Attribute + Skill, with
// the dice modifiers added) against Difficulty.
type ActionRoll struct {
	ActionNumber int
	Difficulty   int
	SuccessFace  int // 0 means DefaultTriggerSuccessFace
	// Modifier's Successes and Triggers apply after the roll; its Dice add to
	// the Action Number.
	Modifier TriggerModifier
}

// Tally is what an action roll's dice came to.
type Tally struct {
	Successes int // successes rolled, automatic and from modifiers (never below 0)
	Triggers  int // sixes and trigger modifiers (never below 0)
	Ones      int
}

func (a ActionRoll) successFace() int64 {
	if a.SuccessFace == 0 {
		return DefaultTriggerSuccessFace
	}
	return int64(a.SuccessFace)
}

func (a ActionRoll) actionNumber() int { return a.ActionNumber + a.Modifier.Dice }

// Dice returns how many d6 are thrown: the Action Number, at most
// MaxActionDice, none when it is 0 or less.
func (a ActionRoll) Dice() int { return min(max(a.actionNumber(), 0), MaxActionDice) }

// automaticSuccesses is the Action Number beyond MaxActionDice.
func (a ActionRoll) automaticSuccesses() int { return max(a.actionNumber()-MaxActionDice, 0) }

// Count tallies thrown faces with the automatic successes and modifiers.
func (a ActionRoll) Count(faces []int64) Tally { return a.adjust(a.rolledTally(faces)) }

// rolledTally tallies thrown faces alone.
func (a ActionRoll) rolledTally(faces []int64) Tally {
	var rolled Tally
	for _, face := range faces {
		rolled = rolled.plus(a.dieTally(face))
	}
	return rolled
}

// dieTally is what one face adds.
func (a ActionRoll) dieTally(face int64) Tally {
	var t Tally
	if face >= a.successFace() {
		t.Successes = 1
	}
	if face == TriggerFace {
		t.Triggers = 1
	}
	if face == 1 {
		t.Ones = 1
	}
	return t
}

func (t Tally) plus(o Tally) Tally {
	return Tally{Successes: t.Successes + o.Successes, Triggers: t.Triggers + o.Triggers, Ones: t.Ones + o.Ones}
}

// adjust adds the automatic successes and the modifiers to the dice's tally.
func (a ActionRoll) adjust(rolled Tally) Tally {
	return Tally{
		Successes: max(rolled.Successes+a.automaticSuccesses()+a.Modifier.Successes, 0),
		Triggers:  max(rolled.Triggers+a.Modifier.Triggers, 0),
		Ones:      rolled.Ones,
	}
}

// Outcome returns the outcome of a tally. An Action Number of 0 or less
// fails without a roll, and so cannot botch.
//
// Reading: a Botch compares the 1s with the Successes after automatic
// successes and modifiers, the Successes that decided the failure.
func (a ActionRoll) Outcome(t Tally) TriggerOutcome {
	switch {
	case a.actionNumber() <= 0:
		return TriggerFailure
	case t.Successes >= a.Difficulty:
		return TriggerSuccess
	case t.Ones > t.Successes:
		return TriggerBotch
	}
	return TriggerFailure
}

// tallyBase packs a Tally into one integer, so that the sum of independent
// dice is a convolution of integers: each count stays below the base.
const tallyBase = MaxActionDice + 1

func (t Tally) key() int64 {
	return int64((t.Successes*tallyBase+t.Triggers)*tallyBase + t.Ones)
}

func tallyOf(key int64) Tally {
	k := int(key)
	return Tally{Successes: k / (tallyBase * tallyBase), Triggers: k / tallyBase % tallyBase, Ones: k % tallyBase}
}

// rolledDist returns the exact distribution of the thrown dice's tally,
// before automatic successes and modifiers, over Tally keys.
func (a ActionRoll) rolledDist() *Dist {
	face := uniformDist(1, 6).mapped(func(f int64) int64 { return a.dieTally(f).key() })
	return face.repeated(a.Dice())
}

// Dist returns the exact distribution of the outcome, over TriggerOutcome
// values.
func (a ActionRoll) Dist() *Dist {
	return a.rolledDist().mapped(func(key int64) int64 { return int64(a.Outcome(a.adjust(tallyOf(key)))) })
}

// ConflictWins reports whether the acting side wins a conflict roll: more
// Successes win, then more Triggers. Each tally is what the side brings to
// the conflict (see conflictTally).
//
// Reading: the named roll assumes the situation allows no draw, so when
// Successes and Triggers are both tied the acting side loses, as the seed
// says for that case.
func ConflictWins(actor, opponent Tally) bool {
	if actor.Successes != opponent.Successes {
		return actor.Successes > opponent.Successes
	}
	return actor.Triggers > opponent.Triggers
}

// conflictTally is what a side brings to a conflict given its dice's tally.
//
// Reading: a side whose Action Number is 0 or less fails automatically (seed
// 004), so it brings nothing, not even the Successes and Triggers its
// modifiers would add: an acting side at 0 or less loses every conflict (at
// best it ties, and a tie loses), and an opponent at 0 or less loses to any
// Success or Trigger.
func (a ActionRoll) conflictTally(rolled Tally) Tally {
	if a.actionNumber() <= 0 {
		return Tally{}
	}
	return a.adjust(rolled)
}

// ConflictChance returns the exact probability that actor wins a conflict
// against opponent.
func ConflictChance(actor, opponent ActionRoll) Ratio {
	return conflictDist(actor, opponent).Prob(0)
}

// conflictDist is the distribution of a conflict over successOrFailure
// indices for the acting side.
func conflictDist(actor, opponent ActionRoll) *Dist {
	mine, theirs := withoutOnes(actor.rolledDist()), withoutOnes(opponent.rolledDist())
	acc := newAccumulator(0, 1, 2)
	for i := range mine.values {
		for j := range theirs.values {
			won := ConflictWins(actor.conflictTally(tallyOf(mine.values[i])), opponent.conflictTally(tallyOf(theirs.values[j])))
			acc.addProduct(int64(boolIndex(!won)), mine.counts[i], theirs.counts[j])
		}
	}
	return acc.dist()
}

// withoutOnes merges the tallies of d that differ only in their ones, which
// do not matter in a conflict, leaving far fewer pairs to compare.
func withoutOnes(d *Dist) *Dist {
	return d.mapped(func(key int64) int64 {
		t := tallyOf(key)
		t.Ones = 0
		return t.key()
	})
}

// ComplexChance returns the exact probability that a complex action reaches
// required Successes within rolls rolls of a, Triggers counting as extra
// Successes.
func ComplexChance(a ActionRoll, required, rolls int) Ratio {
	progress := a.rolledDist().mapped(func(key int64) int64 {
		t := a.adjust(tallyOf(key))
		return int64(t.Successes + t.Triggers)
	})
	reached := constantDist(0)
	for range rolls {
		reached = reached.plus(progress).mapped(func(p int64) int64 { return min(p, int64(required)) })
	}
	return reached.ProbAtLeast(int64(required))
}

// triggerRoll is the named roll "trigger dice=7 difficulty=2", or with vs=N
// a conflict against an opponent's Action Number N.
type triggerRoll struct {
	ActionRoll
	conflict bool
	opponent ActionRoll
}

func parseTrigger(args *namedArgs) (namedRoll, error) {
	r := &triggerRoll{}
	var err error
	if r.ActionNumber, err = args.required("dice", "trigger dice=7 difficulty=2", -MaxNamedDice, MaxNamedDice); err != nil {
		return nil, err
	}
	if r.Difficulty, _, err = args.integer("difficulty", 0, 0, MaxNamedDice); err != nil {
		return nil, err
	}
	if r.SuccessFace, _, err = args.integer("success", DefaultTriggerSuccessFace, 2, 6); err != nil {
		return nil, err
	}
	if r.opponent.ActionNumber, r.conflict, err = args.integer("vs", 0, -MaxNamedDice, MaxNamedDice); err != nil {
		return nil, err
	}
	if col, given := args.column("difficulty"); given && r.conflict {
		return nil, &SyntaxError{Col: col, Msg: "give difficulty= or vs= (a conflict), not both"}
	}
	for _, item := range args.items("mods") {
		m, err := ParseTriggerModifier(item.text)
		if err == nil && max(m.Dice, -m.Dice, m.Successes, -m.Successes, m.Triggers, -m.Triggers) > MaxNamedDice {
			err = errors.New(strconv.Quote(item.text) + " is more than " + strconv.Itoa(MaxNamedDice) + " dice, successes or triggers")
		}
		if err != nil {
			return nil, &SyntaxError{Col: item.col, Msg: err.Error()}
		}
		r.Modifier = r.Modifier.Plus(m)
	}
	return r, args.finish("dice=, difficulty=, vs=, success= and mods=")
}

func (r *triggerRoll) outcomes() []string {
	if r.conflict {
		return successOrFailure
	}
	return triggerOutcomeNames
}

func (r *triggerRoll) dist() *Dist {
	if r.conflict {
		return conflictDist(r.ActionRoll, r.opponent)
	}
	return r.Dist()
}

func (r *triggerRoll) roll(roller *Roller, rec *recorder) int {
	rolled := r.throw(roller, rec, "action", r.ActionRoll)
	if r.conflict {
		mine := r.conflictTally(rolled)
		theirs := r.opponent.conflictTally(r.throw(roller, rec, "opponent", r.opponent))
		won := ConflictWins(mine, theirs)
		rec.line(tallyText(mine), " against ", tallyText(theirs), " → ", successOrFailure[boolIndex(!won)])
		return boolIndex(!won)
	}
	mine := r.adjust(rolled)
	outcome := r.Outcome(mine)
	line := tallyText(mine) + " against difficulty " + strconv.Itoa(r.Difficulty) + " → " + outcome.String()
	if quality := TriggerQuality(mine.Triggers); outcome == TriggerSuccess && quality != "" {
		line += " (" + quality + ")"
	}
	rec.line(line)
	return int(outcome)
}

// throw rolls one side's dice, records them with the modifiers and returns
// the dice's own tally, for the caller to adjust as its roll requires.
func (r *triggerRoll) throw(roller *Roller, rec *recorder, term string, a ActionRoll) Tally {
	faces := make([]int64, a.Dice())
	shown := make([]string, len(faces))
	for i := range faces {
		faces[i] = roller.face(d6)
		rec.die(term, d6, faces[i], false)
		shown[i] = strconv.FormatInt(faces[i], 10)
	}
	line := term + " " + strconv.Itoa(a.actionNumber()) + "d6: "
	switch {
	case a.actionNumber() <= 0:
		line += "no dice: fails automatically"
	default:
		line += strings.Join(shown, " ")
		if auto := a.automaticSuccesses(); auto > 0 {
			line += " + " + counted(int64(auto), "automatic success", "automatic successes")
		}
	}
	for _, m := range []struct {
		n    int
		unit string
	}{{a.Modifier.Successes, "S"}, {a.Modifier.Triggers, "T"}} {
		if m.n != 0 {
			line += " " + signedText(m.n) + m.unit
		}
	}
	rec.line(line)
	return a.rolledTally(faces)
}

// tallyText writes a tally for a breakdown.
func tallyText(t Tally) string {
	return counted(int64(t.Successes), "success", "successes") + ", " + counted(int64(t.Triggers), "trigger", "triggers") + ", " + counted(int64(t.Ones), "one", "ones")
}
