package rules

import "strconv"

// quantificationRoll is the named roll "fd100 set=d60", "fd100
// increase=d40 rating=30" or "fd100 decrease=d80 rating=50": a
// Quantification Roll of a decile die, read zero-based as fd100 reads it,
// and the rating it leaves, a number.
type quantificationRoll struct {
	kind    Quantification
	die     DecileDie
	rating  int
	reading DecileReading // how the players read their dice: reading=1 to 3, seed 000's alternatives
}

// quantificationWords are the words that introduce each Quantification.
var quantificationWords = [...]string{RollToSet: "set", RollToIncrease: "increase", RollToDecrease: "decrease"}

func parseQuantification(args *namedArgs) (namedRoll, error) {
	r := &quantificationRoll{}
	var given *word
	for kind, key := range quantificationWords {
		w, err := args.lookup(key)
		switch {
		case err != nil:
			return nil, err
		case w != nil && given != nil:
			return nil, &SyntaxError{Col: w.col, Msg: "give one of set=, increase= and decrease=, not " + given.key + "= and " + key + "="}
		case w != nil:
			given, r.kind = w, Quantification(kind)
		}
	}
	if given == nil {
		col, _ := args.column(quantificationWords[:]...)
		return nil, &SyntaxError{Col: col, Msg: "a Quantification Roll names its decile die, as in \"fd100 set=d60\""}
	}
	die, ok := ParseDecileDie(given.value)
	if !ok {
		return nil, &SyntaxError{Col: given.valueCol, Msg: given.key + "= takes a decile die (d20, d40, … d200), not " + strconv.Quote(given.value)}
	}
	r.die = die
	rating, hasRating, err := args.integer("rating", 0, 0, DecileDice[len(DecileDice)-1].Sides)
	switch {
	case err != nil:
		return nil, err
	case r.kind == RollToSet && hasRating:
		col, _ := args.column("rating")
		return nil, &SyntaxError{Col: col, Msg: "a Roll to Set takes no rating=: the roll replaces it"}
	case r.kind != RollToSet && !hasRating:
		return nil, &SyntaxError{Col: args.end, Msg: "a Roll to " + given.key + " needs the rating it changes, as in \"fd100 " + given.key + "=d40 rating=30\""}
	}
	r.rating = rating
	reading, _, err := args.integer("reading", int(PaintedZeroBased), int(PaintedZeroBased), int(HighestTensAsZero))
	r.reading = DecileReading(reading)
	if err != nil {
		return nil, err
	}
	return r, args.finish("set=, increase= or decrease=, rating= and reading=")
}

func (r *quantificationRoll) outcomes() []string { return nil }

func (r *quantificationRoll) dist() *Dist {
	return r.reading.Dist(r.die).mapped(func(roll int64) int64 { return int64(r.kind.Apply(r.rating, int(roll))) })
}

func (r *quantificationRoll) roll(roller *Roller, rec *recorder) int64 {
	var face int64
	if r.reading == PaintedZeroBased {
		d := FD100System.die(r.die.Sides)
		face = roller.face(d)
		rec.die(r.die.Name(), d, face, false)
	} else {
		face = int64(r.reading.throw(roller, rec, r.die))
	}
	after := r.kind.Apply(r.rating, int(face))
	line := r.die.Name() + " = " + strconv.FormatInt(face, 10)
	than := map[Quantification]string{RollToIncrease: "higher", RollToDecrease: "lower"}[r.kind] + " than " + strconv.Itoa(r.rating)
	switch {
	case r.kind == RollToSet:
		line += ": the rating is set to it"
	case after != r.rating:
		line += ": " + than + ", which it replaces"
	default:
		line += ": not " + than + ", which stays"
	}
	rec.line(line)
	return int64(after)
}
