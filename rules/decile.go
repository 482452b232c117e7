package rules

import (
	"strconv"
	"strings"
)

// DecileDie is one of the decile dice fd100 quantifies with: seed 000 names
// the d20 to the d100 and, for players who zero-base a d12, d14, d16 or d18
// as a tens die, the d120, d140, d160 and d180, "even the d200"; seed 001
// tabulates the d120 and d200. All but the d20 are a zero-based tens die and a
// zero-based d10 for the ones, read tens-then-ones like a printed numeral, so
// each gives 0 to Sides−1: a d60 is a d6 (0–5) and a d10 (0–9), 00 to 59.
type DecileDie struct {
	Sides     int // 20, 40, 60, 80, 100, 120, 140, 160, 180 or 200
	TensSides int // faces of the tens die; 0 for the d20, which is rolled alone
}

// DecileDice lists the decile dice from the smallest.
var DecileDice = []DecileDie{{20, 0}, {40, 4}, {60, 6}, {80, 8}, {100, 10}, {120, 12}, {140, 14}, {160, 16}, {180, 18}, {200, 20}}

// LookupDecileDie returns the decile die with the given number of sides.
func LookupDecileDie(sides int) (DecileDie, bool) {
	for _, d := range DecileDice {
		if d.Sides == sides {
			return d, true
		}
	}
	return DecileDie{}, false
}

// ParseDecileDie returns the decile die a book names ("d60", "D60").
func ParseDecileDie(name string) (DecileDie, bool) {
	digits, ok := strings.CutPrefix(strings.ToLower(strings.TrimSpace(name)), "d")
	if !ok {
		return DecileDie{}, false
	}
	sides, err := strconv.Atoi(digits)
	if err != nil {
		return DecileDie{}, false
	}
	return LookupDecileDie(sides)
}

// Name returns the die's name, "d60".
func (d DecileDie) Name() string { return "d" + strconv.Itoa(d.Sides) }

// Range returns the least and greatest results, 0 and Sides−1.
func (d DecileDie) Range() (lo, hi int) { return 0, d.Sides - 1 }

// TensDie returns the name of the tens die ("d6"), or "" for the d20.
func (d DecileDie) TensDie() string {
	if d.TensSides == 0 {
		return ""
	}
	return "d" + strconv.Itoa(d.TensSides)
}

// OnesDie returns the name of the ones die: the d10, or the d20 itself.
func (d DecileDie) OnesDie() string {
	if d.TensSides == 0 {
		return d.Name()
	}
	return "d10"
}

// OnesSides returns the faces of the ones die.
func (d DecileDie) OnesSides() int {
	if d.TensSides == 0 {
		return d.Sides
	}
	return 10
}

// Dist returns the exact distribution of a roll: uniform over 0..Sides−1.
func (d DecileDie) Dist() *Dist { return uniformDist(0, int64(d.Sides-1)) }

// DecileReading is one of the seed's ways of rolling decile dice with the
// dice players own. Seed 000 lists them as alternatives 1 to 3 (4 is an app).
type DecileReading int

const (
	// PaintedZeroBased is alternative 1, the seed's preference: blank dice
	// painted 0 to n−1, read as they fall. Every decile die gives 0 to Sides−1.
	PaintedZeroBased DecileReading = iota + 1
	// SubtractTen is alternative 2: ordinary one-based tens dice (and d20),
	// read as a numeral and reduced by 10 (the d20 by 1). Same range as
	// PaintedZeroBased, at the cost of arithmetic.
	SubtractTen
	// HighestTensAsZero is alternative 3: ordinary one-based tens dice, whose
	// highest face reads as 0 unless the d10 shows 0 (a d20's 20 reads as 0).
	//
	// Reading: as the seed writes it, this yields 1 to Sides for the
	// composite dice, not 0 to Sides−1: a d60 gives 1–60, because tens 6 and
	// ones 0 reads as 60 and nothing reads as 00. The engine implements the
	// rule as written so that a book can show the difference; the d20 and the
	// d100 (two zero-based d10s) are unaffected.
	HighestTensAsZero
)

var decileReadingNames = [...]string{PaintedZeroBased: "painted zero-based dice", SubtractTen: "subtract ten", HighestTensAsZero: "highest tens digit as zero"}

// String names the reading for tables and breakdowns.
func (r DecileReading) String() string { return decileReadingNames[r] }

// oneBased reports whether, in this reading, the die's tens die (or the d20
// alone) is an ordinary one-based die. The d100's tens die is a d10, which
// players own zero-based, so no reading changes it.
func (r DecileReading) oneBased(d DecileDie) bool {
	return r != PaintedZeroBased && d.TensSides != 10
}

// TensFaces returns the faces of the tens die in this reading (for the d20,
// which has none, 0 and -1: an empty range).
func (r DecileReading) TensFaces(d DecileDie) (lo, hi int) {
	if d.TensSides == 0 {
		return 0, -1
	}
	if r.oneBased(d) {
		return 1, d.TensSides
	}
	return 0, d.TensSides - 1
}

// OnesFaces returns the faces of the ones die in this reading: the d10 is
// always zero-based; a d20 rolled alone is one-based except when painted.
func (r DecileReading) OnesFaces(d DecileDie) (lo, hi int) {
	if d.TensSides == 0 && r.oneBased(d) {
		return 1, d.Sides
	}
	return 0, d.OnesSides() - 1
}

// Read returns the result of the decile die d when its tens die shows tens
// and its ones die ones (for the d20, ones is the d20's face and tens is
// ignored), faces being as TensFaces and OnesFaces say.
func (r DecileReading) Read(d DecileDie, tens, ones int) int {
	if d.TensSides == 0 {
		switch {
		case !r.oneBased(d):
			return ones
		case r == SubtractTen:
			return ones - 1
		case ones == d.Sides:
			return 0
		}
		return ones
	}
	numeral := tens*10 + ones
	switch {
	case !r.oneBased(d):
		return numeral
	case r == SubtractTen:
		return numeral - 10
	case tens == d.TensSides && ones != 0:
		return ones
	}
	return numeral
}

// Dist returns the exact distribution of the decile die d rolled this way,
// to show how the readings differ.
func (r DecileReading) Dist(d DecileDie) *Dist {
	ways := make(map[int64]int64)
	tensLo, tensHi := r.TensFaces(d)
	if d.TensSides == 0 {
		tensHi = tensLo // one pass: the d20 has no tens die
	}
	onesLo, onesHi := r.OnesFaces(d)
	for tens := tensLo; tens <= tensHi; tens++ {
		for ones := onesLo; ones <= onesHi; ones++ {
			ways[int64(r.Read(d, tens, ones))]++
		}
	}
	return weightedDist(ways)
}

// throw rolls the decile die d with the dice this reading uses, records
// them, and returns the result as the reading reads it.
func (r DecileReading) throw(roller *Roller, rec *recorder, d DecileDie) int {
	onesLo, onesHi := r.OnesFaces(d)
	ones := onesLo + roller.index(onesHi-onesLo+1)
	tens := 0
	if d.TensSides > 0 {
		tensLo, tensHi := r.TensFaces(d)
		tens = tensLo + roller.index(tensHi-tensLo+1)
		rec.dice = append(rec.dice, RolledDie{Term: d.Name(), Sides: d.TensSides, Face: int64(tens)})
	}
	rec.dice = append(rec.dice, RolledDie{Term: d.Name(), Sides: d.OnesSides(), Face: int64(ones)})
	read := r.Read(d, tens, ones)
	if d.TensSides > 0 {
		rec.line(d.Name(), " read the ", r.String(), " way: tens ", strconv.Itoa(tens), ", ones ", strconv.Itoa(ones), " → ", strconv.Itoa(read))
	}
	return read
}
