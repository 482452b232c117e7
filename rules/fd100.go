package rules

import (
	"cmp"
	"errors"
	"slices"
	"strconv"
	"strings"
)

// Fuzzy d100 (fd100), the system of seed 000 and of the bundled book: a d100
// (00–99) against Effort and Resistance, with modifiers shifting the result
// along six Degrees of Success.

// Degree is a Degree of Success (DoS) of fd100, ordered from worst to best so
// that a shift is an addition.
type Degree int

// The six Degrees of Success, worst first. The critical degrees are reached
// only through modifiers.
const (
	CriticalFailure Degree = iota
	CompleteFailure
	PartialFailure
	PartialSuccess
	CompleteSuccess
	CriticalSuccess
)

// degreeNames spells the degrees as the seed's tables do, worst first.
var degreeNames = []string{"Critical Failure", "Complete Failure", "Partial Failure", "Partial Success", "Complete Success", "Critical Success"}

// scaleName names step i of a six-step scale of degrees (fd100's or the
// pool's), worst first.
func scaleName(names []string, i int) string {
	if i < 0 || i >= len(names) {
		return "Degree(" + strconv.Itoa(i) + ")"
	}
	return names[i]
}

// parseScaleName finds name, spelt exactly, on a scale of degrees.
func parseScaleName(names []string, name, what string) (int, error) {
	for i, n := range names {
		if n == name {
			return i, nil
		}
	}
	return 0, errors.New(strconv.Quote(name) + " is not a " + what + " (expected one of " + strings.Join(names, ", ") + ")")
}

// String spells the degree as the seed's tables do: "Complete Success".
func (d Degree) String() string { return scaleName(degreeNames, int(d)) }

// ParseDegree returns the degree spelt exactly name (as String spells it), so
// that a table's misspelling such as the seed's "Complete Succes" is caught.
func ParseDegree(name string) (Degree, error) {
	i, err := parseScaleName(degreeNames, name, "Degree of Success")
	return Degree(i), err
}

// Degrees lists the six degrees best first, the order of the seed's tables.
func Degrees() []Degree {
	return []Degree{CriticalSuccess, CompleteSuccess, PartialSuccess, PartialFailure, CompleteFailure, CriticalFailure}
}

// Shift moves d by n steps (up when n > 0), stopping at the critical degrees.
func Shift(d Degree, n int) Degree {
	return Degree(min(max(int(d)+n, int(CriticalFailure)), int(CriticalSuccess)))
}

// Matches reports whether a d100 roll matches a target (Effort or a
// modifier): it rolls under it.
func Matches(roll, target int) bool { return roll < target }

// Beats reports whether a d100 roll beats a target (Resistance or a
// modifier): it rolls over or equal to it.
func Beats(roll, target int) bool { return roll >= target }

// Qualify returns the initial degree of a qualification roll: matching Effort
// makes it a success, beating Resistance makes a success complete and a
// failure partial.
func Qualify(roll, effort, resistance int) Degree {
	return DegreeOf(Matches(roll, effort), Beats(roll, resistance))
}

// DegreeOf returns the initial degree of a roll that matched Effort or not
// and beat Resistance or not: the rule as the book's Degree of Success table
// states it, which the checker compares row by row.
func DegreeOf(matchedEffort, beatResistance bool) Degree {
	switch {
	case matchedEffort && beatResistance:
		return CompleteSuccess
	case matchedEffort:
		return PartialSuccess
	case beatResistance:
		return PartialFailure
	}
	return CompleteFailure
}

// Modifier is a static or dramatic fd100 modifier: a Feature's rating that
// shifts the degree up when a positive modifier is matched and down when a
// negative one is not beaten (in both cases, when the roll is under Rating).
type Modifier struct {
	Rating   int
	Positive bool
}

// Shift returns the shift the modifier gives a d100 roll: +1, −1 or 0.
func (m Modifier) Shift(roll int) int { return m.ShiftIf(Matches(roll, m.Rating)) }

// ShiftIf returns the shift the modifier gives a roll that matched it (rolled
// under its rating) or not: up for a positive modifier, down for a negative
// one, nothing when the roll beat it.
func (m Modifier) ShiftIf(matched bool) int {
	switch {
	case !matched:
		return 0
	case m.Positive:
		return 1
	}
	return -1
}

// String writes the modifier with its sign, "+30" or "-20".
func (m Modifier) String() string {
	if m.Positive {
		return "+" + strconv.Itoa(m.Rating)
	}
	return "-" + strconv.Itoa(m.Rating)
}

// MaxDramaticModifiers is the Rule of Two: at most two dramatic modifiers on
// one action, of either signs.
const MaxDramaticModifiers = 2

const ruleOfTwo = "at most two dramatic modifiers may apply to one action (the Rule of Two)"

// Qualification is a full fd100 action roll: a d100 against Effort and
// Resistance, its static modifiers compared with that roll, each dramatic
// modifier with a d100 of its own.
//
// Reading: the shifts of all modifiers (and Shift) add up to one net shift,
// applied once to the initial degree and clamped at both ends, so a Complete
// Success shifted up twice and down once is a Critical Success, whatever the
// order of the modifiers.
type Qualification struct {
	Effort, Resistance int
	Static             []Modifier
	Dramatic           []Modifier
	// Shift is a shift that needs no roll: one down per Wound (WoundShift),
	// one up while Charging (Disposition.Shift).
	Shift int
}

// Validate checks ratings are percentiles and the Rule of Two holds.
func (q Qualification) Validate() error {
	if len(q.Dramatic) > MaxDramaticModifiers {
		return errors.New(ruleOfTwo)
	}
	for _, rating := range append([]int{q.Effort, q.Resistance}, modifierRatings(q.Static, q.Dramatic)...) {
		if rating < 0 || rating > 100 {
			return errors.New("rating " + strconv.Itoa(rating) + " is not a percentile (0 to 100)")
		}
	}
	return nil
}

func modifierRatings(lists ...[]Modifier) []int {
	var ratings []int
	for _, list := range lists {
		for _, m := range list {
			ratings = append(ratings, m.Rating)
		}
	}
	return ratings
}

// Resolve returns the degree of the action when the qualification roll is
// roll and the dramatic modifiers' rolls are dramaticRolls, one per dramatic
// modifier in order.
func (q Qualification) Resolve(roll int, dramaticRolls []int) (Degree, error) {
	if len(dramaticRolls) != len(q.Dramatic) {
		return 0, errors.New("need one d100 roll per dramatic modifier")
	}
	net := q.staticShift(roll)
	for i, m := range q.Dramatic {
		net += m.Shift(dramaticRolls[i])
	}
	return Shift(Qualify(roll, q.Effort, q.Resistance), net), nil
}

// staticShift is the shift that depends only on the qualification roll.
func (q Qualification) staticShift(roll int) int {
	net := q.Shift
	for _, m := range q.Static {
		net += m.Shift(roll)
	}
	return net
}

// Dist returns the exact distribution of the final degree, over Degree
// values, with the denominator 100^(1 + dramatic modifiers).
func (q Qualification) Dist() *Dist {
	// The dramatic shifts are independent of the qualification roll: first
	// the ways of each net dramatic shift, then every qualification roll.
	dramatic := map[int]int64{0: 1}
	for _, m := range q.Dramatic {
		next := make(map[int]int64)
		for shift, ways := range dramatic {
			next[shift+m.ShiftIf(true)] += ways * int64(m.Rating)
			next[shift] += ways * int64(100-m.Rating)
		}
		dramatic = next
	}
	degrees := make(map[int64]int64)
	for roll := range 100 {
		initial, net := Qualify(roll, q.Effort, q.Resistance), q.staticShift(roll)
		for shift, ways := range dramatic {
			degrees[int64(Shift(initial, net+shift))] += ways
		}
	}
	return weightedDist(degrees)
}

// BooleanRoll reports whether a Boolean roll succeeds: the d100 matches
// Effort. Neither Resistance nor modifiers count.
func BooleanRoll(roll, effort int) bool { return Matches(roll, effort) }

// ContestedBooleanRoll reports whether a contested Boolean roll succeeds: the
// d100 matches Effort and beats Resistance, which is impossible when
// Resistance is at least Effort.
func ContestedBooleanRoll(roll, effort, resistance int) bool {
	return ContestedBoolean(Matches(roll, effort), Beats(roll, resistance))
}

// ContestedBoolean is the contested Boolean rule on its own: success only
// when the roll both matched Effort and beat Resistance.
func ContestedBoolean(matchedEffort, beatResistance bool) bool {
	return matchedEffort && beatResistance
}

// Quantification is how a decile die roll changes a Feature's rating.
type Quantification int

const (
	// RollToSet sets the rating to the roll.
	RollToSet Quantification = iota
	// RollToIncrease takes the roll if it is higher than the rating.
	RollToIncrease
	// RollToDecrease takes the roll if it is lower than the rating.
	RollToDecrease
)

// Apply returns the rating after a quantification roll of roll.
func (q Quantification) Apply(rating, roll int) int {
	switch q {
	case RollToIncrease:
		return max(rating, roll)
	case RollToDecrease:
		return min(rating, roll)
	}
	return roll
}

// Dist returns the exact distribution of the rating after quantifying it
// with the decile die d.
func (q Quantification) Dist(rating int, d DecileDie) *Dist {
	return d.Dist().mapped(func(roll int64) int64 { return int64(q.Apply(rating, int(roll))) })
}

// StartingLuck is every character's Luck at the start of the game.
const StartingLuck = 11

// IsDouble reports whether a d100 roll shows the same digit on both d10s.
func IsDouble(roll int) bool { return roll >= 0 && roll < 100 && roll/10 == roll%10 }

// LuckAfter returns the Luck rating after a d100 roll: a double moves the
// Luck marker to the rating that matches it.
//
// Reading: the Luck box lists 00% after 99%, so a double 00 moves Luck to
// 100%, the top of the track, rather than to nothing.
func LuckAfter(luck, roll int) int {
	switch {
	case !IsDouble(roll):
		return luck
	case roll == 0:
		return 100
	}
	return roll
}

// fd100Kind is which of fd100's rolls a named roll is.
type fd100Kind int

const (
	qualificationRoll fd100Kind = iota
	booleanRoll
	contestedBooleanRoll
)

// fd100Roll is the named roll "fd100 effort=60 resistance=40 static=+30,-20
// dramatic=+25 shift=-1", with the acting character's condition words
// (parseCondition): a qualification roll, or with effort alone a Boolean
// roll, or with "contested" a contested Boolean roll.
type fd100Roll struct {
	kind fd100Kind
	q    Qualification
	// effortName and resistanceName are what the breakdown calls Effort
	// and Resistance ("Threat Rate" in an Attack); empty for the words
	// themselves.
	effortName, resistanceName string
	// luck is the Luck rating that may save a Critical Failure; 0 for none.
	luck int
}

// LuckSaves reports whether a d100 roll saves a Critical Failure with the
// Luck rating luck, turning it into a Complete Failure.
//
// Reading: seed 000 says only that Luck "is used to avoid the worst outcome
// of Actions, Attacks and events". The engine reads the worst outcome as a
// Critical Failure and avoiding it as a d100 that matches the Luck rating
// (rolls under it), which leaves a Complete Failure.
func LuckSaves(roll, luck int) bool { return Matches(roll, luck) }

var successOrFailure = []string{"Success", "Failure"}

// fd100Rolls are fd100's named rolls other than the qualification and
// Boolean rolls.
var fd100Rolls = []variant{
	{"attack", parseAttack},
	{"intimidate", parseDispositionRoll(Intimidate, "intimidate")},
	{"rally", parseDispositionRoll(RallyOrEncourage, "rally")},
	{"encourage", parseDispositionRoll(RallyOrEncourage, "encourage")},
	{"charm", parseCharm("charm")},
	{"confuse", parseCharm("confuse")},
	// The Effects that act each Turn take resist=, so they come before
	// the Resistance action's word.
	{"bleeding", parseEffectTurns("bleeding")},
	{"infected", parseEffectTurns("infected")},
	{"stunned", parseEffectTurns("stunned")},
	{"resist", parseResist("resist")},
	{"focus", parseResist("focus")},
	{"shake", parseResist("shake")},
	{"alarm", parseAlarm},
	{"alarmgun", parseChain("alarmgun", "nasutes", true, 40)},
	{"guardians", parseChain("guardians", "specials", false, 60)},
	{"hunger", parseHunger},
	{"luck", parseLuckOrSave},
	{"set", parseQuantification},
	{"increase", parseQuantification},
	{"decrease", parseQuantification},
	{"initiative", parseTurnOrder},
}

// parseLuckOrSave reads luck= as the Luck marker's roll ("fd100 luck=11
// rolls=10"), or, beside effort=, as the Luck a qualification roll may be
// saved with.
func parseLuckOrSave(args *namedArgs) (namedRoll, error) {
	if _, ok := args.column("effort"); ok {
		return parseQualificationRoll(args)
	}
	return parseLuck(args)
}

func parseFD100(args *namedArgs) (namedRoll, error) {
	if r, given, err := args.variant(fd100Rolls); given {
		return r, err
	}
	return parseQualificationRoll(args)
}

// parseQualificationRoll reads a qualification, Boolean or contested
// Boolean roll.
func parseQualificationRoll(args *namedArgs) (namedRoll, error) {
	r := &fd100Roll{}
	var err error
	if r.q.Effort, err = args.required("effort", "fd100 effort=60 resistance=40", 0, 100); err != nil {
		return nil, err
	}
	resistance, hasResistance, err := args.integer("resistance", 0, 0, 100)
	if err != nil {
		return nil, err
	}
	r.q.Resistance = resistance
	if r.q, err = parseModifiers(args, r.q); err != nil {
		return nil, err
	}
	condition, err := parseCondition(args)
	if err != nil {
		return nil, err
	}
	r.q = condition.Apply(r.q)
	contested := args.flag("contested")
	switch {
	case contested && !hasResistance:
		return nil, &SyntaxError{Col: args.end, Msg: "a contested Boolean roll needs resistance=N"}
	case contested:
		r.kind = contestedBooleanRoll
	case !hasResistance:
		r.kind = booleanRoll
	}
	if col, given := args.column(append([]string{"static", "dramatic", "shift", "luck"}, conditionWords...)...); r.kind != qualificationRoll && given {
		return nil, &SyntaxError{Col: col, Msg: "a Boolean roll takes no modifiers, shifts or condition, nor Luck (give resistance=N, without contested, for a qualification roll)"}
	}
	if r.luck, _, err = args.integer("luck", 0, 0, 100); err != nil {
		return nil, err
	}
	return r, args.finish("effort=, resistance=, static=, dramatic=, shift=, luck=, contested, " + conditionWordList)
}

// conditionWordList names the condition words for finish's message.
const conditionWordList = "disposition=, wounds=, swarming=, poisoned= and starving"

// parseModifiers reads the modifiers and shift a qualification roll is
// given and returns q with them added.
func parseModifiers(args *namedArgs, q Qualification) (Qualification, error) {
	static, err := modifiers(args, "static", 0)
	if err != nil {
		return q, err
	}
	dramatic, err := modifiers(args, "dramatic", MaxDramaticModifiers)
	if err != nil {
		return q, err
	}
	shift, _, err := args.integer("shift", 0, -10, 10)
	q.Static = append(slices.Clone(q.Static), static...)
	q.Dramatic = append(slices.Clone(q.Dramatic), dramatic...)
	q.Shift += shift
	return q, err
}

// modifiers reads the signed modifiers given for key, at most limit of them
// when limit > 0.
func modifiers(args *namedArgs, key string, limit int) ([]Modifier, error) {
	var list []Modifier
	for _, item := range args.items(key) {
		if limit > 0 && len(list) == limit {
			return nil, &SyntaxError{Col: item.col, Msg: ruleOfTwo}
		}
		rating, positive, err := signed(item, key+" modifier", 100)
		if err != nil {
			return nil, err
		}
		list = append(list, Modifier{Rating: rating, Positive: positive})
	}
	return list, nil
}

func (r *fd100Roll) outcomes() []string {
	if r.kind != qualificationRoll {
		return successOrFailure
	}
	labels := make([]string, 0, len(degreeNames))
	for _, d := range Degrees() {
		labels = append(labels, d.String())
	}
	return labels
}

// degreeIndex is the position of a degree in the best-first outcomes.
func degreeIndex(d Degree) int64 { return int64(CriticalSuccess - d) }

func (r *fd100Roll) dist() *Dist {
	if r.kind != qualificationRoll {
		return r.booleanDist()
	}
	degrees := r.q.Dist()
	if r.luck > 0 {
		// Each degree over the ways of the Luck d100, rolled only on a
		// Critical Failure.
		degrees = degrees.mixture(func(d int64) *Dist {
			if Degree(d) != CriticalFailure {
				return constantDist(d).scaled(natOf(100))
			}
			return weightedDist(map[int64]int64{int64(CompleteFailure): int64(r.luck), int64(CriticalFailure): int64(100 - r.luck)})
		})
	}
	return degrees.mapped(func(d int64) int64 { return degreeIndex(Degree(d)) })
}

// booleanDist is the distribution of a (contested) Boolean roll over
// successOrFailure.
func (r *fd100Roll) booleanDist() *Dist {
	successes := 0
	for roll := range 100 {
		if r.booleanSuccess(roll) {
			successes++
		}
	}
	return weightedDist(map[int64]int64{0: int64(successes), 1: int64(100 - successes)})
}

func (r *fd100Roll) booleanSuccess(roll int) bool {
	if r.kind == contestedBooleanRoll {
		return ContestedBooleanRoll(roll, r.q.Effort, r.q.Resistance)
	}
	return BooleanRoll(roll, r.q.Effort)
}

// d100 is the percentile die: two zero-based d10s.
var d100 = die{sides: 100, first: 0, decile: true}

func (r *fd100Roll) roll(roller *Roller, rec *recorder) int64 {
	roll := int(roller.face(d100))
	rec.die("d100", d100, int64(roll), false)
	rolled := "d100 = " + strconv.Itoa(roll) + ": "
	effortName, resistanceName := cmp.Or(r.effortName, "Effort"), cmp.Or(r.resistanceName, "Resistance")
	effort := versus(roll, "match", effortName, r.q.Effort, Matches)
	if r.kind != qualificationRoll {
		success := r.booleanSuccess(roll)
		outcome := successOrFailure[boolIndex(!success)]
		if r.kind == contestedBooleanRoll {
			effort += ", " + versus(roll, "beat", resistanceName, r.q.Resistance, Beats)
		}
		rec.line(rolled, effort, " → ", outcome)
		return int64(boolIndex(!success))
	}
	initial := Qualify(roll, r.q.Effort, r.q.Resistance)
	rec.line(rolled, effort, ", ", versus(roll, "beat", resistanceName, r.q.Resistance, Beats), " → ", initial.String())
	net := r.q.Shift
	if r.q.Shift != 0 {
		rec.line("shift ", signedText(r.q.Shift), " without a roll")
	}
	for _, m := range r.q.Static {
		net += m.Shift(roll)
		rec.line("static ", m.String(), ": ", strconv.Itoa(roll), " ", modifierEffect(m, roll))
	}
	for _, m := range r.q.Dramatic {
		term := "dramatic " + m.String()
		dramatic := int(roller.face(d100))
		rec.die(term, d100, int64(dramatic), false)
		net += m.Shift(dramatic)
		rec.line(term, ": d100 = ", strconv.Itoa(dramatic), " ", modifierEffect(m, dramatic))
	}
	final := Shift(initial, net)
	if len(r.q.Static)+len(r.q.Dramatic) > 0 || r.q.Shift != 0 {
		rec.line("net shift ", signedText(net), " → ", final.String())
	}
	if final == CriticalFailure && r.luck > 0 {
		luck := int(roller.face(d100))
		rec.die("luck", d100, int64(luck), false)
		if LuckSaves(luck, r.luck) {
			final = CompleteFailure
			rec.line("Luck: d100 = ", strconv.Itoa(luck), " matches Luck ", strconv.Itoa(r.luck), " → Complete Failure")
		} else {
			rec.line("Luck: d100 = ", strconv.Itoa(luck), " does not match Luck ", strconv.Itoa(r.luck), " → Critical Failure")
		}
	}
	return degreeIndex(final)
}

// versus writes how a roll compares with a target: "matches Effort 60" or
// "does not beat Resistance 40".
func versus(roll int, verb, target string, value int, test func(roll, target int) bool) string {
	if test(roll, value) {
		return map[string]string{"match": "matches", "beat": "beats"}[verb] + " " + target + " " + strconv.Itoa(value)
	}
	return "does not " + verb + " " + target + " " + strconv.Itoa(value)
}

// modifierEffect writes what a modifier did to a roll.
func modifierEffect(m Modifier, roll int) string {
	switch m.Shift(roll) {
	case 1:
		return "matches → shift up"
	case -1:
		return "does not beat → shift down"
	}
	if m.Positive {
		return "does not match → no shift"
	}
	return "beats → no shift"
}

// boolIndex is 1 for true and 0 for false.
func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}
