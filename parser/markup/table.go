package markup

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

func (p *blockParser) table(env *environment) *ast.Table {
	t := &ast.Table{BlockNode: ast.BlockNode{Pos: env.begin.FirstTextPos()}, Gap: prose.DefaultTableGap, OptionsPos: env.argPos(), ParseCell: prose.ParseCell}
	if env.hasArg {
		p.tableArgument(t, env)
	}
	// The table's cells are allocated at once, not one by one: a book's
	// tables hold more cells than it has paragraphs. A row has at most as
	// many cells as "&" and one.
	rows, maxCells := 0, 0
	for _, l := range env.content {
		if !l.IsBlank() {
			rows++
			maxCells += strings.Count(l.Text, "&") + 1
		}
	}
	t.Rows = make([][]*ast.Cell, 0, max(rows-1, 0))
	cells := make([]ast.Cell, 0, maxCells)
	pointers := make([]*ast.Cell, 0, maxCells)
	for _, l := range env.content {
		if l.IsBlank() {
			continue
		}
		start := len(cells)
		cells = splitCells(l, cells)
		for i := start; i < len(cells); i++ {
			cells[i].Table = t
			pointers = append(pointers, &cells[i])
		}
		if strings.Contains(l.Text, prose.ClaimCommand) {
			p.claimsInCells(cells[start:])
		}
		// Capped, so that appending to one row cannot write into the next.
		row := pointers[start:len(pointers):len(pointers)]
		if t.Header == nil {
			t.Header = row
			continue
		}
		if len(row) != len(t.Header) {
			p.Diags.Errorf(l.FirstTextPos(), "table/ragged",
				"table row has "+plural(len(row), "cell")+"; the header has "+itoa(len(t.Header)))
		}
		t.Rows = append(t.Rows, row)
	}
	if t.Header == nil {
		p.Diags.Errorf(t.Pos, "table/empty", "table has no rows")
	}
	return t
}

// tableArgument reads "8", "8, check=qualification", "check=none" or
// "4, generate=pool dice={row} difficulty=2".
func (p *blockParser) tableArgument(t *ast.Table, env *environment) {
	arg, pos := env.arg, env.argPos()
	if at := generateOptionAt(arg); at >= 0 {
		valueAt := at + len(generateOption)
		value := strings.TrimSpace(arg[valueAt:])
		valueAt += len(arg[valueAt:]) - len(strings.TrimLeft(arg[valueAt:], " \t"))
		if value == "" {
			p.Diags.Errorf(pos, "table/argument", "generate= needs the roll or quantity to fill the table with, as in generate={row}d6>4")
		} else {
			t.Options = map[string]string{"generate": value}
			t.GeneratePos = env.begin.PosAt(env.argCol + valueAt)
		}
		if arg = strings.TrimSuffix(strings.TrimSpace(arg[:at]), ","); arg == "" {
			return
		}
	}
	for word := range strings.SplitSeq(arg, ",") {
		word = strings.TrimSpace(word)
		if gap, err := strconv.Atoi(word); err == nil && gap >= 0 && gap <= 40 {
			t.Gap = gap
			continue
		}
		key, value, ok := strings.Cut(word, "=")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || key == "" || value == "" {
			p.Diags.Errorf(pos, "table/argument",
				`table argument "`+word+`" is neither a column gap (0 to 40) nor key=value`)
			continue
		}
		if t.Options == nil {
			t.Options = map[string]string{}
		}
		t.Options[key] = value
	}
}

// generateOption starts the option whose value is the rest of the argument.
const generateOption = "generate="

// generateOptionAt returns where generate= starts an option of arg, at its
// start or after a comma, or -1.
func generateOptionAt(arg string) int {
	for from := 0; ; {
		i := strings.Index(arg[from:], generateOption)
		if i < 0 {
			return -1
		}
		i += from
		if before := strings.TrimRight(arg[:i], " \t"); before == "" || strings.HasSuffix(before, ",") {
			return i
		}
		from = i + len(generateOption)
	}
}

// claimsInCells reports each cell holding a \claim: the inlines of cells
// are parsed for writers only, too late for the checker, and a table's
// numbers are checked by the table's own check or written by the engine
// (generate=).
func (p *blockParser) claimsInCells(row []ast.Cell) {
	for i := range row {
		if strings.Contains(row[i].Text, prose.ClaimCommand) {
			p.Diags.Errorf(row[i].Pos, "claim/in-table", `a \claim belongs in prose: a table's numbers are checked by the table's check, or written by the engine with generate=`)
		}
	}
}

// splitCells splits a row at each "&" not written as "\&", trimming cells,
// and appends them to cells. Columns are counted as it goes, so a row of
// thousands of cells costs no more than its length.
func splitCells(l prose.Line, cells []ast.Cell) []ast.Cell {
	text := l.Text
	col := int(l.Col)
	start, startCol := 0, col
	finish := func(end int) {
		raw := text[start:end]
		lead := len(raw) - len(strings.TrimLeft(raw, " \t"))
		cellText := strings.TrimSpace(raw)
		pos := l.Pos()
		pos.Col = startCol + lead
		if cellText == "" {
			pos.Col = startCol
		}
		cells = append(cells, ast.Cell{Pos: pos, Text: strings.ReplaceAll(cellText, `\&`, "&")})
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\\' && i+1 < len(text) && text[i+1] == '&':
			i += 2
			col += 2
			continue
		case c == '&':
			finish(i)
			start, startCol = i+1, col+1
		}
		_, size := utf8.DecodeRuneInString(text[i:])
		i += size
		col++
	}
	finish(len(text))
	return cells
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return itoa(n) + " " + noun + "s"
}

func itoa(n int) string { return strconv.Itoa(n) }
