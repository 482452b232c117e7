package rules

import (
	"strconv"
	"strings"
)

// MaxRivals is the most other Combatants a turn order roll may name. It keeps
// the common denominator of the tie-break draws, lcm(1, …, MaxRivals+1), and
// its product with a rating within a machine word.
const MaxRivals = 30

// turnOrderRoll is the named roll "fd100 initiative=50 rivals=50,60,40": the
// Turn a Combatant with that Initiative takes in the first Round of Combat (1
// for the first) among rivals with those ratings. Every Combatant's starting
// Disposition comes from her own Initiative roll (StartingDisposition), so
// ties of Initiative are broken by those rolls, then by a uniform draw, as
// InitiativeOrder breaks them. Its outcome is the Turn, a number.
type turnOrderRoll struct {
	initiative int
	rivals     []int
}

func parseTurnOrder(args *namedArgs) (namedRoll, error) {
	r := &turnOrderRoll{}
	var err error
	if r.initiative, err = args.required("initiative", "fd100 initiative=50 rivals=50,60", 0, 100); err != nil {
		return nil, err
	}
	for _, item := range args.items("rivals") {
		if len(r.rivals) == MaxRivals {
			return nil, &SyntaxError{Col: item.col, Msg: "at most " + strconv.Itoa(MaxRivals) + " rivals"}
		}
		rating, err := parseBounded(item.text, item.col, "a rival's Initiative", 0, 100)
		if err != nil {
			return nil, err
		}
		r.rivals = append(r.rivals, rating)
	}
	if len(r.rivals) == 0 {
		return nil, &SyntaxError{Col: args.end, Msg: "a turn order needs the rivals' Initiative, as in \"fd100 initiative=50 rivals=50,60\""}
	}
	return r, args.finish("initiative= and rivals=")
}

func (r *turnOrderRoll) outcomes() []string { return nil }

// dist counts, for each number of rivals tied with the Combatant who start
// Holding, where the tie-break draw can put her. Rivals of other ratings go
// before or after whatever the dice say, and their rolls are left out.
func (r *turnOrderRoll) dist() *Dist {
	ahead, tied := 0, 0
	for _, rating := range r.rivals {
		switch {
		case rating > r.initiative:
			ahead++
		case rating == r.initiative:
			tied++
		}
	}
	// Each draw among m tied is one of m equally likely places; counting
	// every draw over lcm(1, …, tied+1) ways keeps one denominator.
	draws := uint64(1)
	for m := uint64(2); m <= uint64(tied+1); m++ {
		draws = lcm(draws, m)
	}
	success, failure := uint64(r.initiative), uint64(100-r.initiative)
	holding := binomialDist(tied, int64(success), int64(failure)) // rivals tied who start Holding
	acc := newAccumulator(int64(ahead+1), int64(ahead+tied+1), tied+1)
	for i, k := range holding.values {
		// She starts Holding with the k rivals who do; or Recoiling, after
		// them, with the others.
		for _, place := range []struct {
			ways        uint64
			before, tie int64
		}{{success, 0, k}, {failure, k, int64(tied) - k}} {
			ways := holding.counts[i].timesWord(place.ways * (draws / uint64(place.tie+1)))
			for j := range place.tie + 1 {
				acc.add(int64(ahead)+place.before+j+1, ways)
			}
		}
	}
	return acc.dist()
}

// lcm returns the least common multiple of a and b.
func lcm(a, b uint64) uint64 {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}

// roll throws every Combatant's Initiative roll and orders them as
// InitiativeOrder does.
func (r *turnOrderRoll) roll(roller *Roller, rec *recorder) int64 {
	combatants := []Combatant{{Name: "you", Initiative: r.initiative}}
	for i, rating := range r.rivals {
		combatants = append(combatants, Combatant{Name: "rival " + strconv.Itoa(i+1), Initiative: rating})
	}
	for i := range combatants {
		c := &combatants[i]
		roll := int(roller.face(d100))
		rec.die(c.Name, d100, int64(roll), false)
		c.Disposition = StartingDisposition(BooleanRoll(roll, c.Initiative))
		rec.line(c.Name, ": d100 = ", strconv.Itoa(roll), " ", versus(roll, "match", "Initiative", c.Initiative, Matches), " → ", c.Disposition.String())
	}
	order := InitiativeOrder(combatants, roller)
	turn := 0
	names := make([]string, len(order))
	for i, c := range order {
		names[i] = c.Name
		if c.Name == "you" {
			turn = i + 1
		}
	}
	rec.line("turn order: ", strings.Join(names, ", "))
	return int64(turn)
}
