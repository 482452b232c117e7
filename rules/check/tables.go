package check

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// A table is bound to a check by its header, as FIT binds a column fixture:
// the normalised column names say what the table claims. An author can also
// bind it by name, \begin{table}[8, check=qualification], or opt it out with
// check=none.

// tableCheck is one way of recomputing a kind of table with the engine.
type tableCheck struct {
	name string
	// systems lists the systems whose books have such tables; nil means
	// any system.
	systems []string
	// binds reports whether a normalised header is this check's; the
	// checker is there for checks that bind to the book's own names.
	binds func(h header, c *checker) bool
	// columns are the column names binds looks for, as a book writes
	// them, so that a header that misses one by a typo can be told which
	// it most likely means (see nearBinding); the book's class names and
	// the odds columns of each number are added where they are known.
	columns []string
	run     func(t *tableRun)
}

// tableChecks is every check, in the order a table's header is offered to
// them: the first to bind a table checks it. The order is the checks'
// priority, lower first, as goldmark orders its parsers
// (util.Prioritized), and not the order in which the files that define
// them happen to be compiled: a check that binds one header exactly comes
// before one that binds any header of its kind (resist-with's "Effect |
// Resist with" before feature-names, which binds a table of any of the
// book's feature names), and a more specific odds table before the
// general one (qualification-odds before odds).
var tableChecks = byPriority(checkPriorities)

// checkPriorities are the checks with their priorities, in no order that
// matters.
var checkPriorities = []prioritized{
	{classComparisonCheck, 100},
	{classFeaturesCheck, 200},
	{decileDiceCheck, 300},
	{startingDispositionCheck, 400},
	{resistWithCheck, 500},
	{actionFeaturesCheck, 600},
	{sixDegreesCheck, 700},
	{attackOutcomesCheck, 800},
	{eventTableCheck, 850},
	{encounterRollsCheck, 870},
	{featureNamesCheck, 900},
	{generateCheck, 1000},
	{netHitsCheck, 1100},
	{qualificationOddsCheck, 1200},
	{oddsCheck, 1300},
	{oddsGridCheck, 1350},
	{rollTableCheck, 1400},
	{statBlockCheck, 1500},
	{qualificationCheck, 1600},
	{modifiersCheck, 1700},
	{booleanCheck, 1800},
	{contestedBooleanCheck, 1900},
}

// prioritized is a check and its place among the others, lower first.
type prioritized struct {
	check    *tableCheck
	priority int
}

// byPriority returns the checks in the order of their priorities; no two
// share one (see TestCheckPriorities).
func byPriority(checks []prioritized) []*tableCheck {
	checks = slices.Clone(checks)
	slices.SortFunc(checks, func(a, b prioritized) int { return cmp.Compare(a.priority, b.priority) })
	ordered := make([]*tableCheck, len(checks))
	for i, c := range checks {
		ordered[i] = c.check
	}
	return ordered
}

func lookupCheck(name string) *tableCheck {
	for _, tc := range tableChecks {
		if tc.name == name {
			return tc
		}
	}
	return nil
}

func (tc *tableCheck) appliesTo(system string) bool {
	return tc.systems == nil || slices.Contains(tc.systems, system)
}

// header is a table's column names, normalised: lower case, single spaces,
// a trailing "..." dropped ("D100 Roll..." is "d100 roll").
type header []string

// headerOf returns a table's header as normalizeHeader writes it, made
// once (see gather): a table is bound, and read by several checks, by its
// header. The header is shared; a caller must not change it.
func (c *checker) headerOf(t *ast.Table) header {
	if h, ok := c.headers[t]; ok {
		return h
	}
	return normalizeHeader(t.Header)
}

func normalizeHeader(cells []*ast.Cell) header {
	h := make(header, len(cells))
	for i, c := range cells {
		h[i] = normalizeColumn(c.Text)
	}
	return h
}

func normalizeColumn(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, ".…")
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// is reports whether the header is exactly these columns.
func (h header) is(columns ...string) bool { return slices.Equal(h, header(columns)) }

// index returns the column named name, or -1.
func (h header) index(name string) int { return slices.Index(h, name) }

// tableRun is one table being checked.
type tableRun struct {
	c      *checker
	table  *ast.Table
	header header
	// shortRows are the rows reported short, so that a row is reported
	// once however many of its cells a check needs, in whatever order.
	shortRows map[int]bool
}

// cell returns the cell of row r in column i. Every check reads its cells
// here and nowhere else, because any row may stop short of the header (the
// parser reports it ragged) and a cell that is not there must be a
// diagnostic, not a nil: cell reports which cell the check needed, where the
// row ends, and returns false, and the check skips what it cannot read.
func (t *tableRun) cell(r, i int) (*ast.Cell, bool) {
	row := t.table.Rows[r]
	if i >= 0 && i < len(row) {
		return row[i], true
	}
	if !t.shortRows[r] {
		t.shortRows[r] = true
		t.c.errorAt(rowEnd(t.table, row), "table/missing-cell", t.missingCell(i, len(row)), "")
	}
	return nil, false
}

// missingCell says which cell a row of n cells lacks.
func (t *tableRun) missingCell(i, n int) string {
	msg := "no cell in column " + itoa(i+1)
	if i >= 0 && i < len(t.table.Header) {
		msg = `no "` + t.table.Header[i].Text + `" cell (column ` + itoa(i+1) + ")"
	}
	return msg + " to check: the row stops after column " + itoa(n) + " of " + itoa(len(t.table.Header))
}

// rowEnd is just past a row's last cell, where the cells it lacks would be
// written. A literal "&" in a cell's text was written "\&", a column wider.
func rowEnd(t *ast.Table, row []*ast.Cell) ast.Pos {
	if len(row) == 0 {
		return t.Pos
	}
	last := row[len(row)-1]
	end := last.Pos
	end.Col += utf8.RuneCountInString(last.Text) + strings.Count(last.Text, "&")
	return end
}

// column returns the index of the column headed name, which the check must
// read. A table bound with check= need not have the columns its header would
// have bound it by; one it lacks is an error at the header, and ok is false.
func (t *tableRun) column(name, code string) (int, bool) {
	i := t.header.index(normalizeColumn(name))
	if i < 0 {
		t.c.errorAt(t.table.Header[0].Pos, code, `the table has no "`+name+`" column`, "")
	}
	return i, i >= 0
}

// expect reports row r's cell in column i unless it says want, after
// folding white space.
func (t *tableRun) expect(r, i int, want, code string) {
	cell, ok := t.cell(r, i)
	if ok && !sameText(cell.Text, want) {
		t.mismatch(cell, want, code)
	}
}

// mismatch reports a cell that should say want.
func (t *tableRun) mismatch(cell *ast.Cell, want, code string) {
	got := cell.Text
	if got == "" {
		got = "(empty)"
	}
	t.c.errorAt(cell.Pos, code, `"`+got+`" should be "`+want+`"`, want)
}

// problem reports a cell that cannot be read, with no single right answer.
func (t *tableRun) problem(cell *ast.Cell, code, msg string) {
	t.c.errorAt(cell.Pos, code, msg, "")
}

// sameText reports whether a and b are the same words, however spaced. It
// compares them word by word: joining each's words into a string to
// compare was most of what checking a table's cells cost.
func sameText(a, b string) bool {
	// Most texts compared are the same, or differ in their first byte:
	// when that is a word byte in both, it is their first words'.
	if a == b {
		return true
	}
	if a != "" && b != "" && a[0] != b[0] && isWordByte(a[0]) && isWordByte(b[0]) {
		return false
	}
	for {
		a, b = strings.TrimLeftFunc(a, unicode.IsSpace), strings.TrimLeftFunc(b, unicode.IsSpace)
		if a == "" || b == "" {
			return a == b
		}
		wordA, wordB := a, b
		if i := strings.IndexFunc(a, unicode.IsSpace); i >= 0 {
			wordA, a = a[:i], a[i:]
		} else {
			a = ""
		}
		if i := strings.IndexFunc(b, unicode.IsSpace); i >= 0 {
			wordB, b = b[:i], b[i:]
		} else {
			b = ""
		}
		if wordA != wordB {
			return false
		}
	}
}

// tables binds every table to its check and runs it.
func (c *checker) tables() []*TableResult {
	var results []*TableResult
	c.walkBlocks(func(n ast.Block) {
		t, ok := n.(*ast.Table)
		if !ok {
			return
		}
		res := &TableResult{Table: t}
		results = append(results, res)
		if len(t.Header) == 0 {
			return
		}
		c.binding = t
		tc := c.bind(t, res)
		if tc == nil {
			return
		}
		res.Check = tc.name
		run := &tableRun{c: c, table: t, header: c.headerOf(t), shortRows: map[int]bool{}}
		tc.run(run)
		run.misspeltColumns(tc)
		if tc.name != "roll-table" {
			run.captionDice()
		}
	})
	return results
}

// misspeltColumns reports each header cell of a bound table that is spelt
// close to one of the check's columns but not as it, such as "Complete
// Succes" or "Determind by": the check reads its columns by name, so the
// column would go unchecked without a word. Columns unlike any (a column of
// notes) are the author's own.
func (t *tableRun) misspeltColumns(tc *tableCheck) {
	known := slices.Clone(tc.columns)
	for _, cell := range t.table.Header {
		known = append(known, chanceColumnSpellings(cell.Text)...)
	}
	for i, cell := range t.table.Header {
		if _, isChance := parseOddsColumn(t.header[i]); isChance || slices.ContainsFunc(known, func(name string) bool { return normalizeColumn(name) == t.header[i] }) {
			continue
		}
		if closest := ast.Closest(cell.Text, known); closest != "" {
			t.c.errorAt(cell.Pos, "table/header", `no column of the `+tc.name+` check is headed "`+cell.Text+`" (did you mean "`+closest+`"?)`, closest)
		}
	}
}

// bind finds the check for a table: the engine's own for a table it writes
// (generate=), the one its check= option names, or the first whose header
// binds it.
func (c *checker) bind(t *ast.Table, res *TableResult) *tableCheck {
	name, explicit := t.Options["check"]
	if _, generated := t.Options["generate"]; generated {
		return lookupCheck("generate")
	}
	if !explicit {
		h := c.headerOf(t)
		for _, tc := range tableChecks {
			if tc.appliesTo(c.system) && tc.binds(h, c) {
				c.nearBinding(t, tc)
				return tc
			}
		}
		c.nearBinding(t, nil)
		return nil
	}
	if name == "none" {
		res.OptedOut = true
		return nil
	}
	tc := lookupCheck(name)
	if tc == nil {
		names := make([]string, len(tableChecks))
		for i, tc := range tableChecks {
			names[i] = tc.name
		}
		msg := `unknown table check "` + name + `"`
		if best := ast.Closest(name, names); best != "" {
			msg += ` (did you mean "` + best + `"?)`
		}
		c.errorAt(t.OptionsPos, "table/check", msg, "")
		return nil
	}
	if !tc.appliesTo(c.system) {
		c.errorAt(t.OptionsPos, "table/check", `the "`+name+`" check is for `+strings.Join(tc.systems, ", ")+
			` books; this book's system is `+c.system, "")
		return nil
	}
	return tc
}

// paragraphBeforeTable returns the last paragraph before a table, where a
// book says what the table is, or nil (found by gather).
func (c *checker) paragraphBeforeTable(t *ast.Table) *ast.Paragraph {
	return c.paragraphBefore[t]
}
