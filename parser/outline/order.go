package outline

import (
	"strconv"

	"github.com/galleyhq/galley/parser/ast"
)

// An outline may be a draft cut from a longer manuscript, keeping its
// numbers: Table 1, 3, 10, 11… A gap is then no fault, but a number that
// goes back or comes again is one, since a reference to it finds only the
// first. The outline checks its captions' and boxes' numbers so, and the
// checker leaves them be (ast.Document.NumbersChecked).

// checkOrder warns of each caption and box whose number is not above the
// last of its kind.
func (r *reader) checkOrder() {
	type seen struct {
		number int
		at     ast.Pos
	}
	last := map[string]seen{}
	first := map[string]map[int]ast.Pos{}
	check := func(kind string, number int, at ast.Pos, code string) {
		prev, ok := last[kind]
		if ok && number <= prev.number {
			msg := kind + " " + strconv.Itoa(number) + " comes after " + kind + " " + strconv.Itoa(prev.number) + " (line " + strconv.Itoa(prev.at.Line) + ")"
			if earlier, repeated := first[kind][number]; repeated {
				msg = kind + " " + strconv.Itoa(number) + " is numbered as line " + strconv.Itoa(earlier.Line) + "'s is: references to it find that one"
			}
			r.p.Diags.Warnf(at, code, msg)
		}
		if first[kind] == nil {
			first[kind] = map[int]ast.Pos{}
		}
		if _, repeated := first[kind][number]; !repeated {
			first[kind][number] = at
		}
		if !ok || number > prev.number {
			last[kind] = seen{number, at}
		}
	}
	for _, c := range r.captions {
		check(c.Label, c.Number, c.NumberPos, "caption/order")
	}
	for _, b := range r.boxes {
		if kind, ok := b.BoxKind.RefKind(); ok {
			check(boxKindNames[kind], b.Number, b.NumberPos, "box/order")
		}
	}
}

// boxKindNames name the kinds of numbered box.
var boxKindNames = map[ast.RefKind]string{
	ast.RefRulesSummary: "Rules Summary",
	ast.RefExample:      "Example",
	ast.RefNote:         "Note",
}
