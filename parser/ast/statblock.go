package ast

import (
	"strings"
)

// StatBlock is a creature's game statistics, set as RPG books set them: a
// titled frame, its ratings in a compact grid, its attacks and features as
// run-in paragraphs, kept whole in a column. The markup writes one as an
// enemy's "Feature & Rating" table with its attack boxes after it;
// Markdown as a Homebrewery {{monster}} block. Its blocks are
// the tree's own, so the checker reads its table and art as any other;
// Ratings and Attacks give the writers their stat-block form.
type StatBlock struct {
	BlockNode
	// Title names the creature: the heading over the markup's stat table,
	// or the first heading in a Homebrewery block.
	Title  string  `json:"title"`
	Blocks []Block `json:"blocks"`
}

// Kind returns KindStatBlock.
func (*StatBlock) Kind() NodeKind { return KindStatBlock }

// MarshalJSON encodes the stat block with its kind.
func (n *StatBlock) MarshalJSON() ([]byte, error) {
	type t StatBlock
	return marshalWithKind(n.Kind(), (*t)(n))
}

// StatRatings is a run of a stat block's rating lines, Homebrewery's
// "**Armor Class** 13" or "**Speed** :: 30 ft.", one a line or one an item
// of a list.
type StatRatings struct {
	BlockNode
	Ratings []*StatRating `json:"ratings"`
}

// Kind returns KindStatRatings.
func (*StatRatings) Kind() NodeKind { return KindStatRatings }

// MarshalJSON encodes the ratings with their kind.
func (n *StatRatings) MarshalJSON() ([]byte, error) {
	type t StatRatings
	return marshalWithKind(n.Kind(), (*t)(n))
}

// StatRating is one rating: what is rated, and its value as prose, where
// dice and references read as anywhere else.
type StatRating struct {
	Pos
	Name  string   `json:"name"`
	Value []Inline `json:"value"`
}

// Ratings returns the ratings a block of a stat block gives, which the
// writers set as a compact grid: a StatRatings' own, the rows of a
// "Feature & Rating" table, or the columns of a table of one row under its
// header (the ability scores, STR DEX CON …). ok is false for any other
// block.
func Ratings(b Block) (ratings []*StatRating, ok bool) {
	switch b := b.(type) {
	case *StatRatings:
		return b.Ratings, true
	case *Table:
		switch {
		case IsRatingsTable(b):
			for _, row := range b.Rows {
				if len(row) == 2 {
					ratings = append(ratings, &StatRating{Pos: row[0].Pos, Name: row[0].Text, Value: row[1].Inlines()})
				}
			}
			return ratings, true
		case len(b.Rows) == 1 && len(b.Rows[0]) == len(b.Header) && len(b.Header) > 1:
			for i, head := range b.Header {
				cell := b.Rows[0][i]
				ratings = append(ratings, &StatRating{Pos: head.Pos, Name: head.Text, Value: cell.Inlines()})
			}
			return ratings, true
		}
	}
	return nil, false
}

// IsRatingsTable reports whether t is an enemy's stat table: a "Feature"
// column and a "Rating" column, one row a rating.
func IsRatingsTable(t *Table) bool {
	if len(t.Header) != 2 || !strings.EqualFold(t.Header[0].Text, "Feature") || !strings.EqualFold(t.Header[1].Text, "Rating") {
		return false
	}
	for _, row := range t.Rows {
		if len(row) != 2 {
			return false
		}
	}
	return true
}

// Attacks returns the attacks a figure of a stat block draws as titled art
// boxes (┌[Base Attack]──┐ with "Name:....Mandible Attack" rows), each as
// the run-in paragraph a stat block prints: "Mandible Attack. Base Attack.
// Keywords: Crushing. Damage: 1 Wound. …", rows without a value left out.
// ok is false when the art draws anything but such boxes and rules, which
// then print as drawn. They are read once, when first asked for, however
// many writers ask: the parser asks of every figure after a stat table.
func (f *Figure) Attacks() (attacks []*Paragraph, ok bool) {
	f.attacksRead.Do(func() { f.attacks, f.drawsAttacks = readAttacks(f) })
	return f.attacks, f.drawsAttacks
}

// readAttacks reads the attacks of Attacks.
func readAttacks(f *Figure) (attacks []*Paragraph, ok bool) {
	boxes := ArtBoxes(f.Art)
	if len(boxes) == 0 {
		return nil, false
	}
	inBox := make([]bool, len(f.Art))
	for _, box := range boxes {
		for line := box.Top; line <= box.Bottom && line < len(f.Art); line++ {
			inBox[line] = true
		}
	}
	for line, text := range f.Art {
		if !inBox[line] && strings.Trim(text, "─ ") != "" {
			return nil, false
		}
	}
	for _, box := range boxes {
		attacks = append(attacks, attackParagraph(f, box))
	}
	return attacks, true
}

// attackParagraph sets one attack box as a run-in paragraph: its Name row
// is the label, the box's title the first sentence, and each other row
// with a value a sentence led by its label in italics.
func attackParagraph(f *Figure, box *ArtBox) *Paragraph {
	at := func(r ArtRow) InlineNode {
		return InlineNode{Pos{File: f.File, Line: f.Line + r.Line, Col: f.Col + r.Col}}
	}
	p := &Paragraph{BlockNode: BlockNode{Pos{File: f.File, Line: f.Line + box.Top, Col: f.Col + box.From}}}
	top := InlineNode{p.Pos}
	name := box.Title
	for _, r := range box.Rows {
		if r.Label == "Name" && r.Value != "" {
			name = r.Value
		}
	}
	p.Inlines = append(p.Inlines, &RunIn{InlineNode: top, Label: sentence(name)})
	if name != box.Title {
		p.Inlines = append(p.Inlines, &Text{InlineNode: top, Text: sentence(box.Title) + " "})
	}
	for _, r := range box.Rows {
		if r.Label == "Name" || r.Value == "" {
			continue
		}
		p.Inlines = append(p.Inlines,
			&Emphasis{InlineNode: at(r), Level: 1, Inlines: []Inline{&Text{InlineNode: at(r), Text: r.Label + ":"}}},
			&Text{InlineNode: at(r), Text: " " + sentence(r.Value) + " "})
	}
	last := p.Inlines[len(p.Inlines)-1]
	if t, ok := last.(*Text); ok {
		t.Text = strings.TrimRight(t.Text, " ")
	}
	return p
}

// sentence ends s with a full stop, unless it ends with one already.
func sentence(s string) string {
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") {
		return s
	}
	return s + "."
}
