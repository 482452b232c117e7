package rules

import "strconv"

// luckRoll is the named roll "fd100 luck=11 rolls=10": the Luck rating
// after that many d100 rolls (one unless rolls= says), each double moving the
// Luck marker (LuckAfter). Its outcome is the rating, a number.
type luckRoll struct {
	luck, rolls int
}

func parseLuck(args *namedArgs) (namedRoll, error) {
	r := &luckRoll{}
	var err error
	if r.luck, err = args.required("luck", "fd100 luck=11 rolls=10", 0, 100); err != nil {
		return nil, err
	}
	if r.rolls, _, err = args.integer("rolls", 1, 1, MaxNamedDice); err != nil {
		return nil, err
	}
	return r, args.finish("luck= and rolls=")
}

// LuckDist returns the exact distribution of the Luck rating after rolls
// d100 rolls, starting from luck: the marker's track is a Markov chain of a
// dozen states, walked a roll at a time.
func LuckDist(luck, rolls int) *Dist {
	moves := map[int64]*Dist{} // the rating after one roll, from each rating
	move := func(rating int64) *Dist {
		if moves[rating] == nil {
			moves[rating] = d100Dist.mapped(func(roll int64) int64 { return int64(LuckAfter(int(rating), int(roll))) })
		}
		return moves[rating]
	}
	d := constantDist(int64(luck))
	for range rolls {
		d = d.mixture(move)
	}
	return d
}

// d100Dist is the d100's rolls, 00 to 99.
var d100Dist = uniformDist(0, 99)

func (r *luckRoll) outcomes() []string { return nil }

func (r *luckRoll) dist() *Dist { return LuckDist(r.luck, r.rolls) }

// roll throws the d100s and lists the doubles, which alone move the marker.
func (r *luckRoll) roll(roller *Roller, rec *recorder) int64 {
	luck := r.luck
	for i := range r.rolls {
		roll := int(roller.face(d100))
		rec.die("d100", d100, int64(roll), false)
		if IsDouble(roll) || r.rolls == 1 {
			after := LuckAfter(luck, roll)
			rec.line("roll ", strconv.Itoa(i+1), ": d100 = ", strconv.Itoa(roll), map[bool]string{true: ", a double", false: ", not a double"}[IsDouble(roll)],
				" → Luck ", strconv.Itoa(after), "%")
			luck = after
		}
	}
	if r.rolls > 1 {
		rec.line("Luck ", strconv.Itoa(r.luck), "% → ", strconv.Itoa(luck), "% after ", counted(int64(r.rolls), "roll", "rolls"))
	}
	return int64(luck)
}
