package check

import (
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// Mutants of a checked table: each is one plausible mistake an author or a
// typesetter makes (a wrong number, a value from the row above, a typo, a
// row left out or doubled, two rows' cells swapped, a misspelt header), made
// in the parsed table in place and undone after the book is checked. Only
// real mutants are made: ones that make the table claim something false
// (claims_test.go says what each table claims), never a change to the
// author's own words or one a reader could not tell from the original.

// mutationClass names a kind of mistake, for the score table.
type mutationClass string

const (
	cellNumber   mutationClass = "cell: number ±1, ±10"
	cellValue    mutationClass = "cell: another row's value"
	cellTypo     mutationClass = "cell: misspelt"
	rowDeleted   mutationClass = "row deleted"
	rowDoubled   mutationClass = "row doubled"
	cellsSwapped mutationClass = "two rows' cells swapped"
	headerTypo   mutationClass = "header misspelt"
	outcomesSwap mutationClass = "two rows' outcomes swapped"
	captionDie   mutationClass = "a die in the caption changed"
)

var mutationClasses = []mutationClass{cellNumber, cellValue, cellTypo, rowDeleted, rowDoubled, cellsSwapped, headerTypo, outcomesSwap, captionDie}

// mutant is one mistake in one table.
type mutant struct {
	class mutationClass
	// where is the table cell or row it is made at, and what it does, for
	// the list of survivors: "05-actions.txt:165:1 "True" -> "Ture"".
	where string
	// apply makes the mistake and returns what undoes it.
	apply func() (undo func())
	// real, when set, reports whether the mistake says something other
	// than the original. It is asked only of the mutants the test makes
	// (sampleOf), since it can cost the engine's odds of two rolls.
	real func() bool
}

// valuesFromOtherRows is how many other rows' values a cell is given, the
// nearest rows first: a value from the row above or below is the likeliest
// slip, and every value of a long column would make a few columns the
// whole score.
const valuesFromOtherRows = 3

// tableMutants makes every real mutant of a table that claims what claims
// says, those whose real is set being real when it says so.
func tableMutants(t *ast.Table, claims tableClaims) []mutant {
	h := normalizeHeader(t.Header)
	roles := make([]columnRole, len(t.Header))
	for col := range roles {
		roles[col] = claims.column(t, h, col)
	}
	var ms []mutant
	for r, row := range t.Rows {
		for col := range row {
			if col < len(roles) && roles[col] != freeColumn {
				ms = append(ms, cellMutants(t, r, col, roles[col], claims)...)
			}
		}
		if claims.rows == closedRows {
			ms = append(ms, rowMutant(t, r, rowDeleted, "deleted", func(rows [][]*ast.Cell) [][]*ast.Cell {
				return append(rows[:r:r], rows[r+1:]...)
			}))
		}
		if claims.rows != sampleRows {
			ms = append(ms, rowMutant(t, r, rowDoubled, "doubled", func(rows [][]*ast.Cell) [][]*ast.Cell {
				return append(rows[:r+1:r+1], rows[r:]...)
			}))
		}
	}
	for col, role := range roles {
		if role == freeColumn {
			continue
		}
		if role == claimColumn && !onlyChoicesBeside(roles, col) {
			ms = append(ms, swapMutants(t, col, func(r int) bool { return !claims.ordered && agreeBeside(t, roles, col, r, r+1) })...)
		}
		for _, typo := range headerTypos(t.Header[col].Text) {
			ms = append(ms, textMutant(headerTypo, t.Header[col], typo))
		}
	}
	if claims.outcomes {
		ms = append(ms, outcomeSwapMutants(t, roles)...)
	}
	return append(ms, captionDieMutants(t)...)
}

// outcomeSwapMutants swaps the outcomes of any two rows of a table of the
// degrees, in each column but the degrees': those of a column the engine
// reads (which attacks hit, what an action does) wherever they differ, far
// rows too (neighbours are cellsSwapped's); those of the author's own
// column where both name a place on one ordered scale, and different
// places (a Disposition move, a die bestowed, what befalls an Effect, the
// Events brought), which puts the column out of order.
func outcomeSwapMutants(t *ast.Table, roles []columnRole) []mutant {
	var ms []mutant
	for col := 1; col < len(roles); col++ {
		for a := 0; a < len(t.Rows); a++ {
			for b := a + 1; b < len(t.Rows); b++ {
				if col >= len(t.Rows[a]) || col >= len(t.Rows[b]) {
					continue
				}
				x, y := t.Rows[a][col], t.Rows[b][col]
				real := false
				switch roles[col] {
				case claimColumn:
					real = b > a+1 && valueOf(x.Text) != valueOf(y.Text)
				case freeColumn:
					kx, tx := orderedToken(x.Text)
					ky, ty := orderedToken(y.Text)
					real = kx != "" && kx == ky && tx != ty
				}
				if real {
					ms = append(ms, swapMutant(outcomesSwap, x, y))
				}
			}
		}
	}
	return ms
}

// orderedPlaces are the words that put an outcome on an ordered scale, by
// scale: a proofreader's list, apart from the checker's.
var orderedPlaces = []struct {
	kind    string
	pattern *regexp.Regexp
}{
	{"events", regexp.MustCompile(`^(?:\s*(?:Cost|Risk|Reward)\s*,?)+$`)},
	{"effect", regexp.MustCompile(`(?i)\b(remove|reduce|remains|enhanced|maximised)`)},
	{"move", regexp.MustCompile(`(?i)\b(retreats?|recoils?|holds?|advances?|charges?)\b(?:\s+\d+)?`)},
	{"amount", regexp.MustCompile(`(?i)\bd\d+\b|:\s*\d+`)},
}

// orderedToken returns the scale an outcome's words put it on and the
// words that place it there, or "" for none.
func orderedToken(text string) (kind, token string) {
	for _, p := range orderedPlaces {
		if m := p.pattern.FindString(text); m != "" {
			return p.kind, strings.ToLower(m)
		}
	}
	return "", ""
}

// captionDieMutants changes each die a table's caption names to one of a
// face or two more or fewer, as a slip of the pen would: "d20" to "d18",
// "d19", "d21", "d22".
func captionDieMutants(t *ast.Table) []mutant {
	if t.Caption == nil {
		return nil
	}
	var ms []mutant
	ast.WalkInlines(t.Caption.Inlines, func(n ast.Node) bool {
		dice, ok := n.(*ast.Dice)
		if !ok {
			return true
		}
		loc := dieFaces.FindStringSubmatchIndex(dice.Expr)
		if loc == nil {
			return true
		}
		faces, _ := strconv.Atoi(dice.Expr[loc[2]:loc[3]])
		for _, step := range []int{-2, -1, 1, 2} {
			if faces+step < 2 {
				continue
			}
			changed := dice.Expr[:loc[2]] + strconv.Itoa(faces+step) + dice.Expr[loc[3]:]
			ms = append(ms, mutant{
				class: captionDie,
				where: dice.Pos.String() + ` "` + dice.Expr + `" -> "` + changed + `"`,
				apply: func() func() {
					old := dice.Expr
					dice.Expr = changed
					return func() { dice.Expr = old }
				},
			})
		}
		return true
	})
	return ms
}

// dieFaces finds the faces of a die in notation: the 20 of "d20".
var dieFaces = regexp.MustCompile(`(?i)d(\d+)`)

// onlyChoicesBeside reports whether every other column the table states
// anything in is the author's choice: then the rows' keys may be swapped
// (a stat block that gives Speed the rating it gave Skill is a different
// enemy, not a false one).
func onlyChoicesBeside(roles []columnRole, col int) bool {
	others := false
	for i, role := range roles {
		if i == col || role == freeColumn {
			continue
		}
		if role == claimColumn {
			return false
		}
		others = true
	}
	return others
}

// cellMutants changes one cell: its numbers by one and ten in the last
// digit printed, to a nearby row's value, or by one typo. A value that says
// the same is not a mistake: the same words but for a note in parentheses,
// the same number to fewer decimals ("2.5" is "3" rounded), or what claims
// finds the same (a roll the engine gives the same odds), which the mutant's
// real asks when it is drawn: a value claims finds the same is so wherever
// it is tried, so leaving it to then keeps the same mutants.
func cellMutants(t *ast.Table, r, col int, role columnRole, claims tableClaims) []mutant {
	cell := t.Rows[r][col]
	original := cell.Text
	seen := map[string]bool{valueOf(original): true}
	var ms []mutant
	add := func(class mutationClass, text string) {
		v := valueOf(text)
		if seen[v] || roundsTo(original, text) {
			return
		}
		seen[v] = true
		m := textMutant(class, cell, text)
		if claims.same != nil {
			m.real = func() bool { return !claims.same(col, original, text) }
		}
		ms = append(ms, m)
	}
	for _, typo := range typos(cell.Text) {
		add(cellTypo, typo)
	}
	if role == choiceColumn {
		return ms
	}
	for _, n := range numberVariants(cell.Text) {
		add(cellNumber, n)
	}
	for _, other := range nearbyValues(t, r, col) {
		add(cellValue, other)
	}
	return ms
}

// valueOf is what a cell says, for telling mutants apart: its words, white
// space folded, without a trailing note in parentheses.
func valueOf(text string) string {
	if stripped := strings.TrimSpace(stripParenthetical(text)); stripped != "" {
		text = stripped
	}
	return strings.Join(strings.Fields(text), " ")
}

// roundsTo reports whether after is the number before printed to fewer
// decimals: "3" for "2.5", "45%" for "45.0%".
func roundsTo(before, after string) bool {
	b, okB := parsePrinted(before)
	a, okA := parsePrinted(after)
	return okB && okA && a.percent == b.percent && a.decimals < b.decimals && a.matches(b.value)
}

// nearbyValues returns the other values of column col, from the rows
// nearest to r first, at most valuesFromOtherRows.
func nearbyValues(t *ast.Table, r, col int) []string {
	var values []string
	seen := map[string]bool{valueOf(t.Rows[r][col].Text): true}
	for d := 1; d < len(t.Rows) && len(values) < valuesFromOtherRows; d++ {
		for _, other := range []int{r - d, r + d} {
			if other < 0 || other >= len(t.Rows) || col >= len(t.Rows[other]) || len(values) == valuesFromOtherRows {
				continue
			}
			if text := t.Rows[other][col].Text; !seen[valueOf(text)] {
				seen[valueOf(text)] = true
				values = append(values, text)
			}
		}
	}
	return values
}

// agreeBeside reports whether rows a and b say the same in every column
// the table states anything in but col: swapping their cells in col swaps
// the rows.
func agreeBeside(t *ast.Table, roles []columnRole, col, a, b int) bool {
	for i, role := range roles {
		if i == col || role == freeColumn {
			continue
		}
		if i >= len(t.Rows[a]) || i >= len(t.Rows[b]) || valueOf(t.Rows[a][i].Text) != valueOf(t.Rows[b][i].Text) {
			return false
		}
	}
	return true
}

// swapMutants swaps column col's cells of each two neighbouring rows that
// say different things, but for the rows r, r+1 where reorders says the
// swap only reorders the rows.
func swapMutants(t *ast.Table, col int, reorders func(r int) bool) []mutant {
	var ms []mutant
	for r := 0; r+1 < len(t.Rows); r++ {
		if col >= len(t.Rows[r]) || col >= len(t.Rows[r+1]) || reorders(r) {
			continue
		}
		a, b := t.Rows[r][col], t.Rows[r+1][col]
		if valueOf(a.Text) == valueOf(b.Text) {
			continue
		}
		ms = append(ms, swapMutant(cellsSwapped, a, b))
	}
	return ms
}

// swapMutant swaps two cells' texts.
func swapMutant(class mutationClass, a, b *ast.Cell) mutant {
	return mutant{
		class: class,
		where: a.Pos.String() + " swapped with line " + itoa(b.Line),
		apply: func() func() {
			a.Text, b.Text = b.Text, a.Text
			return func() { a.Text, b.Text = b.Text, a.Text }
		},
	}
}

// textMutant rewrites one cell.
func textMutant(class mutationClass, cell *ast.Cell, text string) mutant {
	return mutant{
		class: class,
		where: cell.Pos.String() + ` "` + cell.Text + `" -> "` + text + `"`,
		apply: func() func() {
			old := cell.Text
			cell.Text = text
			return func() { cell.Text = old }
		},
	}
}

// rowMutant replaces the table's rows by what edit makes of a copy.
func rowMutant(t *ast.Table, r int, class mutationClass, what string, edit func([][]*ast.Cell) [][]*ast.Cell) mutant {
	where := t.Pos.String() + " row " + itoa(r+1) + " " + what
	if len(t.Rows[r]) > 0 {
		where = t.Rows[r][0].Pos.String() + " row " + what
	}
	return mutant{
		class: class,
		where: where,
		apply: func() func() {
			old := t.Rows
			t.Rows = edit(append([][]*ast.Cell(nil), old...))
			return func() { t.Rows = old }
		},
	}
}

// word is a run of letters, the place a typo is made.
var word = regexp.MustCompile(`\p{L}+`)

// typos returns one cell's likely misspellings: its longest word (outside a
// trailing note, which is the author's own) with two letters swapped, and
// with one left out. Words under three letters are left alone: "d" of
// "d20" is a die, not a word.
func typos(text string) []string {
	value := text
	if stripped := stripParenthetical(text); strings.TrimSpace(stripped) != "" {
		value = stripped
	}
	var longest []int
	for _, loc := range word.FindAllStringIndex(value, -1) {
		if n := len([]rune(value[loc[0]:loc[1]])); n >= 3 && (longest == nil || n > len([]rune(value[longest[0]:longest[1]]))) {
			longest = loc
		}
	}
	if longest == nil {
		return nil
	}
	w := []rune(text[longest[0]:longest[1]])
	mid := len(w) / 2
	var out []string
	if w[mid-1] != w[mid] {
		swapped := append([]rune(nil), w...)
		swapped[mid-1], swapped[mid] = swapped[mid], swapped[mid-1]
		out = append(out, text[:longest[0]]+string(swapped)+text[longest[1]:])
	}
	dropped := append(append([]rune(nil), w[:mid]...), w[mid+1:]...)
	return append(out, text[:longest[0]]+string(dropped)+text[longest[1]:])
}

// headerTypos returns a header cell's likely misspellings: a word's, or
// for a header without one ("d10", "P(≥ 20)") its last two characters
// swapped and its last left out; and a chance column with its operator
// written another way.
func headerTypos(text string) []string {
	out := typos(text)
	if len(out) == 0 {
		r := []rune(text)
		if n := len(r); n >= 2 {
			if r[n-2] != r[n-1] {
				out = append(out, string(r[:n-2])+string(r[n-1])+string(r[n-2]))
			}
			out = append(out, string(r[:n-1]))
		}
	}
	if oc, ok := parseOddsColumn(normalizeColumn(text)); ok && oc.kind == ">=" {
		out = append(out, "P(=> "+itoa(int(oc.n))+")")
	}
	return out
}

// number is a number as a cell prints it: digits with decimals, and a sign
// when one is written before it (not the dash of a range such as "0-1").
var number = regexp.MustCompile(`[+\-−]?\d+(?:\.\d+)?`)

// numberVariants returns the cell with one of its numbers changed by one
// and by ten in the last digit it prints: "45%" gives "44%", "46%", "35%",
// "55%"; "0.69%" gives "0.68%", …; "d20" gives "d19", …. An unsigned
// number does not go below zero, which a reader would not take for it.
func numberVariants(text string) []string {
	var out []string
	for _, loc := range number.FindAllStringIndex(text, -1) {
		start := loc[0]
		token := text[start:loc[1]]
		signed := strings.IndexAny(token, "+-−") == 0
		if before, _ := utf8.DecodeLastRuneInString(text[:start]); signed && isWordChar(before) {
			// "0-1": the dash joins a range.
			start += len(token) - len(strings.TrimLeft(token, "+-−"))
			token, signed = text[start:loc[1]], false
		}
		digits := strings.TrimLeft(token, "+-−")
		decimals := 0
		if _, frac, ok := strings.Cut(digits, "."); ok {
			decimals = len(frac)
		}
		value, _ := new(big.Rat).SetString(digits)
		if strings.HasPrefix(token, "-") || strings.HasPrefix(token, "−") {
			value.Neg(value)
		}
		unit := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil))
		for _, step := range []int64{-10, -1, 1, 10} {
			v := new(big.Rat).Add(value, new(big.Rat).Mul(unit, big.NewRat(step, 1)))
			if !signed && v.Sign() < 0 {
				continue
			}
			written := roundDecimal(v, decimals)
			if signed && v.Sign() > 0 {
				written = "+" + written
			}
			out = append(out, text[:start]+written+text[loc[1]:])
		}
	}
	return out
}

func isWordChar(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
