package sheet

import (
	"strconv"
	"strings"
)

// readRow reads the fields of one row of a box, the runes from column from
// up to (not including) to, into sec. A row holds, left to right and
// separated by spaces:
//
//	□ Speed.....:[____%]          a field, maybe after a marker □ or ○
//	Name:...........              a text field: its dots are its slot
//	○ ______________:[____%]      an inventory slot
//	○ Holding......               a track option
//	[11%].[22%].                  Luck cells
//	(Match/Beat ...)......        a rules reminder, after a field or alone
//
// A mistake is reported once, at its column, and ends the row.
func (r *sheetReader) readRow(sec *Box, row, from, to int) {
	line := r.grid[row]
	var last *Field // the field a reminder after it belongs to
	for col := from; col < to; {
		c := line[col]
		switch {
		case c == ' ' || c == '.':
			col++
		case c == '(':
			end := indexRuneFrom(line, ')', col, to)
			if end < 0 {
				r.diags.Errorf(r.pos(row, col), "sheet/syntax", "this ( is not closed by ) in the row")
				return
			}
			text := string(line[col+1 : end])
			if last != nil && last.Reminder == "" {
				last.Reminder, last.ReminderCol = text, col
			} else {
				sec.Notes = append(sec.Notes, &Note{Text: text, Row: row, Col: col, Pos: r.pos(row, col)})
			}
			last = nil
			col = end + 1
		case c == '[':
			f, next, ok := r.readLuckCell(row, col, to)
			if !ok {
				return
			}
			sec.Fields = append(sec.Fields, f)
			last, col = nil, next
		default:
			marker, markerCol := MarkerNone, -1
			if c == '□' || c == '○' {
				marker, markerCol = MarkerXPTick, col
				if c == '○' {
					marker = MarkerRadio
				}
				if col+1 >= to || line[col+1] != ' ' {
					r.diags.Errorf(r.pos(row, col), "sheet/syntax", "a "+quoteRune(c)+" is followed by a space and the field's label")
					return
				}
				col += 2
			}
			f, next, ok := r.readField(row, col, to)
			if !ok {
				return
			}
			f.Marker, f.MarkerCol = marker, markerCol
			if f.Kind == FieldTrackOption && marker != MarkerRadio {
				r.diags.Errorf(r.pos(row, f.LabelCol), "sheet/syntax",
					"a label with a dot leader and no slot is a track option, which takes a radio button: ○ "+f.Label+"....; a field needs [____%], [__/__] or Label:....")
				return
			}
			sec.Fields = append(sec.Fields, f)
			last, col = f, next
		}
	}
}

// readField reads a labelled field starting at col: the label, its dot
// leader, and the slot after it.
func (r *sheetReader) readField(row, col, to int) (*Field, int, bool) {
	line := r.grid[row]
	end := col
	for end < to && line[end] != ':' && line[end] != '[' && !(line[end] == '.' && end+1 < to && line[end+1] == '.') {
		end++
	}
	// A single dot before the colon, as in "Immobilised.:[", is leader.
	for end > col && end < to && line[end] == ':' && line[end-1] == '.' {
		end--
	}
	label := strings.TrimSpace(string(line[col:end]))
	f := &Field{Label: label, Row: row, LabelCol: col, Pos: r.pos(row, col), MarkerCol: -1}
	if label == "" || end == to {
		r.diags.Errorf(r.pos(row, col), "sheet/syntax", "expected a field: Label....:[____%], Label:...., ○ Option.... or a reminder (....)")
		return nil, 0, false
	}
	if strings.Trim(label, "_") == "" {
		f.Kind, f.Label, f.NameCol, f.NameWidth = FieldInventory, "", col, end-col
	}
	leaderEnd := end
	for leaderEnd < to && line[leaderEnd] == '.' {
		leaderEnd++
	}
	f.LeaderEnd = leaderEnd
	switch {
	case leaderEnd < to && line[leaderEnd] == ':' && leaderEnd+1 < to && line[leaderEnd+1] == '[':
		return r.readSlot(f, leaderEnd+1, to)
	case leaderEnd < to && line[leaderEnd] == '[':
		return r.readSlot(f, leaderEnd, to)
	case leaderEnd < to && line[leaderEnd] == ':' && f.Kind != FieldInventory:
		dots := leaderEnd + 1
		stop := dots
		for stop < to && line[stop] == '.' {
			stop++
		}
		if stop == dots || stop < to && line[stop] != ' ' {
			r.diags.Errorf(r.pos(row, dots), "sheet/syntax", "expected a slot after the colon: [____%], [__/__], or dots for a text field")
			return nil, 0, false
		}
		f.Kind, f.Col, f.Width, f.LeaderEnd = FieldText, dots, stop-dots, dots
		return f, stop, true
	case leaderEnd > end && f.Kind != FieldInventory && (leaderEnd == to || line[leaderEnd] == ' '):
		f.Kind, f.Col, f.Width = FieldTrackOption, col, leaderEnd-col
		return f, leaderEnd, true
	}
	r.diags.Errorf(r.pos(row, leaderEnd), "sheet/syntax", "expected the field's slot here: [____%], [__/__], or :.... for a text field")
	return nil, 0, false
}

// readSlot reads the bracketed value slot at col: [____%] (maybe preset,
// [___0%]) or [__/__].
func (r *sheetReader) readSlot(f *Field, col, to int) (*Field, int, bool) {
	line := r.grid[f.Row]
	end := indexRuneFrom(line, ']', col, to)
	if end < 0 {
		r.diags.Errorf(r.pos(f.Row, col), "sheet/slot", "this [ is not closed by ] in the row")
		return nil, 0, false
	}
	inner := string(line[col+1 : end])
	f.Col, f.Width = col+1, end-col-1
	isInventory := f.Kind == FieldInventory
	switch {
	case isPercentSlot(inner):
		if !isInventory {
			f.Kind = FieldPercentile
		}
		f.Preset = strings.TrimSuffix(strings.TrimLeft(inner, "_"), "%")
	case !isInventory && isCountSlot(inner):
		f.Kind, f.SlashOffset = FieldCount, strings.IndexByte(inner, '/')
	default:
		want := "[____%], [___0%] or [__/__]"
		if isInventory {
			want = "[____%]"
		}
		r.diags.Errorf(r.pos(f.Row, col), "sheet/slot", "unknown value slot ["+inner+"]: expected "+want)
		return nil, 0, false
	}
	if n, _ := strconv.Atoi(f.Preset); n > 100 {
		r.diags.Errorf(r.pos(f.Row, col), "sheet/range", "a preset rating runs from 0% to 100%")
		return nil, 0, false
	}
	if f.Kind == FieldInventory && f.Preset != "" {
		r.diags.Errorf(r.pos(f.Row, col), "sheet/slot", "an inventory slot's rating is not preset: draw it [____%]")
		return nil, 0, false
	}
	return f, end + 1, true
}

// readLuckCell reads an unlabelled slot, which can only be a Luck cell such
// as [11%].
func (r *sheetReader) readLuckCell(row, col, to int) (*Field, int, bool) {
	line := r.grid[row]
	end := indexRuneFrom(line, ']', col, to)
	if end < 0 {
		r.diags.Errorf(r.pos(row, col), "sheet/slot", "this [ is not closed by ] in the row")
		return nil, 0, false
	}
	inner := string(line[col+1 : end])
	digits := strings.TrimSuffix(inner, "%")
	if digits == inner || digits == "" || strings.Trim(digits, "0123456789") != "" {
		r.diags.Errorf(r.pos(row, col), "sheet/slot", "a value slot ["+inner+"] needs a label before it: Label....:["+inner+"]")
		return nil, 0, false
	}
	return &Field{Label: inner, Kind: FieldLuckCell, Row: row, LabelCol: col, Col: col, Width: end - col + 1,
		MarkerCol: -1, Pos: r.pos(row, col)}, end + 1, true
}

// isPercentSlot reports whether s, the inside of a slot, is ____% with
// maybe a preset rating at the right: ___0%.
func isPercentSlot(s string) bool {
	digits, ok := strings.CutSuffix(strings.TrimLeft(s, "_"), "%")
	return ok && len(s) >= 2 && strings.Trim(digits, "0123456789") == ""
}

// isCountSlot reports whether s is __/__.
func isCountSlot(s string) bool {
	count, maximum, ok := strings.Cut(s, "/")
	return ok && count != "" && maximum != "" && strings.Trim(count, "_") == "" && strings.Trim(maximum, "_") == ""
}

// indexRuneFrom returns the index of the first c in line[from:to], or -1.
func indexRuneFrom(line []rune, c rune, from, to int) int {
	for i := from; i < to && i < len(line); i++ {
		if line[i] == c {
			return i
		}
	}
	return -1
}
