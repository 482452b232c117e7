package check

import (
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// An odds grid is a table of chances as designers print them: one roll's
// parameter down the rows and another across the columns, each cell the
// chance of an outcome, with no Roll column to read.
//
//	Dice & Difficulty 1 & Difficulty 2 & Difficulty 3      (the pool)
//	Modifier & Target 12 & Target 16                       (2d12)
//	Effort & 20% & 40% & 60%                               (fd100)
//	Action Number & Difficulty 1 & Difficulty 2            (trigger)
//
// What the cells are is said where a reader would look: in the caption or
// in the sentence before the table, as "the chance of at least a Partial
// Success", "the chance to succeed", "the chance of a Complete Success".
// A grid whose words say no such thing is left unchecked: its numbers could
// be anything. Each cell is the exact chance rounded to the digits printed.

var oddsGridCheck = &tableCheck{
	name:  "odds-grid",
	binds: func(h header, c *checker) bool { return c.oddsGrid(h) != nil },
	run:   oddsGridTable,
}

// gridAxes are a system's parameters an odds grid may run along: the
// rows' (as a header names them) and the columns' (by the word that may
// head each, or none), each with the named roll's key.
var gridAxes = map[string]struct {
	rows    map[string]string // row header → key
	columns map[string]string // column word → key; "" for a bare number
	roll    string
}{
	"pool":    {map[string]string{"dice": "dice", "pool": "dice", "pool size": "dice", "dice pool": "dice"}, map[string]string{"difficulty": "difficulty", "": "difficulty", "vs": "vs", "against": "vs"}, "pool"},
	"trigger": {map[string]string{"dice": "dice", "action number": "dice"}, map[string]string{"difficulty": "difficulty", "": "difficulty", "vs": "vs"}, "trigger"},
	"2d12":    {map[string]string{"modifier": "mod", "mod": "mod", "bonus": "mod"}, map[string]string{"target": "target", "dc": "target", "": "target"}, "2d12"},
	"fd100":   {map[string]string{"effort": "effort"}, map[string]string{"resistance": "resistance", "": "resistance"}, "fd100"},
}

// gridHeading is a column's header: an optional word and a number.
var gridHeading = regexp.MustCompile(`^(?:([a-z]+)\s*)?([+\-]?\d+)%?$`)

// gridValue is a row's first cell: a number, signed or a percentage.
var gridValue = regexp.MustCompile(`^\s*([+\-−]?\d+)%?\s*$`)

// oddsGrid is what an odds grid's header and words say.
type oddsGrid struct {
	roll       string   // the named roll, with {row} and {col}
	columns    []int64  // each column's value
	outcome    string   // the outcome whose chance the cells are
	atLeast    bool     // the chance of the outcome or a better one
	outcomeSet []string // the roll's outcomes, best first, to read atLeast with
	// misspelt holds the header cells spelt near what an odds grid's
	// header says but not as it, with the spelling meant: "Dificulty 2"
	// for "Difficulty 2", "2%0" for "20%", "40" among "20%" and "60%".
	misspelt map[int]string
}

// respell writes a header cell with its first word spelt as meant, in the
// cell's case.
func respell(text, meant string) string {
	word := strings.Fields(text)[0]
	if strings.ToUpper(word[:1]) == word[:1] {
		meant = strings.ToUpper(meant[:1]) + meant[1:]
	}
	return meant + strings.TrimPrefix(strings.TrimSpace(text), word)
}

// axisWord returns the key words maps word to, spelt as written or one
// edit away in three; meant is the word meant when it is misspelt.
func axisWord(word string, words map[string]string) (key, meant string, ok bool) {
	if key, ok := words[word]; ok {
		return key, "", true
	}
	var known []string
	for w := range words {
		if w != "" {
			known = append(known, w)
		}
	}
	if closest := ast.Closest(word, known); closest != "" {
		return words[closest], closest, true
	}
	return "", "", false
}

// oddsGrid reads the header of the table being bound as an odds grid, or
// returns nil when it is none or its words do not say what its cells are.
func (c *checker) oddsGrid(h header) *oddsGrid {
	axes, ok := gridAxes[c.system]
	if !ok || len(h) < 2 || c.binding == nil {
		return nil
	}
	g := &oddsGrid{misspelt: map[int]string{}}
	rowKey, meant, ok := axisWord(h[0], axes.rows)
	if !ok {
		return nil
	}
	if meant != "" {
		g.misspelt[0] = respell(c.binding.Header[0].Text, meant)
	}
	colKey, percents := "", 0
	var odd []int // columns that are no heading at all but for their digits
	for i, col := range h[1:] {
		m := gridHeading.FindStringSubmatch(col)
		if m == nil {
			digits := strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return r
				}
				return -1
			}, col)
			if digits == "" {
				return nil
			}
			odd = append(odd, i+1)
			n, _ := strconv.ParseInt(digits, 10, 64)
			g.columns = append(g.columns, n)
			continue
		}
		key, meant, ok := axisWord(m[1], axes.columns)
		if !ok || colKey != "" && key != colKey {
			return nil
		}
		if meant != "" {
			g.misspelt[i+1] = respell(c.binding.Header[i+1].Text, meant)
		}
		if strings.HasSuffix(col, "%") {
			percents++
		}
		colKey = key
		n, _ := strconv.ParseInt(m[2], 10, 64)
		g.columns = append(g.columns, n)
	}
	if colKey == "" || len(odd)+len(g.misspelt) > maxHeaderRepairs {
		return nil
	}
	// The columns write their values alike: the odd ones out are slips.
	wellFormed := len(g.columns) - len(odd)
	for i, col := range h[1:] {
		if slices.Contains(odd, i+1) || 2*percents == wellFormed {
			continue
		}
		if strings.HasSuffix(col, "%") != (2*percents > wellFormed) {
			g.misspelt[i+1] = ""
		}
	}
	for _, i := range odd {
		g.misspelt[i] = ""
	}
	if len(g.misspelt) > maxHeaderRepairs {
		return nil
	}
	for i, meant := range g.misspelt {
		if meant == "" {
			value := strconv.FormatInt(g.columns[i-1], 10)
			if 2*percents > wellFormed {
				value += "%"
			}
			g.misspelt[i] = value
		}
	}
	g.roll = axes.roll + " " + rowKey + "={row} " + colKey + "={col}"
	if !c.gridOutcome(g) {
		return nil
	}
	return g
}

// gridOutcome finds in the caption, or the sentence before the table, the
// outcome whose chance the cells are.
func (c *checker) gridOutcome(g *oddsGrid) bool {
	text := strings.ToLower(c.gridWords(c.binding))
	if !strings.Contains(text, "chance") && !strings.Contains(text, "odds") && !strings.Contains(text, "probabilit") {
		return false
	}
	probe, err := rules.Parse(strings.NewReplacer("{row}", "1", "{col}", "1").Replace(g.roll), rules.GenericSystem)
	if err != nil {
		return false
	}
	g.outcomeSet = probe.Outcomes()
	// The most specific outcome named: a degree before "success".
	best := -1
	for i, label := range g.outcomeSet {
		if at := strings.Index(text, strings.ToLower(label)); at >= 0 && (best < 0 || len(label) > len(g.outcomeSet[best])) {
			best = i
		}
	}
	switch {
	case best >= 0:
		g.outcome = g.outcomeSet[best]
		at := strings.Index(text, strings.ToLower(g.outcome))
		g.atLeast = strings.Contains(text[:at], "at least") || strings.HasPrefix(strings.TrimLeft(text[at+len(g.outcome):], " "), "or better")
	case strings.Contains(text, "succeed") || strings.Contains(text, "success"):
		// A Success of any degree: the worst degree that succeeds, or
		// better.
		for _, label := range g.outcomeSet {
			if strings.HasSuffix(label, "Success") {
				g.outcome, g.atLeast = label, true
			}
		}
	}
	return g.outcome != ""
}

// gridWords returns the words that may say what a table's cells are: its
// caption and the last sentence of the paragraph before it.
func (c *checker) gridWords(t *ast.Table) string {
	words := ""
	if t.Caption != nil {
		words = c.proseOf(t.Caption, t.Caption.Inlines).text
	}
	if para := c.paragraphBeforeTable(t); para != nil {
		text := strings.TrimSpace(c.proseOf(para, para.Inlines).text)
		if i := strings.LastIndex(strings.TrimRight(text, ".:"), ". "); i >= 0 {
			text = text[i+2:]
		}
		words += " " + text
	}
	return words
}

// oddsGridTable checks each cell of an odds grid against the engine.
func oddsGridTable(t *tableRun) {
	g := t.c.oddsGrid(t.header)
	if g == nil {
		return
	}
	for i, meant := range g.misspelt {
		cell := t.table.Header[i]
		t.c.errorAt(cell.Pos, "table/header", `"`+cell.Text+`" is read as "`+meant+`" (did you mean it?): an odds grid's header names what its rows and columns are, alike`, meant)
	}
	for r := range t.table.Rows {
		first, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		m := gridValue.FindStringSubmatch(first.Text)
		if m == nil {
			t.problem(first, "table/odds-grid", `"`+first.Text+`" is not a number such as 4 or +3: an odds grid's rows are the values of its first column`)
			continue
		}
		row := strings.Replace(m[1], "−", "-", 1)
		for i, col := range g.columns {
			cell, ok := t.cell(r, i+1)
			if !ok {
				break
			}
			expr := strings.NewReplacer("{row}", row, "{col}", strconv.FormatInt(col, 10)).Replace(g.roll)
			odds, err := rules.Odds(expr, t.c.system)
			if err != nil {
				t.problem(cell, "table/odds-grid", "the engine cannot compute "+expr+": "+err.Error())
				continue
			}
			t.checkChance(cell, g.chance(odds))
		}
	}
}

// chance returns the chance the grid's cells state, of a roll's odds.
func (g *oddsGrid) chance(odds *rules.OddsTable) *big.Rat {
	sum := new(big.Rat)
	for _, r := range odds.Rows {
		if r.Outcome == g.outcome || g.atLeast && int(r.Value) < slices.Index(g.outcomeSet, g.outcome) {
			sum.Add(sum, rowChance(r))
		}
	}
	return sum
}
