package rules

import (
	"slices"
	"strconv"
	"strings"
)

// Seed 001's rolls of a single pool whose successes come to a number: the
// Costs and Risks of exploring (Hunger, Spoilage, Obstacle, Infection),
// Effects checked, healing Wounds, summoning Swarmlings, the Encounter
// rolls of a Level, and the Events an Exploration Action's degree brings.

// survivalRoll is one of those rolls: dice d6 rolled, their successes
// turned into the number value gives, which why explains for the
// breakdown.
type survivalRoll struct {
	PoolRoll
	value func(successes int) int
	why   func(successes int) string
	words string // the roll in words, as a book prints it
}

// survivalRolls are the pool's survival rolls, by the word that names them,
// with an example for the messages and the words each takes.
var survivalRolls = []struct {
	word, example string
	parse         func(args *namedArgs, r *survivalRoll) error
}{
	{"hunger", "pool hunger=7 level=3", parseHungerCost},
	{"spoilage", "pool spoilage=4", parseSpoilage},
	{"obstacle", "pool obstacle dice=5 level=3", parseObstacle},
	{"infection", "pool infection dice=5 level=3 infected=1", parseInfection},
	{"effects", "pool effects=3,2,1", parseEffectsCheck},
	{"heal", "pool heal dice=6 wounds=3", parseHeal},
	{"swarmlings", "pool swarmlings dice=5 level=3", parseSwarmlings},
	{"encounter", "pool encounter level=5", parseEncounter},
}

// survivalVariants are the variants parsePool tries for the survival rolls.
func survivalVariants() []variant {
	var vs []variant
	for _, s := range survivalRolls {
		vs = append(vs, variant{s.word, func(args *namedArgs) (namedRoll, error) {
			args.flag(s.word)
			r := &survivalRoll{}
			var err error
			if r.SuccessFace, err = poolSuccessFace(args); err != nil {
				return nil, err
			}
			if err := s.parse(args, r); err != nil {
				return nil, err
			}
			return r, args.finish("the words of " + strconv.Quote(s.example) + " and success=")
		}})
	}
	return vs
}

// levelWord reads level=, the Nest Level, which many rolls use as their
// Difficulty or their dice.
func levelWord(args *namedArgs, example string) (int, error) {
	return args.required("level", example, 0, MaxNestLevel)
}

// parseHungerCost reads "pool hunger=7 level=3": a Hunger Cost paid without
// eating, Hunger rising by the successes of a roll of Level dice, to at
// most 10, Starving. At 10 the character dies instead, and Hunger stays.
func parseHungerCost(args *namedArgs, r *survivalRoll) error {
	hunger, err := args.required("hunger", "pool hunger=7 level=3", 0, StarvingHunger)
	if err != nil {
		return err
	}
	if r.Dice, err = levelWord(args, "pool hunger=7 level=3"); err != nil {
		return err
	}
	r.words = "a Hunger Cost at Hunger " + strconv.Itoa(hunger) + ", Level " + strconv.Itoa(r.Dice)
	if hunger == StarvingHunger {
		r.Dice = 0
	}
	r.value = func(s int) int { return min(hunger+s, StarvingHunger) }
	r.why = func(s int) string {
		if hunger == StarvingHunger {
			return "Hunger is at 10: the character dies of starvation"
		}
		return "Hunger " + strconv.Itoa(hunger) + " + " + strconv.Itoa(s) + " → " + strconv.Itoa(r.value(s))
	}
	return nil
}

// StarvingHunger is the Hunger rating at which a character is Starving.
const StarvingHunger = 10

// parseSpoilage reads "pool spoilage=4": a Food Item's Spoilage Roll, its
// rating dice; the new rating is the successes, or, with none, the rating
// unchanged but the Food Spoiled.
func parseSpoilage(args *namedArgs, r *survivalRoll) error {
	rating, err := args.required("spoilage", "pool spoilage=4", 0, MaxNamedDice)
	if err != nil {
		return err
	}
	r.Dice = rating
	r.words = "the Spoilage Roll of Food rated " + strconv.Itoa(rating)
	r.value = func(s int) int {
		if s == 0 {
			return rating
		}
		return s
	}
	r.why = func(s int) string {
		if s == 0 {
			return "no success: the rating stays " + strconv.Itoa(rating) + ", and the Food is Spoiled"
		}
		return "the Food's rating is now " + strconv.Itoa(s)
	}
	return nil
}

// parseObstacle reads "pool obstacle dice=5 level=3": STR + Construction
// against an Obstacle's Obstruction, which starts at the Level; a success
// reduces it by the net successes; the number is the Obstruction left (a
// failure leaves it, and costs a Wound).
func parseObstacle(args *namedArgs, r *survivalRoll) error {
	var err error
	if r.Dice, err = args.required("dice", "pool obstacle dice=5 level=3", 0, MaxNamedDice); err != nil {
		return err
	}
	obstruction, err := levelWord(args, "pool obstacle dice=5 level=3")
	if err != nil {
		return err
	}
	r.words = diceWords(r.Dice) + " against an Obstacle at Level " + strconv.Itoa(obstruction)
	r.value = func(s int) int {
		if net := s - obstruction; net > 0 {
			return max(0, obstruction-net)
		}
		return obstruction
	}
	r.why = func(s int) string {
		if s-obstruction <= 0 {
			return "the roll fails: the Obstruction stays " + strconv.Itoa(obstruction) + ", and the character takes a Wound"
		}
		return "Obstruction " + strconv.Itoa(obstruction) + " reduced to " + strconv.Itoa(r.value(s))
	}
	return nil
}

// parseInfection reads "pool infection dice=5 level=3 infected=1": Strength
// + Healing against the Level, the current Infected a negative modifier;
// on a failure the character gains Infected equal to the net successes.
//
// Reading: a failure is a net of 0 or less, and the Infected gained is how
// far the net falls below 0 (a tie gains none).
func parseInfection(args *namedArgs, r *survivalRoll) error {
	dice, err := args.required("dice", "pool infection dice=5 level=3", 0, MaxNamedDice)
	if err != nil {
		return err
	}
	level, err := levelWord(args, "pool infection dice=5 level=3")
	if err != nil {
		return err
	}
	infected, _, err := args.integer("infected", 0, 0, MaxNamedDice)
	if err != nil {
		return err
	}
	r.Dice = PoolSize(dice, 0, infected)
	r.words = "an Infection roll of " + diceWords(dice) + " at Level " + strconv.Itoa(level)
	if infected > 0 {
		r.words += ", Infected " + strconv.Itoa(infected)
	}
	r.value = func(s int) int { return max(0, level-s) }
	r.why = func(s int) string {
		return strconv.Itoa(s) + " against Level " + strconv.Itoa(level) + ": Infected +" + strconv.Itoa(r.value(s))
	}
	return nil
}

// parseEffectsCheck reads "pool effects=3,2,1": the Effects a character is
// subject to, checked at once by a roll of the highest rating's dice; the
// number is how many trigger.
//
// Reading: an Effect triggers when the roll "Beats" it, its successes at
// least its rating, as meeting beats a target elsewhere.
func parseEffectsCheck(args *namedArgs, r *survivalRoll) error {
	var ratings []int
	for _, item := range args.items("effects") {
		n, err := parseBounded(item.text, item.col, "an Effect's rating", 1, MaxNamedDice)
		if err != nil {
			return err
		}
		ratings = append(ratings, n)
	}
	if len(ratings) == 0 {
		return &SyntaxError{Col: args.end, Msg: "effects= needs the ratings of the Effects, as in \"pool effects=3,2,1\""}
	}
	r.Dice = slices.Max(ratings)
	r.words = "Effects rated " + listWords(ratings, "") + ", checked"
	r.value = func(s int) int {
		n := 0
		for _, rating := range ratings {
			n += boolIndex(s >= rating)
		}
		return n
	}
	r.why = func(s int) string {
		return strconv.Itoa(r.value(s)) + " of the Effects rated at most " + strconv.Itoa(s) + " trigger"
	}
	return nil
}

// parseHeal reads "pool heal dice=6 wounds=3": Food Rating + Healing
// against the Wounds; a success heals one Wound per net success.
func parseHeal(args *namedArgs, r *survivalRoll) error {
	var err error
	if r.Dice, err = args.required("dice", "pool heal dice=6 wounds=3", 0, MaxNamedDice); err != nil {
		return err
	}
	wounds, err := args.required("wounds", "pool heal dice=6 wounds=3", 0, MaxNamedDice)
	if err != nil {
		return err
	}
	r.words = "healing " + strconv.Itoa(wounds) + " Wounds with " + diceWords(r.Dice)
	r.value = func(s int) int { return min(wounds, max(0, s-wounds)) }
	r.why = func(s int) string {
		return strconv.Itoa(s) + " against " + strconv.Itoa(wounds) + " Wounds: " + strconv.Itoa(r.value(s)) + " healed"
	}
	return nil
}

// parseSwarmlings reads "pool swarmlings dice=5 level=3": Swarms +
// Leadership against the Level; a success regains one Swarm per net
// success.
func parseSwarmlings(args *namedArgs, r *survivalRoll) error {
	var err error
	if r.Dice, err = args.required("dice", "pool swarmlings dice=5 level=3", 0, MaxNamedDice); err != nil {
		return err
	}
	level, err := levelWord(args, "pool swarmlings dice=5 level=3")
	if err != nil {
		return err
	}
	r.words = "regaining Swarms with " + diceWords(r.Dice) + " at Level " + strconv.Itoa(level)
	r.value = func(s int) int { return max(0, s-level) }
	r.why = func(s int) string {
		return strconv.Itoa(s) + " against Level " + strconv.Itoa(level) + ": " + strconv.Itoa(r.value(s)) + " Swarms regained"
	}
	return nil
}

// EncounterRolls returns how many times the Level is rolled to generate an
// Encounter, by seed 001's table: Levels 1-2 once, 3-4 twice, 5-7 three
// times, 8-10 four times.
//
// Reading: the table stops at Level 10; deeper Levels roll four times, and
// Level 0, the Nest's entrance, none.
func EncounterRolls(level int) int {
	switch {
	case level <= 0:
		return 0
	case level <= 2:
		return 1
	case level <= 4:
		return 2
	case level <= 7:
		return 3
	}
	return 4
}

// parseEncounter reads "pool encounter level=5": the successes of the
// Level's dice rolled as many times as EncounterRolls says, all added, which
// the Nest's Encounter Table is read with.
func parseEncounter(args *namedArgs, r *survivalRoll) error {
	level, err := levelWord(args, "pool encounter level=5")
	if err != nil {
		return err
	}
	r.Dice = level * EncounterRolls(level)
	r.words = "the Encounter rolls of Level " + strconv.Itoa(level)
	r.value = func(s int) int { return s }
	r.why = func(s int) string {
		return strconv.Itoa(EncounterRolls(level)) + " rolls of " + strconv.Itoa(level) + "d6: " + counted(int64(s), "success", "successes")
	}
	return nil
}

func (r *survivalRoll) outcomes() []string { return nil }

func (r *survivalRoll) dist() *Dist {
	return r.successDist(r.Dice).mapped(func(s int64) int64 { return int64(r.value(int(s))) })
}

func (r *survivalRoll) roll(roller *Roller, rec *recorder) int64 {
	s := r.rollPool(roller, rec, "pool", r.Dice)
	rec.line(r.why(s))
	return int64(r.value(s))
}

// ExplorationEvents returns the kinds of Event an Exploration Action of the
// degree brings, as seed 001's Exploration Action Formula (its Figure 24)
// lists them: Reward, Reward, Reward at a Critical Success down to Cost,
// Cost, Cost at a Critical Failure.
func ExplorationEvents(d PoolDegree) []string {
	return [...][]string{
		PoolCriticalFailure: {"Cost", "Cost", "Cost"},
		PoolTotalFailure:    {"Cost", "Cost", "Risk"},
		PoolPartialFailure:  {"Cost", "Risk", "Risk"},
		PoolPartialSuccess:  {"Cost", "Risk", "Reward"},
		PoolTotalSuccess:    {"Risk", "Reward", "Reward"},
		PoolCriticalSuccess: {"Reward", "Reward", "Reward"},
	}[d]
}

// exploreRoll is "pool explore dice=5 level=3 events=rewards": Exploration
// against the Nest Level, and how many Events of the kind its degree
// brings, a number.
type exploreRoll struct {
	PoolRoll
	kind string // "Cost", "Risk" or "Reward"
}

func parseExplore(args *namedArgs) (namedRoll, error) {
	args.flag("explore")
	r := &exploreRoll{}
	var err error
	example := "pool explore dice=5 level=3 events=rewards"
	if r.Dice, err = args.required("dice", example, 0, MaxNamedDice); err != nil {
		return nil, err
	}
	if r.Difficulty, err = levelWord(args, example); err != nil {
		return nil, err
	}
	if r.SuccessFace, err = poolSuccessFace(args); err != nil {
		return nil, err
	}
	w, err := args.value("events", example)
	if err != nil {
		return nil, err
	}
	kind, ok := map[string]string{"costs": "Cost", "risks": "Risk", "rewards": "Reward"}[strings.ToLower(w.value)]
	if !ok {
		return nil, &SyntaxError{Col: w.valueCol, Msg: "events= takes costs, risks or rewards, not " + strconv.Quote(w.value)}
	}
	r.kind = kind
	return r, args.finish("dice=, level=, events= and success=")
}

func (r *exploreRoll) outcomes() []string { return nil }

func (r *exploreRoll) count(net int) int64 {
	n := 0
	for _, k := range ExplorationEvents(PoolDegreeOf(net)) {
		n += boolIndex(k == r.kind)
	}
	return int64(n)
}

func (r *exploreRoll) dist() *Dist {
	return r.netDist().mapped(func(net int64) int64 { return r.count(int(net)) })
}

func (r *exploreRoll) roll(roller *Roller, rec *recorder) int64 {
	net := r.throw(roller, rec)
	d := PoolDegreeOf(net)
	rec.line("net ", signedText(net), " → ", d.String(), ": ", strings.Join(ExplorationEvents(d), ", "))
	return r.count(net)
}
