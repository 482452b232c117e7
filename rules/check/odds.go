package check

import (
	"errors"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// Odds tables state chances, and the engine computes them exactly; each
// printed number must be the exact value rounded to the digits printed. Two
// shapes are bound:
//
//   - qualification odds (fd100): columns Effort and Resistance, optionally
//     Static and Dramatic (modifiers such as "+30, -20"), and one column per
//     Degree of Success holding the chance of that degree;
//   - generic odds: a column Roll of dice expressions, in the book's system,
//     and columns Mean, Min, Max, P(≥ N), P(≤ N), P(= N) or a named roll's
//     outcome labels ("Success").

var (
	qualificationOddsCheck = &tableCheck{
		name:    "qualification-odds",
		columns: append([]string{"Effort", "Resistance", "Static", "Dramatic"}, degreeNames("fd100")...),
		systems: []string{"fd100"},
		binds: func(h header, _ *checker) bool {
			return h.index("effort") >= 0 && h.index("resistance") >= 0 && len(degreeColumns(h)) > 0
		},
		run: qualificationOdds,
	}

	oddsCheck = &tableCheck{
		name:    "odds",
		columns: oddsColumnNames,
		binds: func(h header, _ *checker) bool {
			if h.index("roll") < 0 {
				return false
			}
			for _, col := range h {
				if _, ok := parseOddsColumn(col); ok || outcomeLabels[col] {
					return true
				}
			}
			return false
		},
		run: oddsTable,
	}
)

// outcomeLabels are the named rolls' outcomes, lower-cased, as odds table
// columns may be headed.
var outcomeLabels = func() map[string]bool {
	labels := map[string]bool{"success": true, "failure": true, "botch": true}
	for _, system := range []string{"fd100", "pool"} {
		for _, name := range degreeNames(system) {
			labels[strings.ToLower(name)] = true
		}
	}
	return labels
}()

// oddsColumnNames are the generic odds table's columns that hold no number,
// as a book writes them.
var oddsColumnNames = func() []string {
	names := []string{"Roll", "Mean", "Min", "Max"}
	for label := range outcomeLabels {
		names = append(names, titleCase(label))
	}
	slices.Sort(names)
	return names
}()

// chanceColumnSpellings returns the ways of heading a column of chances for
// the first number in text ("P(≥ 20" gives "P(≥ 20)", "P(>= 20)", …), so
// that a column that misspells one can be told which it most likely means;
// nil when text has no number.
func chanceColumnSpellings(text string) []string {
	start := strings.IndexAny(text, "0123456789")
	if start < 0 {
		return nil
	}
	end := start
	for end < len(text) && '0' <= text[end] && text[end] <= '9' {
		end++
	}
	var spellings []string
	for _, op := range []string{"≥", ">=", "≤", "<=", "="} {
		spellings = append(spellings, "P("+op+" "+text[start:end]+")")
	}
	return spellings
}

// degreeColumns maps the columns headed by fd100 degree names to the names.
func degreeColumns(h header) map[int]string {
	cols := map[int]string{}
	for i, col := range h {
		for _, d := range rules.Degrees() {
			if col == strings.ToLower(d.String()) {
				cols[i] = d.String()
			}
		}
	}
	return cols
}

func qualificationOdds(t *tableRun) {
	effort, hasEffort := t.column("Effort", "table/odds")
	resistance, hasResistance := t.column("Resistance", "table/odds")
	static, dramatic := t.header.index("static"), t.header.index("dramatic")
	degrees := degreeColumns(t.header)
	if !hasEffort || !hasResistance {
		return
	}
	for r := range t.table.Rows {
		expr, ok := t.qualificationRoll(r, effort, resistance, static, dramatic)
		if !ok {
			continue
		}
		odds, err := rules.Odds(expr, "fd100")
		if err != nil {
			effortCell, _ := t.cell(r, effort)
			t.problem(effortCell, "table/odds", "cannot compute this row's odds: "+err.Error())
			continue
		}
		// In column order, so that a short row is reported at the same
		// column every time.
		for _, col := range slices.Sorted(maps.Keys(degrees)) {
			if cell, ok := t.cell(r, col); ok {
				t.checkChance(cell, outcomeChance(odds, degrees[col]))
			}
		}
	}
}

// qualificationRoll writes row r's qualification roll in the engine's
// notation, "fd100 effort=60 resistance=40 static=+30", from the row's
// input columns; static and dramatic are -1 when the table has none. A row
// that lacks one of its inputs has no roll to compute.
func (t *tableRun) qualificationRoll(r, effort, resistance, static, dramatic int) (string, bool) {
	expr := "fd100"
	for _, input := range []struct {
		col       int
		name      string
		modifiers bool
	}{{effort, "effort", false}, {resistance, "resistance", false}, {static, "static", true}, {dramatic, "dramatic", true}} {
		if input.col < 0 {
			continue
		}
		cell, ok := t.cell(r, input.col)
		if !ok {
			return "", false
		}
		value := strings.TrimSuffix(strings.TrimSpace(cell.Text), "%")
		if input.modifiers {
			if value = modifierList(cell.Text); value == "" {
				continue
			}
		}
		expr += " " + input.name + "=" + value
	}
	return expr, true
}

// modifierList turns "+30%, -20%" into the engine's "+30,-20"; "—", "-" and
// "none" mean no modifiers.
func modifierList(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || s == "—" || s == "-" || strings.EqualFold(s, "none") {
		return ""
	}
	var parts []string
	for _, p := range strings.Split(s, ",") {
		parts = append(parts, strings.TrimSuffix(strings.ReplaceAll(strings.TrimSpace(p), " ", ""), "%"))
	}
	return strings.Join(parts, ",")
}

// oddsColumn is a generic odds table's output column.
type oddsColumn struct {
	kind string // "mean", "min", "max", ">=", "<=", "=", or "label"
	n    int64
}

// parseOddsColumn reads a normalised column name: "mean", "p(≥ 10)",
// "p(>= 10)", "p(= 7)".
func parseOddsColumn(col string) (oddsColumn, bool) {
	switch col {
	case "mean", "min", "max":
		return oddsColumn{kind: col}, true
	}
	inner, ok := strings.CutPrefix(col, "p(")
	if !ok {
		return oddsColumn{}, false
	}
	inner, ok = strings.CutSuffix(inner, ")")
	if !ok {
		return oddsColumn{}, false
	}
	for _, op := range []struct{ written, kind string }{{"≥", ">="}, {">=", ">="}, {"≤", "<="}, {"<=", "<="}, {"=", "="}} {
		if rest, found := strings.CutPrefix(inner, op.written); found {
			n, err := strconv.ParseInt(strings.TrimSpace(rest), 10, 64)
			return oddsColumn{kind: op.kind, n: n}, err == nil
		}
	}
	return oddsColumn{}, false
}

func oddsTable(t *tableRun) {
	rollCol, hasRoll := t.column("Roll", "table/odds")
	if !hasRoll {
		return
	}
	// The outcomes the table's named rolls can end in: a column of one is
	// read at every row, since a roll that cannot end in it (a Termite
	// Soldier's track has no Charging) gives it no chance.
	type rowOdds struct {
		row  int
		odds *rules.OddsTable
	}
	var computed []rowOdds
	outcomes := map[string]bool{}
	for r := range t.table.Rows {
		rollCell, ok := t.cell(r, rollCol)
		if !ok {
			continue
		}
		odds, err := rules.Odds(rollCell.Text, t.c.system)
		if err != nil {
			t.problem(rollCell, "table/odds", `cannot compute the odds of "`+rollCell.Text+`": `+err.Error())
			continue
		}
		computed = append(computed, rowOdds{r, odds})
		if odds.Named {
			for _, row := range odds.Rows {
				outcomes[row.Outcome] = true
			}
		}
	}
	for _, ro := range computed {
		for i, col := range t.header {
			if i == rollCol {
				continue
			}
			cell, ok := t.cell(ro.row, i)
			if !ok {
				break
			}
			if oc, ok := parseOddsColumn(col); ok {
				t.checkOddsCell(cell, ro.odds, oc)
				continue
			}
			if !ro.odds.Named {
				continue
			}
			label := t.table.Header[i].Text
			if hasOutcome(ro.odds, label) {
				t.checkChance(cell, outcomeChance(ro.odds, label))
			} else if _, printed := parsePrinted(cell.Text); printed && outcomes[label] {
				t.checkChance(cell, new(big.Rat))
			}
		}
	}
}

// titleCase capitalises each word: "critical success" is "Critical Success".
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

func (t *tableRun) checkOddsCell(cell *ast.Cell, odds *rules.OddsTable, oc oddsColumn) {
	if odds.Named && oc.kind != "label" {
		t.problem(cell, "table/odds", "a named roll's outcomes are labels, not numbers: no "+oc.kind+" to compare")
		return
	}
	exact, err := oddsValue(odds, oc)
	if err != nil {
		t.problem(cell, "table/odds", err.Error())
		return
	}
	t.checkChance(cell, exact)
}

// oddsValue returns the exact value a column states of a numeric roll. A
// roll with exploding dice is read to the engine's default depth, past
// which lies less than one chance in 10¹²: no printed table shows it. It
// has no greatest value.
func oddsValue(odds *rules.OddsTable, oc oddsColumn) (*big.Rat, error) {
	switch oc.kind {
	case "mean":
		exact, _ := new(big.Rat).SetString(odds.Mean.String())
		return exact, nil
	case "min":
		return new(big.Rat).SetInt64(odds.Rows[0].Value), nil
	case "max":
		if odds.Depth > 0 {
			return nil, errors.New(`"` + odds.Expr + `" has no greatest value: its dice explode`)
		}
		return new(big.Rat).SetInt64(odds.Rows[len(odds.Rows)-1].Value), nil
	}
	exact := new(big.Rat)
	for _, r := range odds.Rows {
		if r.Beyond {
			continue
		}
		if oc.kind == ">=" && r.Value >= oc.n || oc.kind == "<=" && r.Value <= oc.n || oc.kind == "=" && r.Value == oc.n {
			exact.Add(exact, rowChance(r))
		}
	}
	return exact, nil
}

// checkChance compares a printed number with an exact value.
func (t *tableRun) checkChance(cell *ast.Cell, exact *big.Rat) {
	p, ok := parsePrinted(cell.Text)
	if !ok {
		t.problem(cell, "table/odds", `"`+cell.Text+`" is not a number such as 12.5% or 9.5`)
		return
	}
	if !p.matches(exact) {
		t.mismatch(cell, p.format(exact), "table/odds")
	}
}

func rowChance(r rules.OddsRow) *big.Rat {
	v, _ := new(big.Rat).SetString(r.Num + "/" + r.Den)
	return v
}

func hasOutcome(odds *rules.OddsTable, label string) bool {
	for _, r := range odds.Rows {
		if r.Outcome == label {
			return true
		}
	}
	return false
}

// outcomeChance returns the exact chance of a named outcome, 0 if it cannot
// happen.
func outcomeChance(odds *rules.OddsTable, label string) *big.Rat {
	for _, r := range odds.Rows {
		if r.Outcome == label {
			return rowChance(r)
		}
	}
	return new(big.Rat)
}
