package check

import (
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// A generated table is one the engine writes: \begin{table}[4,
// generate=TEMPLATE], where {row} in the template stands for each row's
// first cell and {col} for each column's header, a trailing "%" dropped.
// Two shapes:
//
//   - the template is a roll, "{row}d6>4" or "pool dice={row}
//     difficulty=2", and each other column's header names what its cells
//     state of the row's roll, as an odds table's columns do: Mean, Min,
//     Max, P(≥ N), P(≤ N), P(= N), or an outcome of a named roll;
//   - the template is a quantity (see quantity.go), "P(fd100
//     effort={row} resistance={col} = Complete Success)", and each cell
//     states it for its row and column.
//
// Cells left empty or written "?" are the engine's to fill (see Fill):
// chances in percent, a least or greatest value as the whole number it is,
// and the rest to decimals=N decimals (1 unless the table says). A cell the author wrote a number in is checked
// at the precision written, as an odds table's is, so a generated table can
// never be wrong either way.

var generateCheck = &tableCheck{
	name: "generate",
	// A generated table is bound by its generate= option alone.
	binds: func(header, *checker) bool { return false },
	run:   generatedTable,
}

// defaultDecimals is how many decimals the engine writes, as in "91.2%".
const defaultDecimals = 1

// generatedCell is one cell the engine computes, and how it prints it.
type generatedCell struct {
	cell   *ast.Cell
	exact  *big.Rat
	format printed
}

// generationProblem is a place in a generated table that the engine cannot
// fill, and why.
type generationProblem struct {
	pos ast.Pos
	msg string
}

// generation is what the engine makes of a generated table: every cell but
// the first column's, or the problems that kept it from some.
type generation struct {
	cells    []generatedCell
	problems []generationProblem
	decimals int
}

// generateTable computes a generated table's cells in the book's system.
func generateTable(t *ast.Table, system string) *generation {
	g := &generation{decimals: defaultDecimals}
	template, ok := t.Options["generate"]
	if !ok {
		g.problem(t.OptionsPos, `check=generate needs generate=, the roll or quantity the engine fills the table with`)
		return g
	}
	if _, bound := t.Options["check"]; bound {
		g.problem(t.OptionsPos, "a generated table is checked as the engine writes it: it takes no check= option")
	}
	if text, given := t.Options["decimals"]; given {
		n, err := strconv.Atoi(text)
		if err != nil || n < 0 || n > 6 {
			g.problem(t.OptionsPos, `decimals= must be a whole number from 0 to 6, not "`+text+`"`)
		} else {
			g.decimals = n
		}
	}
	switch {
	case !strings.Contains(template, "{row}"):
		g.problem(t.GeneratePos, `generate= needs {row}, which stands for each row's first cell, as in generate={row}d6>4`)
	case isQuantity(template):
		g.eachCell(t, template, system)
	case strings.Contains(template, "{col}"):
		g.problem(t.GeneratePos, `{col} stands in a quantity, as in generate=P({row}d6>4 >= {col}); for a roll, each column's header says what its cells state (Mean, P(≥ 2), …)`)
	default:
		g.eachRow(t, template, system)
	}
	return g
}

// add records a cell's exact value: a chance is printed in percent, a
// least or greatest value as the whole number it is, a mean to the
// table's decimals.
func (g *generation) add(cell *ast.Cell, exact *big.Rat, stat oddsColumn) {
	p := printed{decimals: g.decimals, percent: isChanceColumn(stat)}
	if stat.kind == "min" || stat.kind == "max" {
		p.decimals = 0
	}
	g.cells = append(g.cells, generatedCell{cell, exact, p})
}

func (g *generation) problem(pos ast.Pos, msg string) {
	g.problems = append(g.problems, generationProblem{pos, msg})
}

// substitute writes value, a cell's text, for placeholder in template: a
// rating or chance written "40%" stands for 40.
func substitute(template, placeholder, value string) string {
	value = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), "%"))
	return strings.ReplaceAll(template, placeholder, value)
}

// eachRow fills a table whose template is a roll: the header of each column
// after the first says what its cells state of each row's roll.
func (g *generation) eachRow(t *ast.Table, template, system string) {
	var failed []generationProblem
	unknownColumn := map[int]bool{}
	for _, row := range t.Rows {
		expr := substitute(template, "{row}", row[0].Text)
		odds, err := rules.Odds(expr, system)
		if err != nil {
			failed = append(failed, generationProblem{row[0].Pos, `cannot compute "` + expr + `": ` + err.Error()})
			continue
		}
		for i := 1; i < len(row) && i < len(t.Header); i++ {
			header := t.Header[i]
			stat, ok := parseOddsColumn(normalizeColumn(header.Text))
			if !ok {
				stat = oddsColumn{kind: "label"}
			}
			exact, err := statValue(odds, stat, header.Text)
			if err != nil {
				if !unknownColumn[i] {
					unknownColumn[i] = true
					g.problem(header.Pos, columnProblem(header.Text, odds, err))
				}
				continue
			}
			g.add(row[i], exact, stat)
		}
	}
	g.settle(t, len(t.Rows), failed)
}

// columnProblem says why a column of a roll's table cannot be filled: its
// header names no quantity of a numeric roll, with the spelling it most
// likely means, or none that the named roll has.
func columnProblem(header string, odds *rules.OddsTable, err error) string {
	if odds.Named {
		return `cannot fill the column "` + header + `": ` + err.Error()
	}
	msg := `no quantity is headed "` + header + `"`
	if best := ast.Closest(header, append(slices.Clone(oddsColumnNames), chanceColumnSpellings(header)...)); best != "" {
		return msg + ` (did you mean "` + best + `"?)`
	}
	return msg + `: a column states Mean, Min, Max, P(≥ N), P(≤ N) or P(= N) of each row's roll, or the chance of an outcome of a named roll`
}

// eachCell fills a table whose template is a quantity: each cell states it
// for its row's first cell and its column's header.
func (g *generation) eachCell(t *ast.Table, template, system string) {
	var failed []generationProblem
	cells := 0
	for _, row := range t.Rows {
		for i := 1; i < len(row) && i < len(t.Header); i++ {
			cells++
			text := substitute(substitute(template, "{row}", row[0].Text), "{col}", t.Header[i].Text)
			q, err := parseQuantity(text)
			var exact *big.Rat
			if err == nil {
				exact, err = q.value(system)
			}
			if err != nil {
				failed = append(failed, generationProblem{row[i].Pos, `cannot compute "` + text + `": ` + err.Error()})
				continue
			}
			g.add(row[i], exact, q.stat)
		}
	}
	g.settle(t, cells, failed)
}

// settle records what could not be computed of a table's units, its rows
// or its cells, each where it is written; when no unit could be, the
// template is what is wrong, and it is one problem there.
func (g *generation) settle(t *ast.Table, units int, failed []generationProblem) {
	if len(failed) > 0 && len(failed) == units {
		g.problem(t.GeneratePos, "the engine can fill no cell of this table: "+failed[0].msg)
		return
	}
	g.problems = append(g.problems, failed...)
}

// toFill reports whether a generated table's cell is left for the engine.
func toFill(cell *ast.Cell) bool {
	text := strings.TrimSpace(cell.Text)
	return text == "" || text == "?"
}

// generatedTable reports what the engine cannot fill of a generated table,
// and checks each cell the author wrote a number in at the precision
// written. The cells Fill wrote pass, being the engine's own. A row short
// of the header is the parser's to report: the check needs none of the
// cells it lacks, and where the row ends is no longer known once Fill has
// written its cells.
func generatedTable(t *tableRun) {
	g := generateTable(t.table, t.c.system)
	for _, p := range g.problems {
		t.c.errorAt(p.pos, "table/generate", p.msg, "")
	}
	for _, gc := range g.cells {
		if toFill(gc.cell) {
			continue
		}
		want, problem := judgePrinted(gc.cell.Text, gc.exact, gc.format.percent)
		switch {
		case problem != "":
			t.problem(gc.cell, "table/generate", problem+": leave the cell empty or write ? for the engine to fill")
		case want != "":
			t.mismatch(gc.cell, want, "table/generate")
		}
	}
}
