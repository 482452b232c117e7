package sheet

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// Filled is the sheet template with one class's values: what every
// writer draws. The blank sheet is a Filled too, holding only what the
// template itself presets.
type Filled struct {
	Sheet *Sheet
	// Name is the sheet's name as \charsheet[NAME] and `galley sheet NAME`
	// give it: the class data's name ("wasp"), or "blank".
	Name string
	// Class is the class's name as the header shows it ("Wasp"), from the
	// class data's "Class:" line, else its name with a capital; "" for the
	// blank sheet, whose header keeps the template's CLASS.
	Class  string
	values map[*Field]FieldValue
}

// FieldValue is what one field of a filled sheet holds.
type FieldValue struct {
	// Set reports whether the slot holds a value: one the class data gives
	// or the template presets. A slot that is not set is drawn empty.
	Set bool
	// Rating is a percentile's or an inventory item's rating, or a count.
	Rating int
	// Max is a count's maximum.
	Max int
	// NotRated marks a feature the class does not have: "Hunger: NONE".
	NotRated bool
	// Text is a text field's value or an inventory item's name.
	Text string
	// Marked reports whether the field's marker is set: an XP box ticked, a
	// radio button set (an effect applies, an item is edible), the current
	// option of a track, the Luck cell the marker is under.
	Marked bool
}

// Value returns the value of one of the sheet's fields.
func (f *Filled) Value(field *Field) FieldValue { return f.values[field] }

// IsBlank reports whether this is the blank sheet.
func (f *Filled) IsBlank() bool { return f.Name == BlankName }

// Blank returns the sheet with nothing filled in but what the template
// presets: the [___0%] ratings and the Luck marker's starting cell.
func (s *Sheet) Blank() *Filled {
	f := &Filled{Sheet: s, Name: BlankName, values: map[*Field]FieldValue{}}
	for _, field := range s.Fields() {
		if field.Preset != "" {
			n, _ := strconv.Atoi(field.Preset)
			f.values[field] = FieldValue{Set: true, Rating: n}
		}
	}
	for _, t := range s.Tracks() {
		if t.Preset >= 0 {
			f.values[t.Options[t.Preset]] = FieldValue{Set: true, Marked: true}
		}
	}
	return f
}

// Fill fills the sheet with a class's data. Each "Field: value" line names a
// rated field, a track, an inventory box or, under a "[Box Title]" line, a
// text field of that box. The diagnostics report a name the sheet lacks (with
// the nearest label), a value given twice, a field left without a value
// (fields with a preset, like [___0%], and the Luck track, whose marker the
// template places, may be left out), and values that do not fit:
//
//   - a rating is 0% to 100%, or NONE for a feature the class lacks, and may
//     be followed by its marker's label to set it: "Blind: 100% applies";
//   - a count is COUNT/MAX, each fitting its half of the slot, the count not
//     over the maximum (a count at its maximum is a warning: on the seed's
//     sheet, a dead character);
//   - a track takes one of its options: "Disposition: Holding";
//   - Luck is marked on a double: one of the track's cells, 11% to 99% or
//     00%; 100% is read as 00%, since a d100 roll of 00 is 100;
//   - an inventory line is "Box: Item name: 30%" with maybe its marker's
//     label ("edible"), no more lines than the box has slots;
//   - a text value longer than its dots is a warning: the ASCII sheet cuts it
//     short with "…".
func (s *Sheet) Fill(c *ast.ClassData) (*Filled, ast.DiagnosticList) {
	f := &filler{
		sheet:    s,
		out:      s.Blank(),
		data:     c,
		given:    map[string]ast.Pos{},
		set:      map[*Field]bool{},
		tracked:  map[*Track]bool{},
		sections: map[string]bool{},
		used:     map[string]int{},
	}
	f.out.Name = c.Class
	f.index()
	for _, cf := range c.Fields {
		f.fill(cf)
	}
	f.reportMissing()
	if f.out.Class == "" && c.Class != "" {
		r, size := utf8.DecodeRuneInString(c.Class)
		f.out.Class = strings.ToUpper(string(r)) + c.Class[size:]
	}
	return f.out, f.diags
}

// filler holds the state of filling one sheet.
type filler struct {
	sheet *Sheet
	out   *Filled
	data  *ast.ClassData
	diags ast.DiagnosticList

	rated     map[string]*Field
	tracks    map[string]*Track
	inventory map[string][]*Field
	text      map[string]map[string]*Field
	// topNames are the names class data may use outside a [Box] section.
	topNames []string

	given    map[string]ast.Pos // "Section\x00Name" of each line filled
	set      map[*Field]bool
	tracked  map[*Track]bool
	sections map[string]bool // unknown sections already reported
	used     map[string]int  // inventory slots used, by box title
}

// index maps the names class data uses to the sheet's fields.
func (f *filler) index() {
	f.rated = map[string]*Field{}
	f.tracks = map[string]*Track{}
	f.inventory = map[string][]*Field{}
	f.text = map[string]map[string]*Field{}
	f.topNames = []string{ClassKey}
	for _, b := range f.sheet.Boxes() {
		for _, field := range b.Fields {
			switch {
			case field.IsRated():
				f.rated[field.Label] = field
				f.topNames = append(f.topNames, field.Label)
			case field.Kind == FieldInventory:
				if f.inventory[b.Title] == nil {
					f.topNames = append(f.topNames, b.Title)
				}
				f.inventory[b.Title] = append(f.inventory[b.Title], field)
			case field.Kind == FieldText:
				if f.text[b.Title] == nil {
					f.text[b.Title] = map[string]*Field{}
				}
				f.text[b.Title][field.Label] = field
			}
		}
		if b.Track != nil {
			f.tracks[b.Track.Name] = b.Track
			f.topNames = append(f.topNames, b.Track.Name)
		}
	}
}

// fill fills the field one class-data line names.
func (f *filler) fill(cf *ast.ClassField) {
	if cf.Section != "" {
		f.fillSection(cf)
		return
	}
	if _, isInventory := f.inventory[cf.Name]; !isInventory && !f.once(cf) {
		return
	}
	switch {
	case cf.Name == ClassKey:
		if cf.Value == "" {
			f.diags.Errorf(cf.ValuePos, "sheet/value", "the class needs a name for the sheet's header")
		}
		f.out.Class = cf.Value
	case f.rated[cf.Name] != nil:
		f.fillRated(f.rated[cf.Name], cf)
	case f.tracks[cf.Name] != nil:
		f.fillTrack(f.tracks[cf.Name], cf)
	case f.inventory[cf.Name] != nil:
		f.fillInventory(cf)
	default:
		f.unknown(cf)
	}
}

// once records that cf's field is given and reports it if it was already.
func (f *filler) once(cf *ast.ClassField) bool {
	key := cf.Section + "\x00" + cf.Name
	if first, ok := f.given[key]; ok {
		f.diags.Errorf(cf.Pos, "sheet/duplicate-value", cf.Name+" is given twice (first at "+lineCol(first)+")")
		return false
	}
	f.given[key] = cf.Pos
	return true
}

// fillSection fills a text field of the box a [Title] line names.
func (f *filler) fillSection(cf *ast.ClassField) {
	box, ok := f.text[cf.Section]
	if !ok {
		if !f.sections[cf.Section] {
			f.sections[cf.Section] = true
			f.diags.Errorf(cf.Pos, "sheet/unknown-field", "the sheet has no box of text fields ["+cf.Section+"]"+suggestion(cf.Section, sortedKeys(f.text)))
		}
		return
	}
	field := box[cf.Name]
	if field == nil {
		msg := "[" + cf.Section + "] has no field " + strconv.Quote(cf.Name) + suggestion(cf.Name, sortedKeys(box))
		if f.isTopName(cf.Name) {
			msg = cf.Name + " is not a field of [" + cf.Section + "]: write it before the first [Box] line"
		}
		f.diags.Errorf(cf.Pos, "sheet/unknown-field", msg)
		return
	}
	if !f.once(cf) {
		return
	}
	f.set[field] = true
	if n := utf8.RuneCountInString(cf.Value); n > field.Width {
		f.diags.Warnf(cf.ValuePos, "sheet/too-long", "this value is "+strconv.Itoa(n)+" characters; "+field.Label+" has room for "+strconv.Itoa(field.Width)+": the ASCII sheet cuts it short with …")
	}
	f.out.values[field] = FieldValue{Set: true, Text: cf.Value}
}

// fillRated fills a percentile or a count.
func (f *filler) fillRated(field *Field, cf *ast.ClassField) {
	f.set[field] = true
	value, marked, ok := f.splitMarker(field, cf)
	if !ok {
		return
	}
	var v FieldValue
	if field.Kind == FieldCount {
		v, ok = f.count(field, value, cf.ValuePos)
	} else {
		v, ok = f.rating(value, cf.ValuePos, true)
	}
	if ok {
		v.Marked = marked
		f.out.values[field] = v
	}
}

// splitMarker splits "100% applies" into the rating and whether the words
// after it, the field's marker label, set its marker.
func (f *filler) splitMarker(field *Field, cf *ast.ClassField) (string, bool, bool) {
	value, rest, _ := strings.Cut(cf.Value, " ")
	rest = strings.Join(strings.Fields(rest), " ")
	switch {
	case rest == "":
		return value, false, true
	case field.Marker != MarkerNone && strings.EqualFold(rest, field.MarkerLabel):
		return value, true, true
	case field.Marker == MarkerNone || field.MarkerLabel == "":
		f.diags.Errorf(cf.ValuePos, "sheet/value", "expected only the value: this field has no labelled tick box or radio button to set with "+strconv.Quote(rest))
	default:
		f.diags.Errorf(cf.ValuePos, "sheet/value", "expected the value, then nothing or "+strconv.Quote(strings.ToLower(field.MarkerLabel))+" to set its "+field.Marker.String()+"; not "+strconv.Quote(rest))
	}
	return "", false, false
}

// rating reads "75%", or "NONE" when none is allowed.
func (f *filler) rating(value string, pos ast.Pos, none bool) (FieldValue, bool) {
	if none && strings.EqualFold(value, "NONE") {
		return FieldValue{Set: true, NotRated: true}, true
	}
	digits, ok := strings.CutSuffix(value, "%")
	n, err := strconv.Atoi(digits)
	if !ok || err != nil || strings.TrimLeft(digits, "0123456789") != "" {
		want := "a rating such as 75%"
		if none {
			want += ", or NONE when the class lacks the feature"
		}
		f.diags.Errorf(pos, "sheet/value", "expected "+want+", not "+strconv.Quote(value))
		return FieldValue{}, false
	}
	if n > 100 {
		f.diags.Errorf(pos, "sheet/range", "a rating runs from 0% to 100%; this one is "+value)
		return FieldValue{}, false
	}
	return FieldValue{Set: true, Rating: n}, true
}

// count reads "COUNT/MAX" for a count slot such as [__/__].
func (f *filler) count(field *Field, value string, pos ast.Pos) (FieldValue, bool) {
	countName, maxName, ok := strings.Cut(field.Label, "/")
	if !ok {
		countName, maxName = field.Label, "the maximum"
	}
	a, b, ok := strings.Cut(value, "/")
	n, errN := strconv.Atoi(a)
	m, errM := strconv.Atoi(b)
	if !ok || errN != nil || errM != nil || strings.TrimLeft(a+b, "0123456789") != "" {
		f.diags.Errorf(pos, "sheet/value", "expected "+countName+" over "+maxName+", such as 0/6, not "+strconv.Quote(value))
		return FieldValue{}, false
	}
	countRoom, maxRoom := field.SlashOffset, field.Width-field.SlashOffset-1
	switch {
	case len(strconv.Itoa(n)) > countRoom || len(strconv.Itoa(m)) > maxRoom:
		f.diags.Errorf(pos, "sheet/range", value+" does not fit the slot: "+countName+" has "+strconv.Itoa(countRoom)+" digits, "+maxName+" "+strconv.Itoa(maxRoom))
		return FieldValue{}, false
	case n > m:
		f.diags.Errorf(pos, "sheet/count-over-max", countName+" "+a+" is over "+maxName+" "+b)
		return FieldValue{}, false
	case n == m:
		f.diags.Warnf(pos, "sheet/count-at-max", countName+" "+a+" has reached "+maxName+" "+b)
	}
	return FieldValue{Set: true, Rating: n, Max: m}, true
}

// fillTrack sets a track's current option.
func (f *filler) fillTrack(t *Track, cf *ast.ClassField) {
	f.tracked[t] = true
	want := cf.Value
	if t.IsLuck() && want == "100%" {
		want = "00%"
	}
	labels := make([]string, len(t.Options))
	chosen := -1
	for i, o := range t.Options {
		labels[i] = o.Label
		if strings.EqualFold(o.Label, want) {
			chosen = i
		}
	}
	if chosen < 0 {
		if t.IsLuck() {
			f.diags.Errorf(cf.ValuePos, "sheet/luck", t.Name+" is marked on a double: one of "+strings.Join(labels, ", ")+" (100% is 00%); not "+strconv.Quote(cf.Value))
		} else {
			f.diags.Errorf(cf.ValuePos, "sheet/track", t.Name+" is one of "+strings.Join(labels, ", ")+"; not "+strconv.Quote(cf.Value)+suggestion(cf.Value, labels))
		}
		return
	}
	for _, o := range t.Options {
		delete(f.out.values, o)
	}
	f.out.values[t.Options[chosen]] = FieldValue{Set: true, Marked: true}
}

// fillInventory fills the next free slot of an inventory box with
// "Item name: 30%", maybe followed by the slot marker's label.
func (f *filler) fillInventory(cf *ast.ClassField) {
	slots := f.inventory[cf.Name]
	i := f.used[cf.Name]
	if i >= len(slots) {
		f.diags.Errorf(cf.Pos, "sheet/inventory-full", "the "+cf.Name+" box has "+strconv.Itoa(len(slots))+" slots; this is item "+strconv.Itoa(i+1))
		return
	}
	f.used[cf.Name]++
	slot := slots[i]
	colon := strings.LastIndex(cf.Value, ":")
	if colon < 0 || strings.TrimSpace(cf.Value[:colon]) == "" {
		f.diags.Errorf(cf.ValuePos, "sheet/value", "expected an item and its rating: "+cf.Name+": Item name: 30%")
		return
	}
	name := strings.TrimSpace(cf.Value[:colon])
	rest := &ast.ClassField{Pos: cf.Pos, Name: cf.Name, Value: strings.TrimSpace(cf.Value[colon+1:]), ValuePos: cf.ValuePos}
	value, marked, ok := f.splitMarker(slot, rest)
	if !ok {
		return
	}
	v, ok := f.rating(value, cf.ValuePos, false)
	if !ok {
		return
	}
	if n := utf8.RuneCountInString(name); n > slot.NameWidth {
		f.diags.Warnf(cf.ValuePos, "sheet/too-long", "this item's name is "+strconv.Itoa(n)+" characters; the slot has room for "+strconv.Itoa(slot.NameWidth)+": the ASCII sheet cuts it short with …")
	}
	v.Text, v.Marked = name, marked
	f.out.values[slot] = v
}

// unknown reports a name the sheet lacks.
func (f *filler) unknown(cf *ast.ClassField) {
	for _, title := range sortedKeys(f.text) {
		if f.text[title][cf.Name] != nil {
			f.diags.Errorf(cf.Pos, "sheet/unknown-field", cf.Name+" is a field of the boxes of text fields: write it under their title, such as ["+title+"]")
			return
		}
	}
	f.diags.Errorf(cf.Pos, "sheet/unknown-field", "the sheet has no field "+strconv.Quote(cf.Name)+suggestion(cf.Name, f.topNames))
}

// isTopName reports whether name is used outside sections.
func (f *filler) isTopName(name string) bool {
	for _, n := range f.topNames {
		if n == name {
			return true
		}
	}
	return false
}

// reportMissing reports each field the class data left without a value.
func (f *filler) reportMissing() {
	for _, b := range f.sheet.Boxes() {
		for _, field := range b.Fields {
			switch {
			case field.IsRated() && !f.set[field] && field.Preset == "":
				example := "50%"
				if field.Kind == FieldCount {
					example = "0/6"
				}
				f.missing(field.Label, `"`+field.Label+": "+example+`"`)
			case field.Kind == FieldText && !f.isGiven(b.Title, field.Label):
				f.missing("["+b.Title+"] "+field.Label, `"`+field.Label+`:" under [`+b.Title+"] (nothing after the colon leaves it empty)")
			}
		}
		if t := b.Track; t != nil && !f.tracked[t] && t.Preset < 0 && t.Name != "" {
			f.missing(t.Name, `"`+t.Name+": "+t.Options[0].Label+`" or another of its options`)
		}
	}
}

func (f *filler) missing(what, want string) {
	f.diags.Errorf(f.data.Pos, "sheet/missing", "the class data of "+f.data.Class+" has no value for "+what+": add "+want)
}

// isGiven reports whether the class data has a line for name under section.
func (f *filler) isGiven(section, name string) bool {
	_, ok := f.given[section+"\x00"+name]
	return ok
}

// suggestion returns " (did you mean X?)" for the nearest candidate, or "".
func suggestion(name string, candidates []string) string {
	if s := ast.Closest(name, candidates); s != "" {
		return " (did you mean " + s + "?)"
	}
	return ""
}

// sortedKeys returns a map's keys in order, for suggestions that are the
// same on every run.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
