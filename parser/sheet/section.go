package sheet

import "github.com/galleyhq/galley/parser/ast"

// finishSection completes a box or sub-box once its rows are read: it names
// the markers of its fields from the <^Label> carets of its bottom border and
// gathers its track. bottomRow and markerCol are the row of the bottom
// border and the column of its bare ^, for the part of the box that touches
// the bottom border; -1 for the others.
func (r *sheetReader) finishSection(sec *Box, bottomRow, markerCol int) {
	r.labelMarkers(sec)
	var options, cells []*Field
	for _, f := range sec.Fields {
		switch f.Kind {
		case FieldTrackOption:
			options = append(options, f)
		case FieldLuckCell:
			cells = append(cells, f)
		}
	}
	switch {
	case len(options) > 0 && len(cells) > 0:
		r.diags.Errorf(sec.Pos, "sheet/track", "a box holds one track: ○ options or Luck cells [11%], not both")
	case len(options) > 0:
		sec.Track = r.newTrack(sec, options)
	case len(cells) > 0:
		sec.Track = r.newTrack(sec, cells)
		r.placeLuckMarker(sec, bottomRow, markerCol)
	}
	if markerCol >= 0 && len(cells) == 0 {
		r.diags.Errorf(r.pos(bottomRow, markerCol), "sheet/luck-marker", "a bare ^ marks the Luck track, but this box has no cells like [11%]")
	}
}

// labelMarkers names each marker from the bottom label whose caret is in its
// column. A tick box no caret points at is an XP tick; a radio button outside
// a track needs its label, since nothing else says what it means.
func (r *sheetReader) labelMarkers(sec *Box) {
	pointed := map[int]bool{}
	for _, f := range sec.Fields {
		if f.Marker == MarkerNone {
			continue
		}
		pointed[f.MarkerCol] = true
		for _, l := range sec.BottomLabels {
			if l.Caret == f.MarkerCol {
				f.MarkerLabel = l.Text
			}
		}
		switch {
		case f.MarkerLabel != "":
		case f.Marker == MarkerXPTick:
			f.MarkerLabel = "XP"
		case f.Kind != FieldTrackOption:
			r.diags.Warnf(r.pos(f.Row, f.MarkerCol), "sheet/radio-label",
				"this radio button has no label: put <^Label> in the bottom border under it to say what it marks")
		}
	}
	for _, l := range sec.BottomLabels {
		if l.Caret >= 0 && !pointed[l.Caret] {
			r.diags.Warnf(ast.Pos{File: l.Pos.File, Line: l.Pos.Line, Col: l.Pos.Col + 1}, "sheet/caret",
				"<^"+l.Text+"> points at a column where no field of the box has a □ or ○")
		}
	}
}

// newTrack makes the track of a box's options; the box's title names it.
func (r *sheetReader) newTrack(sec *Box, options []*Field) *Track {
	if sec.Title == "" {
		r.diags.Errorf(sec.Pos, "sheet/track", "a track needs a name: give its box a title, ┌[Luck]──┐ or ├─<Disposition Track>──┤")
	}
	return &Track{Name: trackName(sec.Title), Options: options, MarkerRow: -1, MarkerCol: -1, Preset: -1}
}

// placeLuckMarker finds the cell the Luck marker ^ is under: the template's
// starting Luck, and the marker's offset within a cell, which it keeps when
// it moves.
func (r *sheetReader) placeLuckMarker(sec *Box, bottomRow, markerCol int) {
	t := sec.Track
	t.MarkerOffset = t.Options[0].Width / 2
	if bottomRow < 0 || markerCol < 0 {
		r.diags.Errorf(sec.Pos, "sheet/luck-marker", "the Luck track needs its marker: a ^ in the box's bottom border, under the starting cell")
		return
	}
	t.MarkerRow, t.MarkerCol = bottomRow, markerCol
	for i, cell := range t.Options {
		if cell.Col <= markerCol && markerCol < cell.Col+cell.Width {
			t.Preset, t.MarkerOffset = i, markerCol-cell.Col
			return
		}
	}
	r.diags.Errorf(r.pos(bottomRow, markerCol), "sheet/luck-marker", "the Luck marker ^ is under no cell of the track")
}
