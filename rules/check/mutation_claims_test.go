package check

import (
	"slices"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// What a bound table claims, check by check, as a careful proofreader reads
// it. The mutation test (mutate_test.go) counts a mutant only when it makes
// the table claim something false, and this is how it knows: which columns
// state a rule, which hold the author's choices, which are the author's own
// words, and whether the rows are a sample or a set that must be complete.
// It follows README's "Checked tables", apart from the checks: it borrows
// from them only what tells a column's kind (an odds column, an attack
// outcome), never a verdict, so that a check that forgets a column shows up
// as survivors, not as a column nobody asks about.

// columnRole is what a column's cells are.
type columnRole int

const (
	// claimColumn cells state what the rules make true: a degree, a
	// chance, the Feature an Effect is resisted with. Any change is false.
	claimColumn columnRole = iota
	// choiceColumn cells are the author's to choose and are read for their
	// form only: a stat block's ratings. A change that keeps the form is a
	// different table, not a false one; only a misspelling is a mistake.
	choiceColumn
	// freeColumn cells are the author's own words, documented as free text
	// in README: no change to them is a mistake the checker could know.
	freeColumn
)

// rowSet is what the rows of a table are.
type rowSet int

const (
	// sampleRows are examples (the rows of an odds table): one left out or
	// repeated claims nothing false.
	sampleRows rowSet = iota
	// keyedRows name each thing once but need not name them all (the
	// Features of a stat block, some of the actions): a repeated row is a
	// mistake, a missing one is not.
	keyedRows
	// closedRows list every member of a known set once: the six degrees,
	// the faces of a die, the combinations of a truth table.
	closedRows
)

// tableClaims is what one check's tables claim.
type tableClaims struct {
	rows rowSet
	// ordered says the rows' order is part of the claim (the degrees best
	// first, a die's faces lowest first); in a table whose order is not,
	// swapping two rows' cells in a column where the rows agree everywhere
	// else only reorders the rows.
	ordered bool
	// column gives the role of column col of table t, whose header is h.
	column func(t *ast.Table, h header, col int) columnRole
	// same, when not nil, reports whether a cell of column col that said
	// before says the same as after.
	same func(col int, before, after string) bool
	// outcomes says the table's other columns say what each row's degree
	// brings, best first: swapping two rows' outcomes is a mistake where
	// the engine knows them or their words order them.
	outcomes bool
}

// claimsOf returns what tables bound to the named check claim in a book of
// the system. A check not listed here (one added since) is taken at its
// strictest word: every column a claim, its rows a sample.
func claimsOf(check, system string) tableClaims {
	switch check {
	case "six-degrees", "attack-outcomes":
		return tableClaims{rows: closedRows, ordered: true, column: degreeTableColumn, outcomes: true}
	case "decile-dice", "net-hits", "encounter-rolls":
		return tableClaims{rows: closedRows, ordered: true, column: everyColumnClaims}
	case "starting-disposition", "qualification", "boolean", "contested-boolean", "modifiers", "resist-with":
		return tableClaims{rows: closedRows, column: everyColumnClaims}
	case "action-features":
		// A table may give some of the actions (the Suppress ones): only
		// an action given twice is a mistake of its rows.
		return tableClaims{rows: keyedRows, column: everyColumnClaims}
	case "roll-table":
		return tableClaims{rows: closedRows, ordered: true, column: claimsWhere(firstColumn)}
	case "stat-block":
		return tableClaims{rows: keyedRows, column: func(_ *ast.Table, _ header, col int) columnRole {
			if col == 0 {
				return claimColumn
			}
			return choiceColumn
		}}
	case "class-features":
		return tableClaims{rows: keyedRows, column: everyColumnClaims}
	case "class-comparison":
		return tableClaims{rows: closedRows, column: func(_ *ast.Table, h header, col int) columnRole {
			// A superlative names one class; "Weak spots" is a judgement
			// that other Features would bear as well, so only a
			// misspelling there is surely a mistake.
			comp := comparisonOf(h[col])
			switch {
			case col == 0 || comp != nil && comp.superlative:
				return claimColumn
			case comp != nil:
				return choiceColumn
			}
			return freeColumn
		}}
	case "feature-names":
		return tableClaims{rows: closedRows, column: claimsWhere(firstColumn)}
	case "qualification-odds":
		return tableClaims{rows: sampleRows, column: claimsWhere(func(h header, col int) bool {
			return slices.Contains([]string{"effort", "resistance", "static", "dramatic"}, h[col]) || len(degreeColumns(h[col:col+1])) > 0
		})}
	case "generate":
		// The engine writes the cells left empty or "?", which no
		// mutant touches; the rows' first cells are the questions the
		// author chose to ask, and a cell the author wrote a number in
		// is a claim.
		return tableClaims{rows: sampleRows, column: claimsWhere(func(h header, col int) bool { return !firstColumn(h, col) })}
	case "odds":
		// A Roll is the question the row's other cells answer: one
		// changed to a roll the engine gives the same odds asks the
		// same ("carapace=50" of an attack Carapace does not resist,
		// "adv dis", which cancel), and its answers stay true.
		return tableClaims{rows: sampleRows, column: claimsWhere(func(h header, col int) bool {
			_, chance := parseOddsColumn(h[col])
			return chance || h[col] == "roll" || outcomeLabels[h[col]]
		}), same: func(_ int, before, after string) bool { return sameOdds(before, after, system) }}
	}
	return tableClaims{rows: sampleRows, column: everyColumnClaims}
}

func everyColumnClaims(*ast.Table, header, int) columnRole { return claimColumn }

// claimsWhere gives the roles of a table whose columns are claims where
// claims says and the author's words elsewhere.
func claimsWhere(claims func(h header, col int) bool) func(*ast.Table, header, int) columnRole {
	return func(_ *ast.Table, h header, col int) columnRole {
		if claims(h, col) {
			return claimColumn
		}
		return freeColumn
	}
}

func firstColumn(_ header, col int) bool { return col == 0 }

// degreeTableColumn gives the roles of a table of the six degrees: the
// degrees, the Determined by column, and every column whose values the
// engine knows (which attacks hit, what the Combat actions do, which Events
// an exploration brings, or a template's placeholders naming the row's
// degree) are claims; the rest (Achieved by, what a degree means for an
// action) is the author's description, whose order outcomeSwapMutants
// tries.
func degreeTableColumn(t *ast.Table, h header, col int) columnRole {
	if col == 0 || h[col] == "determined by" {
		return claimColumn
	}
	if mostly(t, col, isAttackOutcome) || mostly(t, col, isPlaceholder) || combatActionOf(t, col) != nil || mostly(t, col, isExplorationEvents) {
		return claimColumn
	}
	return freeColumn
}

// sameOdds reports whether the engine gives two rolls the same outcomes at
// the same exact chances; a cell that is no roll has no odds to compare.
func sameOdds(a, b, system string) bool {
	oddsA, errA := rules.Odds(a, system)
	oddsB, errB := rules.Odds(b, system)
	if errA != nil || errB != nil || len(oddsA.Rows) != len(oddsB.Rows) {
		return false
	}
	for i, row := range oddsA.Rows {
		if row.Outcome != oddsB.Rows[i].Outcome || rowChance(row).Cmp(rowChance(oddsB.Rows[i])) != 0 {
			return false
		}
	}
	return true
}
