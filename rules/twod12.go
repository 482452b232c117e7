package rules

import (
	"strconv"
	"strings"
)

// The 2d12 system of seed 003: 2d12 plus a modifier against a target, with
// specials on 12s and 1s, natural results for saves and attacks, and
// advantage as extra dice dropped.

// TwoD12Kind is what a 2d12 roll is for; saves and attacks have natural
// results that ability checks lack.
type TwoD12Kind int

const (
	// AbilityCheck is an ability or skill roll.
	AbilityCheck TwoD12Kind = iota
	// Save is a saving throw: 1-1 always fails, 12-12 always succeeds.
	Save
	// Attack is an attack roll: as a save, and each 12 rerolls the damage dice.
	Attack
)

var twoD12KindNames = [...]string{AbilityCheck: "check", Save: "save", Attack: "attack"}

// String names the kind as the named roll's kind= word spells it.
func (k TwoD12Kind) String() string { return twoD12KindNames[k] }

// TakeCareBonus is "take 13": the result of a careful, routine attempt is the
// modifier plus 13, the average of 2d12.
const TakeCareBonus = 13

// TakeTwentyFourBonus is "taking 24": trying until the best possible roll,
// at a hundred times the time, the modifier plus 24.
const TakeTwentyFourBonus = 24

// NetAdvantage combines the advantage and disadvantage from every source
// (levels 0, 1 for 3d12 or 2 for the extreme 4d12): they do not stack, so
// the strongest of each counts, and any advantage cancels any disadvantage.
// The result is positive for advantage, negative for disadvantage.
func NetAdvantage(advantages, disadvantages []int) int {
	best, worst := 0, 0
	for _, a := range advantages {
		best = max(best, a)
	}
	for _, d := range disadvantages {
		worst = max(worst, d)
	}
	if best > 0 && worst > 0 {
		return 0
	}
	return best - worst
}

// TwoD12Roll is one 2d12 roll: 2d12 + Modifier ≥ Target succeeds.
type TwoD12Roll struct {
	Modifier int
	Target   int
	// Advantage is NetAdvantage: +1 rolls 3d12 and drops the lowest, +2
	// rolls 4d12 and drops the lowest two; −1 and −2 drop the highest.
	Advantage int
	Kind      TwoD12Kind
}

// Dice returns how many d12 the roll throws.
func (t TwoD12Roll) Dice() int { return 2 + max(t.Advantage, -t.Advantage) }

// SpecialScore is what one kept d12 adds: its face, +2 more for a 12, 2 less
// for a 1.
//
// Reading: the ±2 specials count only on the two kept dice. A 12 dropped by
// disadvantage or a 1 dropped by advantage does nothing, as dropped dice do
// nothing else; the seed does not say.
func SpecialScore(face int64) int64 {
	switch face {
	case 12:
		return 14
	case 1:
		return -1
	}
	return face
}

// Kept returns which thrown faces the roll keeps: all of 2d12, the highest
// two with advantage, the lowest two with disadvantage.
func (t TwoD12Roll) Kept(faces []int64) []bool {
	dropped := droppedDice(faces, 2, t.Advantage >= 0)
	for i := range dropped {
		dropped[i] = !dropped[i]
	}
	return dropped
}

// natural returns +1 when the kept score means a natural success (12-12),
// −1 for a natural failure (1-1), 0 otherwise or for an ability check. The
// kept score identifies them: 28 only from 12-12, −2 only from 1-1.
func (t TwoD12Roll) natural(score int64) int {
	switch {
	case t.Kind == AbilityCheck:
		return 0
	case score == 2*SpecialScore(12):
		return 1
	case score == 2*SpecialScore(1):
		return -1
	}
	return 0
}

// succeeds reports whether the kept dice, scoring score in all, succeed.
func (t TwoD12Roll) succeeds(score int64) bool {
	if natural := t.natural(score); natural != 0 {
		return natural > 0
	}
	return score+int64(t.Modifier) >= int64(t.Target)
}

// Succeeds reports whether thrown faces succeed.
func (t TwoD12Roll) Succeeds(faces []int64) bool {
	return t.succeeds(keptScore(faces, t.Kept(faces)))
}

// DamageRerolls returns how many times an attack rolls its damage dice again
// and adds them: once per kept 12.
func (t TwoD12Roll) DamageRerolls(faces []int64) int {
	n := 0
	for i, kept := range t.Kept(faces) {
		if kept && faces[i] == 12 {
			n++
		}
	}
	return n
}

func keptScore(faces []int64, kept []bool) int64 {
	var score int64
	for i, face := range faces {
		if kept[i] {
			score += SpecialScore(face)
		}
	}
	return score
}

// ScoreDist returns the exact distribution of the kept dice's score, specials
// included, before the modifier.
func (t TwoD12Roll) ScoreDist() *Dist {
	return keepDist(t.Dice(), 2, d12.faces(t.Advantage >= 0), SpecialScore)
}

// SuccessChance returns the exact probability that the roll succeeds.
func (t TwoD12Roll) SuccessChance() Ratio {
	outcome := t.ScoreDist().mapped(func(score int64) int64 { return int64(boolIndex(t.succeeds(score))) })
	return outcome.Prob(1)
}

// ChanceWithin returns the exact probability that an outcome of probability
// p happens at least once in tries independent tries, as when seed 003
// says a 24 on 2d12 comes within 100 rolls about half the time.
func ChanceWithin(p Ratio, tries int) Ratio {
	missNum := p.den.clone().minus(p.num)
	allMiss, den := natOf(1), natOf(1)
	for range tries {
		allMiss, den = allMiss.times(missNum), den.times(p.den)
	}
	return ratio(den.clone().minus(allMiss), den)
}

var d12 = die{sides: 12, first: 1}

// twoD12Roll is the named roll "2d12 mod=+3 target=16 adv kind=save".
type twoD12Roll struct{ TwoD12Roll }

// twoD12Rolls are the system's named rolls other than the roll against a
// target.
var twoD12Rolls = []variant{
	{"take", parseTaken},
	{"vs", parseOpposed},
	{"damage", parseDamage},
	{"bonus", parseBonus("bonus")},
	{"dc", parseBonus("dc")},
	{"margin", parseMargin},
	{"fall", parseFall},
}

func parseTwoD12(args *namedArgs) (namedRoll, error) {
	if r, given, err := args.variant(twoD12Rolls); given {
		return r, err
	}
	var r twoD12Roll
	var err error
	if r.TwoD12Roll, err = parseTwoD12Roll(args); err != nil {
		return nil, err
	}
	return &r, args.finish("mod=, target=, kind=, level=, stat=, nat=, sup=, adv, adv2, dis and dis2")
}

// parseTwoD12Roll reads the words of a roll against a target.
func parseTwoD12Roll(args *namedArgs) (TwoD12Roll, error) {
	var t TwoD12Roll
	var err error
	if t.Modifier, _, err = args.integer("mod", 0, -1000, 1000); err != nil {
		return t, err
	}
	if t.Target, err = args.required("target", "2d12 mod=+3 target=16", -1000, 1000); err != nil {
		return t, err
	}
	// The bonuses of seed 003's formulas add to the modifier.
	bonus, _, err := parseBonuses(args)
	if err != nil {
		return t, err
	}
	t.Modifier += bonus
	t.Advantage = parseAdvantage(args)
	if w, err := args.lookup("kind"); err != nil {
		return t, err
	} else if w != nil {
		kind, ok := map[string]TwoD12Kind{"check": AbilityCheck, "save": Save, "attack": Attack}[strings.ToLower(w.value)]
		if !ok {
			return t, &SyntaxError{Col: w.valueCol, Msg: "kind must be check, save or attack, not " + strconv.Quote(w.value)}
		}
		t.Kind = kind
	}
	return t, nil
}

// parseAdvantage reads the flags adv, adv2, dis and dis2, each given by as
// many sources as may be, into a NetAdvantage.
func parseAdvantage(args *namedArgs) int {
	var advantages, disadvantages []int
	for level, suffix := range []string{"", "2"} {
		if args.flag("adv" + suffix) {
			advantages = append(advantages, level+1)
		}
		if args.flag("dis" + suffix) {
			disadvantages = append(disadvantages, level+1)
		}
	}
	return NetAdvantage(advantages, disadvantages)
}

func (r *twoD12Roll) outcomes() []string { return successOrFailure }

func (r *twoD12Roll) dist() *Dist {
	return r.ScoreDist().mapped(func(score int64) int64 { return int64(boolIndex(!r.succeeds(score))) })
}

func (r *twoD12Roll) roll(roller *Roller, rec *recorder) int64 {
	faces := r.throw(roller, rec, "")
	success := r.judge(faces, rec)
	if r.Kind == Attack {
		rec.line("damage dice rolled again and added once per kept 12: ", counted(int64(r.DamageRerolls(faces)), "time", "times"))
	}
	return int64(boolIndex(!success))
}

// throw rolls the roll's dice and records them, kept and dropped, under
// the name who ("" for the roll's own); it returns the faces.
func (t TwoD12Roll) throw(roller *Roller, rec *recorder, who string) []int64 {
	term := who + strconv.Itoa(t.Dice()) + "d12"
	faces, dropped := t.throwDice(roller, rec, term)
	switch {
	case t.Advantage > 0:
		term += " with advantage, dropping the lowest"
	case t.Advantage < 0:
		term += " with disadvantage, dropping the highest"
	}
	rec.line(term, ": ", d12.show(faces, dropped))
	return faces
}

// throwDice rolls the roll's dice and records them as the term's; it
// returns the faces and which are dropped.
func (t TwoD12Roll) throwDice(roller *Roller, rec *recorder, term string) (faces []int64, dropped []bool) {
	faces = make([]int64, t.Dice())
	for i := range faces {
		faces[i] = roller.face(d12)
	}
	dropped = droppedDice(faces, 2, t.Advantage >= 0)
	for i, face := range faces {
		rec.die(term, d12, face, dropped[i])
	}
	return faces, dropped
}

// keptText writes the kept faces and their specials for a breakdown: "12 +
// 7 specials +2".
func (t TwoD12Roll) keptText(faces []int64) string {
	var specials int64
	var sum []string
	for i, kept := range t.Kept(faces) {
		if kept {
			specials += SpecialScore(faces[i]) - faces[i]
			sum = append(sum, strconv.FormatInt(faces[i], 10))
		}
	}
	return strings.Join(sum, " + ") + " specials " + signedText(int(specials))
}

// judge records how thrown faces compare with the target, or the natural
// result they are, and returns whether they succeed.
func (t TwoD12Roll) judge(faces []int64, rec *recorder) bool {
	score := keptScore(faces, t.Kept(faces))
	success := t.succeeds(score)
	outcome := successOrFailure[boolIndex(!success)]
	if natural := t.natural(score); natural != 0 {
		pair := map[bool]string{true: "12-12", false: "1-1"}[natural > 0]
		rec.line(pair, " on a ", t.Kind.String(), " always ", map[bool]string{true: "succeeds", false: "fails"}[natural > 0], " → ", outcome)
		return success
	}
	comparison := map[bool]string{true: " ≥ ", false: " < "}[success]
	rec.line(t.keptText(faces), " modifier ", signedText(t.Modifier),
		" = ", strconv.FormatInt(score+int64(t.Modifier), 10), comparison, strconv.Itoa(t.Target), " → ", outcome)
	return success
}
