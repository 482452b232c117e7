package rules

import "strconv"

// condition is a compare point: which faces of a die a modifier acts on
// ("r1", "!>8", ">4", "f1", "c10"). The comparisons are strict as written:
// >4 is 5 and up, as Foundry and Icepool read it; Roll20 reads its compare
// points > as "or more", so a Roll20 8d10>7 is galley's 8d10>=7.
type condition struct {
	op    string // "=", ">", ">=", "<", "<="
	value int64
}

// holds reports whether a face meets the condition.
func (c condition) holds(face int64) bool {
	switch c.op {
	case "=":
		return face == c.value
	case ">":
		return face > c.value
	case ">=":
		return face >= c.value
	case "<":
		return face < c.value
	}
	return face <= c.value
}

// String writes the condition as notation does, "=" left out as a bare
// number is.
func (c condition) String() string {
	if c.op == "=" {
		return strconv.FormatInt(c.value, 10)
	}
	return c.op + strconv.FormatInt(c.value, 10)
}

// count returns how many of the die's faces meet the condition.
func (c condition) count(d die) int {
	n := 0
	for face := d.first; face <= d.last(); face++ {
		if c.holds(face) {
			n++
		}
	}
	return n
}
