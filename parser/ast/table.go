package ast

import "sync"

// Table is a \begin{table}[GAP] environment: rows of cells separated by "&",
// the first row the header, and the caption paragraph after \end{table}.
type Table struct {
	BlockNode
	// Gap is the space between columns in the ASCII layout.
	Gap int `json:"gap"`
	// Options are the key=value words of the argument, for example
	// check=qualification to bind the table to an engine check or
	// check=none to opt it out; the checker interprets them. The value of
	// generate=, the last option, runs to the argument's end, commas and
	// all, since it is a dice expression or a quantity such as
	// "P(fd100 effort={row} static=+30,-20 = Complete Success)".
	Options map[string]string `json:"options,omitempty"`
	// OptionsPos is where the argument is written.
	OptionsPos Pos `json:"-"`
	// GeneratePos is where the value of generate= starts.
	GeneratePos Pos       `json:"-"`
	Header      []*Cell   `json:"header"`
	Rows        [][]*Cell `json:"rows"`
	Caption     *Caption  `json:"caption,omitempty"`

	// ParseCell reads a cell's text as prose. The reader that made the
	// table sets it, so that the tree need not know the syntax; a table
	// without it has cells without inlines.
	ParseCell func(*Cell) []Inline `json:"-"`

	// cellsParsed parses the inlines of every cell, once, when the first
	// is asked for (see Cell.Inlines).
	cellsParsed sync.Once
}

// Kind returns KindTable.
func (*Table) Kind() NodeKind { return KindTable }

// Cell is one table cell, trimmed, with the position of its first character
// so that a check can point at the exact cell that is wrong.
type Cell struct {
	Pos
	Text string `json:"text"`

	// Table is the cell's table, whose ParseCell reads its cells'
	// inlines; nil for a cell made by hand, which has none.
	Table *Table `json:"-"`

	// Words is a named roll's description, set by the checker's fill for
	// a cell of an odds table's Roll column ("+3 against 16, with
	// advantage"), so that a reader never meets engine syntax: the cell
	// reads as the words, then its Text, the expression, in parentheses as
	// dice a reader may roll. "" for every other cell.
	Words string `json:"words,omitempty"`

	// inlines are the cell's inlines as a reader meets them.
	inlines []Inline
}

// Inlines returns the cell's text parsed as prose, for writers that link
// its dice and references, or a named roll's Words with its expression
// after them. A table's cells are parsed when the first of them is asked
// for, all at once and only once, however many writers ask: most cells
// are numbers and names, and a table can have thousands, so the parser
// leaves them for a writer that wants them.
func (c *Cell) Inlines() []Inline {
	t := c.Table
	if t == nil || t.ParseCell == nil {
		return nil
	}
	t.cellsParsed.Do(func() {
		for _, row := range append([][]*Cell{t.Header}, t.Rows...) {
			for _, cell := range row {
				cell.inlines = t.ParseCell(cell)
				if cell.Words != "" {
					cell.inlines = cell.rollInWords()
				}
			}
		}
	})
	return c.inlines
}

// InlinesInWords returns the cell as a book without a roller prints it:
// a named roll's Words alone ("+3 against 16, with advantage"), which the
// PDF book's odds tables print, where the expression beside them made the
// Roll column two or three times as wide and the table a page across or
// tall; any other cell, its Inlines.
func (c *Cell) InlinesInWords() []Inline {
	if c.Words != "" {
		return []Inline{&Text{InlineNode: InlineNode{c.Pos}, Text: c.Words}}
	}
	return c.Inlines()
}

// rollInWords is a named roll's cell as it reads: "+3 against 16, with
// advantage (2d12 mod=+3 target=16 adv)", the expression dice for the
// roller, all at the cell's position.
func (c *Cell) rollInWords() []Inline {
	at := InlineNode{c.Pos}
	return []Inline{
		&Text{InlineNode: at, Text: c.Words + " ("},
		&Dice{InlineNode: at, Expr: c.Text},
		&Text{InlineNode: at, Text: ")"},
	}
}

// MarshalJSON encodes the table with its kind.
func (n *Table) MarshalJSON() ([]byte, error) {
	type t Table
	return marshalWithKind(n.Kind(), (*t)(n))
}
