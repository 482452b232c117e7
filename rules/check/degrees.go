package check

import (
	"errors"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// The six degrees of success: any table whose first column is "Degree of
// Success" and has six rows lists them, best first, once each. fd100 and the
// dice pool spell the middle degrees differently ("Complete" and "Total").
// Its other columns are read when the engine knows what they say: which
// attacks hit at each degree, what the Suppress, Support and Resistance
// actions do (fd100), which Events an Exploration Action brings (the
// pool), what decides a degree (Determined by), or a template's
// placeholders that name the row's degree. Any other column (what a degree
// means for an action, Achieved by) is the author's description, whose
// outcomes must still get better as the degree does where their words
// order them (outcome_order.go).

var (
	sixDegreesCheck = &tableCheck{
		name: "six-degrees",
		columns: []string{"Degree of Success", "Determined by", "Outcome",
			// The columns seed 000's Suppress and Support tables head the
			// outcomes of their actions with, read for what they say.
			"Intimidate Outcome", "Charm or Confuse Outcome", "Rally or Encourage Outcome", "Focus or Shake Outcome"},
		systems: []string{"fd100", "pool"},
		binds: func(h header, _ *checker) bool {
			return len(h) >= 2 && h[0] == "degree of success" && h.index("net hits") < 0
		},
		run: sixDegrees,
	}

	attackOutcomesCheck = &tableCheck{
		name:    "attack-outcomes",
		systems: []string{"fd100"},
		binds:   func(header, *checker) bool { return false }, // explicit only: "Outcome" columns say many things
		run:     attackOutcomes,
	}
)

// degreeNames returns the system's degrees, best first.
func degreeNames(system string) []string {
	var names []string
	if system == "pool" {
		for _, d := range rules.PoolDegrees() {
			names = append(names, d.String())
		}
		return names
	}
	for _, d := range rules.Degrees() {
		names = append(names, d.String())
	}
	return names
}

// otherSystemOfSix returns the other system with six degrees, which
// spells two of them otherwise: fd100 for the pool, the pool for fd100.
func otherSystemOfSix(system string) string {
	if system == "pool" {
		return "fd100"
	}
	return "pool"
}

func sixDegrees(t *tableRun) {
	names := degreeNames(t.c.system)
	if len(t.table.Rows) != len(names) {
		t.c.errorAt(t.table.Pos, "table/six-degrees", "a Degree of Success table lists the six degrees; this one has "+
			itoa(len(t.table.Rows))+" rows", "")
	}
	if other := degreeNames(otherSystemOfSix(t.c.system)); t.firstColumnIs(other) {
		// Every degree in the other system's words: one slip of the
		// author's, made again in each such table, and reported once for
		// the book (degreeSpellings). The table is read in its own words.
		t.c.otherSpelling = append(t.c.otherSpelling, t.table)
		names = other
	}
	for r := range t.table.Rows {
		if r < len(names) {
			t.expect(r, 0, names[r], "table/six-degrees")
		}
	}
	for col := 1; col < len(t.header); col++ {
		switch {
		case t.header[col] == "determined by" && t.c.system == "fd100":
			t.determinedBy(col, names)
		case t.c.system == "fd100" && mostly(t.table, col, isAttackOutcome):
			// A row's degree is the one its place says: a wrong
			// degree is one mistake, reported in the first column.
			t.attackOutcomeColumn(col, func(r int) (rules.Degree, error) {
				if r >= len(names) {
					return 0, errNoDegree
				}
				return rules.ParseDegree(names[r])
			})
		case mostly(t.table, col, isPlaceholder):
			t.placeholderColumn(col, names)
		case t.c.system == "fd100" && combatActionOf(t.table, col) != nil:
			t.combatActionColumn(col, *combatActionOf(t.table, col), names) // the second call costs a map look-up a cell
		case t.c.system == "pool" && mostly(t.table, col, isExplorationEvents):
			t.explorationColumn(col, names)
		default:
			t.outcomeOrder(col, names)
		}
	}
}

// combatActionOf returns the Combat action most of column col's cells
// describe, as seed 000's Suppress, Support and Resistance tables word
// them, or nil. Each cell's action is looked up once, not once for each
// action.
func combatActionOf(t *ast.Table, col int) *rules.CombatAction {
	cells := map[rules.CombatAction]int{} // by action plus one, as actionOf has it
	for _, row := range t.Rows {
		if col < len(row) {
			cells[actionOf[strings.Join(strings.Fields(row[col].Text), " ")]]++
		}
	}
	for _, a := range rules.CombatActions {
		if 2*cells[a+1] > len(t.Rows) {
			return &a
		}
	}
	return nil
}

// actionOf maps every outcome of the Combat actions, white space folded, to
// its action plus one (0 for none).
var actionOf = func() map[string]rules.CombatAction {
	m := map[string]rules.CombatAction{}
	for _, a := range rules.CombatActions {
		for _, d := range rules.Degrees() {
			for _, p := range a.OutcomePhrasings(d) {
				m[p] = a + 1
			}
		}
	}
	return m
}()

// combatActionColumn checks that each row's cell says what the action does
// at the row's degree.
func (t *tableRun) combatActionColumn(col int, a rules.CombatAction, names []string) {
	for r := range t.table.Rows {
		if r >= len(names) {
			break
		}
		d, err := rules.ParseDegree(names[r])
		if err != nil {
			continue
		}
		phrasings := a.OutcomePhrasings(d)
		if cell, ok := t.cell(r, col); ok && !anySame(cell.Text, phrasings) {
			t.mismatch(cell, phrasings[0], "table/six-degrees")
		}
	}
}

// isExplorationEvents reports a list of Event kinds, as seed 001's
// Exploration Action Formula words an outcome: "Cost, Risk, Reward".
func isExplorationEvents(text string) bool {
	kinds := strings.Split(text, ",")
	for _, k := range kinds {
		switch strings.TrimSpace(k) {
		case "Cost", "Risk", "Reward":
		default:
			return false
		}
	}
	return len(kinds) > 0
}

// explorationColumn checks that each row's cell lists the Events an
// Exploration Action of the row's degree brings.
func (t *tableRun) explorationColumn(col int, names []string) {
	for r := range t.table.Rows {
		if r >= len(names) {
			break
		}
		d, err := rules.ParsePoolDegree(names[r])
		if err != nil {
			continue
		}
		want := strings.Join(rules.ExplorationEvents(d), ", ")
		if cell, ok := t.cell(r, col); ok && !sameText(cell.Text, want) {
			t.mismatch(cell, want, "table/six-degrees")
		}
	}
}

// firstColumnIs reports whether the table's first column is names, row for
// row, and no more.
func (t *tableRun) firstColumnIs(names []string) bool {
	if len(t.table.Rows) != len(names) {
		return false
	}
	for r := range names {
		if cell, ok := t.cell(r, 0); !ok || !sameText(cell.Text, names[r]) {
			return false
		}
	}
	return true
}

// degreeSpellings reports, once for the book, the Degree of Success tables
// that spell every degree as the other system of six does: "Complete
// Success" in a pool book, whose degree is "Total Success".
func (c *checker) degreeSpellings() {
	if len(c.otherSpelling) == 0 {
		return
	}
	otherSystem := otherSystemOfSix(c.system)
	names, other := degreeNames(c.system), degreeNames(otherSystem)
	var theirs, ours []string
	for i := range names {
		if names[i] != other[i] {
			theirs, ours = append(theirs, `"`+other[i]+`"`), append(ours, `"`+names[i]+`"`)
		}
	}
	where := "this table names"
	if len(c.otherSpelling) > 1 {
		var lines []string
		for _, t := range c.otherSpelling[1:] {
			lines = append(lines, itoa(t.Pos.Line))
		}
		where = "this table and the one at line " + lines[0] + " name"
		if len(lines) > 1 {
			where = "this table and those at lines " + joinAnd(lines) + " name"
		}
	}
	first := c.otherSpelling[0]
	c.errorAt(first.Pos, "table/six-degrees", where+" the degrees "+joinAnd(theirs)+", as "+otherSystem+" does; "+
		c.system+" names them "+joinAnd(ours)+": the book should use one set of names", strings.Trim(ours[0], `"`))
}

// determinedBy checks a Determined by column: only modifiers reach the
// critical degrees (RULES §1).
func (t *tableRun) determinedBy(col int, names []string) {
	for r := range t.table.Rows {
		if r >= len(names) {
			break
		}
		want := "Qualification Roll"
		if r == 0 || r == len(names)-1 {
			want = "Modifiers"
		}
		t.expect(r, col, want, "table/six-degrees")
	}
}

// mostly reports whether more than half of column col's cells are what is
// says: a column of a degree table is read for what its cells are, so a
// cell changed to something else is read as a mistake in that column, not
// as a column of the author's own words.
func mostly(t *ast.Table, col int, is func(string) bool) bool {
	n := 0
	for _, row := range t.Rows {
		if col < len(row) && is(row[col].Text) {
			n++
		}
	}
	return 2*n > len(t.Rows)
}

// isAttackOutcome reports an outcome of the Attack action, as seed 000
// words one: "Special Attack Hits", "Both Attacks Miss".
func isAttackOutcome(text string) bool {
	for _, d := range rules.Degrees() {
		if anySame(text, rules.AttackOutcomeOf(d).Phrasings()) {
			return true
		}
	}
	return false
}

// isPlaceholder reports a template's placeholder, all in parentheses:
// "(Critical Success outcome)".
func isPlaceholder(text string) bool {
	text = strings.TrimSpace(text)
	return len(text) > 2 && strings.HasPrefix(text, "(") && strings.HasSuffix(text, ")")
}

// attackOutcomeColumn checks that each row's cell says which attacks hit or
// miss at the row's degree, as degreeOf gives it; a row whose degree is
// not known is left to the check of the degrees.
func (t *tableRun) attackOutcomeColumn(col int, degreeOf func(r int) (rules.Degree, error)) {
	for r := range t.table.Rows {
		d, err := degreeOf(r)
		if err != nil {
			continue
		}
		phrasings := rules.AttackOutcomeOf(d).Phrasings()
		if cell, ok := t.cell(r, col); ok && !anySame(cell.Text, phrasings) {
			t.mismatch(cell, phrasings[0], "table/attack-outcomes")
		}
	}
}

// placeholderColumn checks a template's column of placeholders, such as a
// minigame's "(Critical Success outcome)": each names its row's degree, in
// the words the other rows use.
func (t *tableRun) placeholderColumn(col int, names []string) {
	pattern := ""
	for r, row := range t.table.Rows {
		if r < len(names) && col < len(row) && strings.Contains(row[col].Text, names[r]) {
			pattern = strings.Replace(row[col].Text, names[r], "%s", 1)
			break
		}
	}
	if pattern == "" {
		return
	}
	for r := range t.table.Rows {
		if r < len(names) {
			t.expect(r, col, strings.Replace(pattern, "%s", names[r], 1), "table/six-degrees")
		}
	}
}

// attackOutcomes checks a Degree of Success / Outcome table of the Attack
// action bound by check=attack-outcomes, whatever its Outcome column holds.
func attackOutcomes(t *tableRun) {
	outcome := t.header.index("outcome")
	if len(t.header) < 2 || t.header[0] != "degree of success" || outcome < 0 {
		t.c.errorAt(t.table.Pos, "table/attack-outcomes", `an attack-outcomes table has the columns "Degree of Success" and "Outcome"`, "")
		return
	}
	t.attackOutcomeColumn(outcome, func(r int) (rules.Degree, error) {
		degreeCell, ok := t.cell(r, 0)
		if !ok {
			return 0, errNoDegree
		}
		d, err := rules.ParseDegree(strings.TrimSpace(degreeCell.Text))
		if err != nil {
			t.problem(degreeCell, "table/attack-outcomes", err.Error())
		}
		return d, err
	})
}

// errNoDegree stands for a row without a degree: one past the six, or a
// short row, which is reported as such.
var errNoDegree = errors.New("no degree")

func anySame(text string, candidates []string) bool {
	for _, c := range candidates {
		if sameText(text, c) {
			return true
		}
	}
	return false
}
