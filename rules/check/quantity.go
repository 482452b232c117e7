package check

import (
	"errors"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// A quantity is what a prose claim, or a cell of a generated table, states
// about a roll, read in the book's system:
//
//	mean EXPR, min EXPR, max EXPR     the roll's mean, least or greatest value
//	P(EXPR >= N)                      the chance of an event: >=, ≥, >, <=, ≤, <, =
//	P(EXPR = OUTCOME)                 the chance of a named roll's outcome
//	P(…) in N                         …at least once in N tries ("in 100 rolls")
//
// The comparison is the last one in the parentheses written after a space,
// so that "P(8d6>4 >= 3)" is the chance of three hits or more: the count
// 8d6>4 is notation, written without one.
type quantity struct {
	expr string
	// exprAt is where expr starts in the quantity as written, in runes,
	// so that the engine's column can be placed.
	exprAt int
	stat   oddsColumn
	// label is the outcome of a named roll, when stat.kind is "label".
	label string
	// tries is how many tries the chance is of at least once; 1 for one.
	tries int
}

// maxTries bounds "in N": the exact chance of a 1/144 event within N tries
// is a fraction of 4N digits or so.
const maxTries = 10000

// quantityForms names the forms a quantity may take, for messages.
const quantityForms = `"mean EXPR", "min EXPR", "max EXPR", "P(EXPR >= N)" or "P(EXPR = Outcome)", optionally followed by "in N" tries`

// isQuantity reports whether s is written as a quantity rather than as a
// roll: no dice expression starts with these words.
func isQuantity(s string) bool {
	for _, start := range []string{"mean ", "min ", "max ", "p("} {
		if hasPrefixFold(s, start) {
			return true
		}
	}
	return false
}

// hasPrefixFold reports whether s starts with prefix, in either case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// parseQuantity reads a quantity.
func parseQuantity(s string) (quantity, error) {
	for _, measure := range []string{"mean", "min", "max"} {
		if hasPrefixFold(s, measure+" ") {
			expr := strings.TrimSpace(s[len(measure):])
			return quantity{expr: expr, exprAt: textStart(s, len(measure)), stat: oddsColumn{kind: measure}, tries: 1}, nil
		}
	}
	if !hasPrefixFold(s, "p(") {
		return quantity{}, errors.New("expected " + quantityForms)
	}
	closing := strings.LastIndexByte(s, ')')
	if closing < 0 {
		return quantity{}, errors.New(`missing ")" after "P("`)
	}
	q := quantity{tries: 1, exprAt: textStart(s, len("P("))}
	if err := q.readEvent(s[len("P("):closing]); err != nil {
		return quantity{}, err
	}
	if after := strings.TrimSpace(s[closing+1:]); after != "" {
		tries, err := parseTries(after)
		if err != nil {
			return quantity{}, err
		}
		q.tries = tries
	}
	return q, nil
}

// textStart returns where the text after s[:from] starts, past the white
// space strings.TrimSpace would drop, in runes.
func textStart(s string, from int) int {
	at := len(s) - len(strings.TrimLeftFunc(s[from:], unicode.IsSpace))
	return utf8.RuneCountInString(s[:at])
}

// comparisons are the comparisons of an event, the longest spelling of each
// first, with the column kind each is read as.
var comparisons = []struct{ written, kind string }{
	{">=", ">="}, {"≥", ">="}, {"<=", "<="}, {"≤", "<="}, {">", ">"}, {"<", "<"}, {"=", "="},
}

// readEvent reads "EXPR >= N" or "EXPR = Outcome" into q.
func (q *quantity) readEvent(event string) error {
	at, kind, width := -1, "", 0
	for i := 1; i < len(event); i++ {
		if event[i-1] != ' ' {
			continue
		}
		for _, c := range comparisons {
			if strings.HasPrefix(event[i:], c.written) {
				at, kind, width = i, c.kind, len(c.written)
				break
			}
		}
	}
	if at < 0 {
		return errors.New(`expected a comparison after a space, as in "P(2d12 >= 20)"`)
	}
	q.expr = strings.TrimSpace(event[:at])
	right := strings.TrimSpace(event[at+width:])
	if q.expr == "" {
		return errors.New("expected a roll before the comparison")
	}
	// Bounded so that the bound of ">" and "<" cannot overflow.
	n, err := strconv.ParseInt(right, 10, 32)
	switch {
	case err == nil && kind == ">":
		q.stat = oddsColumn{kind: ">=", n: n + 1}
	case err == nil && kind == "<":
		q.stat = oddsColumn{kind: "<=", n: n - 1}
	case err == nil:
		q.stat = oddsColumn{kind: kind, n: n}
	case kind == "=" && right != "" && !strings.ContainsAny(right[:1], "+-0123456789"):
		q.stat, q.label = oddsColumn{kind: "label"}, right
	default:
		return errors.New(`expected a whole number after the comparison, or "= Outcome" for a named roll's outcome`)
	}
	return nil
}

// parseTries reads "in 100", "in 100 rolls" or "in 100 tries".
func parseTries(s string) (int, error) {
	words := strings.Fields(s)
	if len(words) < 2 || len(words) > 3 || words[0] != "in" || len(words) == 3 && words[2] != "rolls" && words[2] != "tries" {
		return 0, errors.New(`expected "in N", "in N rolls" or "in N tries" after P(…), not "` + s + `"`)
	}
	n, err := strconv.Atoi(words[1])
	if err != nil || n < 1 || n > maxTries {
		return 0, errors.New("the tries must be a whole number from 1 to " + strconv.Itoa(maxTries) + `, not "` + words[1] + `"`)
	}
	return n, nil
}

// isChance reports whether the quantity is a chance, printed as a
// percentage or a fraction, rather than a value of the roll.
func (q quantity) isChance() bool { return isChanceColumn(q.stat) }

// isChanceColumn reports whether an odds column states a chance.
func isChanceColumn(stat oddsColumn) bool {
	switch stat.kind {
	case "mean", "min", "max":
		return false
	}
	return true
}

// value computes the quantity exactly in the system.
func (q quantity) value(system string) (*big.Rat, error) {
	odds, err := rules.Odds(q.expr, system)
	if err != nil {
		return nil, err
	}
	exact, err := statValue(odds, q.stat, q.label)
	if err != nil {
		return nil, err
	}
	if q.tries > 1 {
		exact = atLeastOnce(exact, q.tries)
	}
	return exact, nil
}

// statValue returns what stat (and label, for a named outcome) says of the
// odds of a roll.
func statValue(odds *rules.OddsTable, stat oddsColumn, label string) (*big.Rat, error) {
	if !odds.Named && stat.kind == "label" {
		return nil, errors.New(`"` + odds.Expr + `" is a number, not a named roll with outcomes: ask for P(` + odds.Expr + ` >= N)`)
	}
	if !odds.Named {
		return oddsValue(odds, stat)
	}
	if stat.kind != "label" {
		return nil, errors.New(`"` + odds.Expr + `" is a named roll, whose outcomes are labels: ask for P(` + odds.Expr + ` = ` + odds.Rows[0].Outcome + `)`)
	}
	var outcomes []string
	for _, r := range odds.Rows {
		if strings.EqualFold(r.Outcome, label) {
			return rowChance(r), nil
		}
		outcomes = append(outcomes, r.Outcome)
	}
	msg := `"` + odds.Expr + `" has no outcome "` + label + `"`
	if best := ast.Closest(label, outcomes); best != "" {
		msg += ` (did you mean "` + best + `"?)`
	}
	return nil, errors.New(msg + "; its outcomes are " + strings.Join(outcomes, ", "))
}

// atLeastOnce returns the chance that an event of chance p happens at least
// once in n independent tries, 1 - (1-p)^n, as rules.ChanceWithin does for
// the engine's own ratios.
func atLeastOnce(p *big.Rat, n int) *big.Rat {
	miss := new(big.Rat).Sub(big.NewRat(1, 1), p)
	power := big.NewInt(int64(n))
	allMiss := new(big.Rat).SetFrac(new(big.Int).Exp(miss.Num(), power, nil), new(big.Int).Exp(miss.Denom(), power, nil))
	return allMiss.Sub(big.NewRat(1, 1), allMiss)
}

// judgePrinted compares a written number with the exact value of a
// quantity, a chance or not, at the precision written. It returns the
// number that should be written, or "" when it is right, and a problem
// when the text is no such number.
func judgePrinted(written string, exact *big.Rat, chance bool) (want, problem string) {
	p, ok := parsePrinted(written)
	switch {
	case !ok:
		return "", `"` + written + `" is not a number such as 13, 9.5 or 50%`
	case p.percent && !chance:
		return "", `"` + written + `" is a percentage, but what it states is no chance`
	case !p.matches(exact):
		return p.format(exact), ""
	}
	return "", ""
}

// engineErrorPos places an error of the engine's in an expression written at
// pos: at the column it names, when it names one.
func engineErrorPos(pos ast.Pos, err error) ast.Pos {
	var positioned interface{ Column() int }
	if errors.As(err, &positioned) && positioned.Column() > 0 {
		pos.Col += positioned.Column() - 1
	}
	return pos
}
