package rules

import (
	"errors"
	"slices"
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
//
// Reading: seed 004's modifiers take Successes ("-2S") and Triggers away
// without saying how far; a roll never has fewer than none of either.
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
func (a ActionRoll) rolledDist() *Dist { return a.dieDist().repeated(a.Dice()) }

// dieDist returns the exact distribution of one die's tally.
func (a ActionRoll) dieDist() *Dist {
	return uniformDist(1, 6).mapped(func(f int64) int64 { return a.dieTally(f).key() })
}

// Dist returns the exact distribution of the outcome, over TriggerOutcome
// values.
func (a ActionRoll) Dist() *Dist { return a.graded(a.rolledDist(), false) }

// graded returns the exact distribution of the outcome when the thrown dice
// come to rolled, over indices into qualityNames when quality is set, else
// TriggerOutcome values.
func (a ActionRoll) graded(rolled *Dist, quality bool) *Dist {
	return rolled.mapped(func(key int64) int64 {
		t := a.adjust(tallyOf(key))
		return gradedIndex(a.Outcome(t), t.Triggers, quality)
	})
}

// qualityNames are the outcomes of a roll graded by its Triggers, best
// first: a success by its quality (TriggerQuality), a success without a
// Trigger, a failure, a botch.
var qualityNames = []string{"Brilliant", "Excellent", "Remarkable", "Solid", "Success", "Failure", "Botch"}

// gradedIndex is the position of a result among qualityNames when quality
// is set, else among triggerOutcomeNames.
//
// Reading: four Triggers or more are Brilliant, the best quality the seed
// names; a success without one has no quality and is a plain "Success".
func gradedIndex(outcome TriggerOutcome, triggers int, quality bool) int64 {
	switch {
	case !quality:
		return int64(outcome)
	case outcome == TriggerSuccess:
		return int64(4 - min(triggers, 4))
	}
	return int64(outcome) + 4
}

// effectiveTally is what a roll's thrown dice come to once its automatic
// successes and modifiers are added, as conflicts and complex actions count
// them.
//
// Reading: a roll whose Action Number is 0 or less fails automatically
// (seed 004), so it comes to nothing, not even the Successes and Triggers its
// modifiers would add.
func (a ActionRoll) effectiveTally(rolled Tally) Tally {
	if a.actionNumber() <= 0 {
		return Tally{}
	}
	return a.adjust(rolled)
}

// parseTrigger reads one of the system's named rolls: an action roll
// ("trigger dice=7 difficulty=2"), or a combination, complex or conflict
// roll, told apart by their words.
func parseTrigger(args *namedArgs) (namedRoll, error) {
	dice, err := actionNumbers(args, "dice", MaxCombinationRolls)
	switch {
	case err != nil:
		return nil, err
	case len(dice) == 0:
		return nil, &SyntaxError{Col: args.end, Msg: "trigger needs dice=N, as in \"trigger dice=7 difficulty=2\""}
	case len(dice) > 1:
		return parseCombination(args, dice)
	}
	if _, given := args.column("complex"); given {
		return parseComplex(args, dice[0])
	}
	if _, given := args.column("vs"); given {
		return parseConflict(args, dice[0])
	}
	if _, given := args.column("defend"); given {
		return parseDefense(args, dice[0])
	}
	for _, what := range []string{"initiative", "damage", "heal"} {
		if _, given := args.column(what); given {
			args.flag(what)
			return parseTallyRoll(args, dice[0], what)
		}
	}
	return parseAction(args, dice[0])
}

// actionNumbers reads the comma-separated numbers, at most limit of them,
// given for key.
func actionNumbers(args *namedArgs, key string, limit int) ([]int, error) {
	var numbers []int
	for _, item := range args.items(key) {
		if len(numbers) == limit {
			return nil, &SyntaxError{Col: item.col, Msg: key + "= takes at most " + strconv.Itoa(limit) + " numbers"}
		}
		n, err := parseBounded(item.text, item.col, key, -MaxNamedDice, MaxNamedDice)
		if err != nil {
			return nil, err
		}
		numbers = append(numbers, n)
	}
	return numbers, nil
}

// parseActionRoll reads what every action roll may say beyond its Action
// Number: success= and mods=.
func parseActionRoll(args *namedArgs, actionNumber int) (ActionRoll, error) {
	a := ActionRoll{ActionNumber: actionNumber}
	var err error
	if a.SuccessFace, _, err = args.integer("success", DefaultTriggerSuccessFace, 2, 6); err != nil {
		return a, err
	}
	for _, item := range args.items("mods") {
		m, err := ParseTriggerModifier(item.text)
		if err == nil && max(m.Dice, -m.Dice, m.Successes, -m.Successes, m.Triggers, -m.Triggers) > MaxNamedDice {
			err = errors.New(strconv.Quote(item.text) + " is more than " + strconv.Itoa(MaxNamedDice) + " dice, successes or triggers")
		}
		if err != nil {
			return a, &SyntaxError{Col: item.col, Msg: err.Error()}
		}
		a.Modifier = a.Modifier.Plus(m)
	}
	changes, err := parseDiceChanges(args)
	a.Modifier.Dice += changes
	return a, err
}

// refuse reports the first of words given to a roll, called what, that
// does not take it.
func refuse(args *namedArgs, what string, words ...string) error {
	for _, w := range args.words {
		if slices.Contains(words, w.key) {
			name := w.key
			if !w.flag {
				name += "="
			}
			return &SyntaxError{Col: w.col, Msg: what + " and " + name + " do not go together: give one or the other, not both"}
		}
	}
	return nil
}

// actionRoll is the named roll "trigger dice=7 difficulty=2", with
// "quality" graded by its Triggers (qualityNames) and with helpers=4,3
// supported by cooperating characters of those Action Numbers.
type actionRoll struct {
	ActionRoll
	helpers []int
	quality bool
}

func parseAction(args *namedArgs, actionNumber int) (namedRoll, error) {
	r := &actionRoll{}
	var err error
	if r.ActionRoll, err = parseActionRoll(args, actionNumber); err != nil {
		return nil, err
	}
	if r.Difficulty, _, err = args.integer("difficulty", 0, 0, MaxNamedDice); err != nil {
		return nil, err
	}
	if r.helpers, err = actionNumbers(args, "helpers", MaxHelpers); err != nil {
		return nil, err
	}
	r.quality = args.flag("quality")
	return r, args.finish("dice=, difficulty=, success=, mods=, helpers= and quality; or vs= for a conflict, complex= for a complex action, dice=N,N for a combination")
}

func (r *actionRoll) outcomes() []string {
	if r.quality {
		return qualityNames
	}
	return triggerOutcomeNames
}

// dist weighs the roll with every number of bonus dice the helpers can
// give, counting every one over the dice of the largest, the dice not thrown
// as if thrown and ignored. The bonuses come in ascending order, so each
// die's tally is added to the thrown dice's once.
func (r *actionRoll) dist() *Dist {
	bonus := r.bonusDist()
	most := r.supported(int(bonus.Max())).Dice()
	unthrown := powers(6, most)
	die, rolled, thrown := r.dieDist(), constantDist(0), 0
	return bonus.mixture(func(b int64) *Dist {
		supported := r.supported(int(b))
		for ; thrown < supported.Dice(); thrown++ {
			rolled = rolled.plus(die)
		}
		return supported.graded(rolled, r.quality).scaled(unthrown[most-thrown])
	})
}

func (r *actionRoll) roll(roller *Roller, rec *recorder) int64 {
	bonus := r.throwHelpers(roller, rec)
	a := r.supported(bonus)
	t := a.adjust(a.throw(roller, rec, "action"))
	outcome := a.Outcome(t)
	line := tallyText(t) + " against difficulty " + strconv.Itoa(r.Difficulty) + " → " + outcome.String()
	if quality := TriggerQuality(t.Triggers); outcome == TriggerSuccess && quality != "" {
		line += " (" + quality + ")"
	}
	rec.line(line)
	return gradedIndex(outcome, t.Triggers, r.quality)
}

// throw rolls the dice, records them with the modifiers under term and
// returns the dice's own tally, for the caller to adjust as its roll
// requires.
func (a ActionRoll) throw(roller *Roller, rec *recorder, term string) Tally {
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
