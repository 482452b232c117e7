package ast

import (
	"strings"
	"testing"
)

// plain is inlines as the text they print, emphasis marked with *.
func plain(ins []Inline) string {
	var b strings.Builder
	for _, in := range ins {
		switch in := in.(type) {
		case *Text:
			b.WriteString(in.Text)
		case *RunIn:
			b.WriteString("[" + in.Label + "] ")
		case *Emphasis:
			b.WriteString("*" + plain(in.Inlines) + "*")
		}
	}
	return b.String()
}

// cells makes a table of rows of text, the first its header, whose cells
// read as text.
func cells(rows ...[]string) *Table {
	t := &Table{ParseCell: func(c *Cell) []Inline { return []Inline{&Text{Text: c.Text}} }}
	for i, row := range rows {
		var cs []*Cell
		for j, text := range row {
			cs = append(cs, &Cell{Pos: Pos{Line: i + 1, Col: 1 + 10*j}, Text: text, Table: t})
		}
		if i == 0 {
			t.Header = cs
		} else {
			t.Rows = append(t.Rows, cs)
		}
	}
	return t
}

// TestRatings reads the blocks a stat block sets as a grid: an enemy's
// Feature & Rating table by its rows, an ability table of one row by its
// columns, and nothing else.
func TestRatings(t *testing.T) {
	for _, tc := range []struct {
		name  string
		block Block
		want  string // "name=value" pairs; "-" for no ratings
	}{
		{"feature table", cells([]string{"Feature", "Rating"}, []string{"Initiative", "50%"}, []string{"Wounds Max", "6"}), "Initiative=50% Wounds Max=6"},
		{"feature table, any case", cells([]string{"feature", "RATING"}, []string{"Speed", "d40"}), "Speed=d40"},
		{"ability table", cells([]string{"STR", "DEX"}, []string{"10 (+0)", "14 (+2)"}), "STR=10 (+0) DEX=14 (+2)"},
		{"a table of two rows", cells([]string{"STR", "DEX"}, []string{"1", "2"}, []string{"3", "4"}), "-"},
		{"a table of one column", cells([]string{"STR"}, []string{"1"}), "-"},
		{"three columns under Feature", cells([]string{"Feature", "Rating", "Note"}, []string{"A", "1", "x"}, []string{"B", "2", "y"}), "-"},
		{"ratings", &StatRatings{Ratings: []*StatRating{{Name: "Armor Class", Value: []Inline{&Text{Text: "12"}}}}}, "Armor Class=12"},
		{"a paragraph", &Paragraph{}, "-"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ratings, ok := Ratings(tc.block)
			got := "-"
			if ok {
				var pairs []string
				for _, r := range ratings {
					pairs = append(pairs, r.Name+"="+plain(r.Value))
				}
				got = strings.Join(pairs, " ")
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestAttacks reads a figure's attack boxes as run-in paragraphs, at the
// place each was drawn, and leaves a figure that draws anything else as
// art.
func TestAttacks(t *testing.T) {
	boxes := []string{
		"┌[Base Attack]──────────┐┌[Special Attack]─────┐",
		"│ Name:............Claw ││ Name:.............. │",
		"│ Damage:.......1 Wound ││ Damage:....2 Wounds │",
		"│ Hit (Alt):........... ││ Miss!:.....Recoils. │",
		"└───────────────────────┘└─────────────────────┘",
		"────────────────────────────────────────────────",
	}
	fig := &Figure{BlockNode: BlockNode{Pos{File: "b.txt", Line: 10, Col: 1}}, Art: boxes}
	attacks, ok := fig.Attacks()
	if !ok || len(attacks) != 2 {
		t.Fatalf("got %d attacks, %v; want 2", len(attacks), ok)
	}
	want := []string{
		"[Claw.] Base Attack. *Damage:* 1 Wound.",
		"[Special Attack.] *Damage:* 2 Wounds. *Miss!:* Recoils.",
	}
	for i, p := range attacks {
		if got := plain(p.Inlines); got != want[i] {
			t.Errorf("attack %d reads %q, want %q", i, got, want[i])
		}
	}
	if p := attacks[1].Inlines[1].Position(); p.Line != 12 || p.Col != 28 {
		t.Errorf("the Special Attack's Damage row is at %d:%d, want 12:28", p.Line, p.Col)
	}
	for _, art := range [][]string{
		nil,
		{"├─<Disposition Track>──┤", "│ ○ Holding...... │"},
		append(append([]string{}, boxes...), "A line of text under the boxes"),
	} {
		if _, ok := (&Figure{Art: art}).Attacks(); ok {
			t.Errorf("%q reads as attacks", art)
		}
	}
}
