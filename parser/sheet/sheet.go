package sheet

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// Sheet is the character-sheet template read from its ASCII art (see
// Read): what the designer drew, as areas, boxes and fields with
// the rows and columns they occupy. Every form of the sheet (ASCII, HTML, PDF)
// is produced from it, so that the one drawing stays the single source.
//
// Rows and columns count from 0 within the art and are measured in runes:
// every glyph the art uses is one column wide.
type Sheet struct {
	// Lines are the art's lines as written, trailing blank lines included:
	// the ASCII sheet is these lines with the values written in.
	Lines []string
	// Start is the position of the art's first line in the manuscript.
	Start  ast.Pos
	Header Header
	// FrameRight is the column of the frame's right edge (╗, ║, ╣, ╝); the
	// shadow ▓ is the column after it.
	FrameRight int
	// FrameBottom is the row of the frame's ╚ border; the shadow ▀ row follows.
	FrameBottom int
	Areas       []*Area
}

// Header is the sheet's header: ╔►Game◄═…═►Title◄╗ and the row that
// holds the CLASS placeholder.
type Header struct {
	Game  string
	Title string
	// ClassRow is the row of the CLASS placeholder; ClassFrom and ClassTo
	// (inclusive) are the columns of the dotted run it is centred in, which
	// a filled sheet redraws with the class name centred instead.
	ClassRow, ClassFrom, ClassTo int
	// Fill is the rune of that run's leader (the seed uses '.').
	Fill rune
	// ClassPos is where CLASS is written.
	ClassPos ast.Pos
}

// Area is one ╠►Title◄═══╣ band of the sheet and the boxes under it.
type Area struct {
	Title string
	// Row is the row of the area's header; Bottom the last row before the
	// next area or the frame's bottom.
	Row, Bottom int
	Pos         ast.Pos
	Boxes       []*Box
}

// Rect is the extent of a box in the art: the rows and columns of its
// border glyphs, inclusive.
type Rect struct {
	Top, Left, Bottom, Right int
}

// Box is a box (┌[Title]──<Tag>──┐ … └──┘) or one of its sub-boxes
// (├─<Title>─┤). A box split by ├ rows has its first part's fields itself and
// the later parts as Sub.
type Box struct {
	Title string
	// Tag is the <Tag> of the top border, a heading for a column of the box
	// such as "Rules Reminder"; TagCol is the column of its '<'.
	Tag    string
	TagCol int
	Rect   Rect
	// Rounded reports whether the border has ┌ corners (a box) rather than
	// ├ joints (a sub-box).
	Rounded bool
	Pos     ast.Pos
	Fields  []*Field
	// Notes are reminder texts that stand on their own in a row, such as
	// "(Advance this way -->)" above the Disposition track.
	Notes []*Note
	// BottomLabels are the <^Label> marks of the bottom border. They belong
	// to the part of the box that touches the bottom border.
	BottomLabels []*Label
	// Track is the track drawn in this box, if any.
	Track *Track
	Sub   []*Box
}

// FieldKind says what a field holds.
type FieldKind int

// Field kinds.
const (
	// FieldPercentile is a rating slot [____%], maybe preset ([___0%]).
	FieldPercentile FieldKind = iota + 1
	// FieldCount is a count over a maximum, [__/__].
	FieldCount
	// FieldText is a text field with a dot leader, Name:.......
	FieldText
	// FieldInventory is an inventory slot: ○ ______:[____%], an item's name
	// and rating.
	FieldInventory
	// FieldTrackOption is one option of a track: ○ Holding......
	FieldTrackOption
	// FieldLuckCell is one cell of the Luck track: [11%].
	FieldLuckCell
)

var fieldKindNames = map[FieldKind]string{
	FieldPercentile:  "percentile",
	FieldCount:       "count",
	FieldText:        "text",
	FieldInventory:   "inventory",
	FieldTrackOption: "track-option",
	FieldLuckCell:    "luck-cell",
}

func (k FieldKind) String() string { return fieldKindNames[k] }

// MarkerKind is the mark drawn before a field.
type MarkerKind int

// Marker kinds.
const (
	MarkerNone MarkerKind = iota
	// MarkerXPTick is □: ticked when the feature may improve with experience.
	MarkerXPTick
	// MarkerRadio is ○: set when the field's bottom label applies (an effect
	// "Applies", an item is "Edible", a character is "Starving"), or, in a
	// track, for the current option.
	MarkerRadio
)

func (m MarkerKind) String() string {
	switch m {
	case MarkerXPTick:
		return "xp-tick"
	case MarkerRadio:
		return "radio"
	}
	return "none"
}

// Field is one field of the sheet.
type Field struct {
	// Label is the field's name as drawn, without its dot leader: "Speed",
	// "Threat Rate", "Hit (Alt)"; "" for an inventory slot; the option for a
	// track option ("Holding"); the cell for a Luck cell ("11%").
	Label string
	Kind  FieldKind
	// Marker is the tick box or radio button before the label, at MarkerCol
	// (-1 when there is none). MarkerLabel names it: the <^Label> in the
	// bottom border whose caret is in MarkerCol ("XP", "Applies", "-30%"),
	// or "XP" for a tick box no caret points at.
	Marker      MarkerKind
	MarkerCol   int
	MarkerLabel string
	// Preset is the rating the template prints in the slot ("0" in
	// [___0%]), or "".
	Preset string
	// Row is the field's row; LabelCol the column of its label's first rune
	// (of the underscores, for an inventory slot).
	Row, LabelCol int
	// Col and Width are the columns of the value slot: inside the brackets
	// of [____%] and [__/__], the dots of a text field, the brackets
	// included for a Luck cell, the label and its leader for a track option.
	Col, Width int
	// SlashOffset is, for a count, the offset of '/' within the slot.
	SlashOffset int
	// NameCol and NameWidth are an inventory slot's underscores, where the
	// item's name goes.
	NameCol, NameWidth int
	// LeaderEnd is the column after the label's dot leader (where ':' or
	// '[' is, or the slot for a text field).
	LeaderEnd int
	// Reminder is the rules reminder written after the field, without its
	// parentheses, at ReminderCol.
	Reminder    string
	ReminderCol int
	// Pos is where the label is written in the manuscript.
	Pos ast.Pos
}

// Note is a reminder text standing on its own in a box's row.
type Note struct {
	Text     string
	Row, Col int
	Pos      ast.Pos
}

// Label is a <^Label> in a bottom border: Caret is the column the ^
// points at, Col the column of its '<'.
type Label struct {
	Text       string
	Col, Caret int
	Pos        ast.Pos
}

// Track is a row of options of which one is current: the Disposition
// track's ○ options, or the Luck track's cells with the ^ marker under one.
type Track struct {
	// Name is the box's title without a trailing " Track": "Disposition",
	// "Luck". Class data sets the track with "Name: option".
	Name    string
	Options []*Field
	// MarkerRow and MarkerCol are where the Luck marker ^ is drawn in the
	// template (-1 for a track of radio buttons). MarkerOffset is the
	// marker's column relative to its cell's Col, kept when the marker moves
	// to another cell.
	MarkerRow, MarkerCol, MarkerOffset int
	// Preset is the index of the option the template marks, or -1.
	Preset int
}

// IsLuck reports whether the track is marked by a ^ under a cell rather than
// by radio buttons.
func (t *Track) IsLuck() bool { return t.Options[0].Kind == FieldLuckCell }

// Boxes returns every box and sub-box of the sheet, in reading order: area
// by area, each box before its sub-boxes.
func (s *Sheet) Boxes() []*Box {
	var boxes []*Box
	var add func(b *Box)
	add = func(b *Box) {
		boxes = append(boxes, b)
		for _, sub := range b.Sub {
			add(sub)
		}
	}
	for _, a := range s.Areas {
		for _, b := range a.Boxes {
			add(b)
		}
	}
	return boxes
}

// Fields returns every field of the sheet, box by box in reading order.
func (s *Sheet) Fields() []*Field {
	var fields []*Field
	for _, b := range s.Boxes() {
		fields = append(fields, b.Fields...)
	}
	return fields
}

// Tracks returns the sheet's tracks in reading order.
func (s *Sheet) Tracks() []*Track {
	var tracks []*Track
	for _, b := range s.Boxes() {
		if b.Track != nil {
			tracks = append(tracks, b.Track)
		}
	}
	return tracks
}

// IsRated reports whether a field holds a rated feature: a percentile or a
// count. Rated labels are unique on the sheet and name the feature.
func (f *Field) IsRated() bool { return f.Kind == FieldPercentile || f.Kind == FieldCount }

// FeatureNames returns the names of the sheet's features, in reading order:
// the label of every rated field (percentile or count) and the name of
// every track ("Disposition", "Luck"). Tables and stat blocks that list
// features are checked against these names. Marker labels (XP, Applies),
// track options and attack-box fields are not features.
func (s *Sheet) FeatureNames() []string {
	var names []string
	for _, b := range s.Boxes() {
		for _, f := range b.Fields {
			if f.IsRated() {
				names = append(names, f.Label)
			}
		}
		if b.Track != nil {
			names = append(names, b.Track.Name)
		}
	}
	return names
}

// trackName is the name class data uses for the track in a box titled
// title: the title without a trailing " Track".
func trackName(title string) string {
	return strings.TrimSpace(strings.TrimSuffix(title, " Track"))
}
