package rules

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// namedRoll is a roll of one of the four systems, written as the system's
// name followed by key=value words in any order ("pool dice=6 difficulty=2").
// Most name their outcomes ("Complete Success"); some come to a number (the
// Wounds an attack inflicts, a Luck rating), and are then read, tabulated
// and charted as numbers, as dice notation is.
type namedRoll interface {
	// outcomes returns the labels, best first, or nil for a roll whose
	// outcome is a number.
	outcomes() []string
	// dist returns the exact distribution over indices into outcomes, or
	// over the numbers. The words' limits keep it small.
	dist() *Dist
	// roll throws the dice, records the breakdown and returns the index of
	// the outcome, or the number.
	roll(r *Roller, rec *recorder) int64
	// describe says the roll in words, as a book prints it (describe.go).
	describe() string
}

// namedParsers reads each system's words, by the name that introduces them.
var namedParsers = map[string]func(*namedArgs) (namedRoll, error){
	"fd100":   parseFD100,
	"pool":    parsePool,
	"2d12":    parseTwoD12,
	"trigger": parseTrigger,
}

// word is one whitespace-separated word of a named roll: key=value, or a
// bare flag such as "contested" or "adv".
type word struct {
	key      string // lower-cased
	value    string // empty for a flag
	flag     bool
	col      int // 1-based column of the word
	valueCol int // 1-based column of the value
	used     bool
}

// namedArgs is the words after a named roll's name, consumed by the system's
// parser; words it does not consume are errors.
type namedArgs struct {
	system string
	words  []*word
	end    int // column just past the expression, for what is missing
}

// parseNamed reads src as a named roll, and returns it with the name of its
// system. It returns nil when src is not one, so the caller reads it as
// notation: "2d12" alone or followed by arithmetic is the plain dice term,
// "2d12 mod=+3" the system's roll.
func parseNamed(src string, system System) (namedRoll, string, error) {
	fields := splitWords(src)
	if len(fields) == 0 {
		return nil, "", nil
	}
	first := strings.ToLower(fields[0].text)
	args := &namedArgs{end: len([]rune(src)) + 1}
	_, known := namedParsers[first]
	switch {
	case known && (first != "2d12" || len(fields) > 1 && unicode.IsLetter([]rune(fields[1].text)[0])):
		args.system = first
		fields = fields[1:]
	case system.named && isWords(fields):
		args.system = system.name
	default:
		return nil, "", nil
	}
	for _, f := range fields {
		w := &word{col: f.col, flag: true, key: strings.ToLower(f.text)}
		if key, value, ok := strings.Cut(f.text, "="); ok {
			if key == "" {
				return nil, "", &SyntaxError{Col: f.col, Msg: `expected a name before "="`}
			}
			if value == "" {
				return nil, "", &SyntaxError{Col: f.col + len([]rune(key)) + 1, Msg: "expected a value after " + strconv.Quote(key+"=")}
			}
			w.key, w.value, w.flag = strings.ToLower(key), value, false
			w.valueCol = f.col + len([]rune(key)) + 1
		}
		args.words = append(args.words, w)
	}
	roll, err := namedParsers[args.system](args)
	return roll, args.system, err
}

// isWords reports whether fields are a named roll's words without the
// system's name, as a book of that system may write them: the first a word
// (a name, or name=value) and at least one a name=value. Dice notation never
// is: "8d6>=5" has an "=", but after no name.
func isWords(fields []field) bool {
	key, _, _ := strings.Cut(fields[0].text, "=")
	if !isName(key) {
		return false
	}
	for _, f := range fields {
		if key, _, ok := strings.Cut(f.text, "="); ok && isName(key) {
			return true
		}
	}
	return false
}

// isName reports whether s is a word of letters, as the keys and flags of
// named rolls are.
func isName(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return s != ""
}

type field struct {
	text string
	col  int
}

// splitWords splits src at whitespace, remembering each word's column.
func splitWords(src string) []field {
	var fields []field
	start := -1
	runes := []rune(src)
	for i := 0; i <= len(runes); i++ {
		if i < len(runes) && !unicode.IsSpace(runes[i]) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			fields = append(fields, field{text: string(runes[start:i]), col: start + 1})
			start = -1
		}
	}
	return fields
}

// variant is one of a system's named rolls other than its first, known by a
// word only it takes.
type variant struct {
	word  string
	parse func(*namedArgs) (namedRoll, error)
}

// variant parses the words as the first of variants whose word is given;
// given is false when none is.
func (a *namedArgs) variant(variants []variant) (r namedRoll, given bool, err error) {
	for _, v := range variants {
		if _, given := a.column(v.word); given {
			r, err := v.parse(a)
			return r, true, err
		}
	}
	return nil, false, nil
}

// lookup returns the key=value word for key, refusing a key given twice.
func (a *namedArgs) lookup(key string) (*word, error) {
	var found *word
	for _, w := range a.words {
		if w.flag || w.key != key {
			continue
		}
		if found != nil {
			return nil, &SyntaxError{Col: w.col, Msg: key + "= is given twice"}
		}
		w.used = true
		found = w
	}
	return found, nil
}

// value returns the key=value word for key, which the roll cannot do
// without: none, or the key without a value, is an error showing example.
func (a *namedArgs) value(key, example string) (*word, error) {
	w, err := a.lookup(key)
	if err != nil || w != nil {
		return w, err
	}
	col, given := a.column(key)
	if !given {
		col = a.end
	}
	return nil, &SyntaxError{Col: col, Msg: key + "= needs a value, as in " + strconv.Quote(example)}
}

// integer returns the whole number given for key, def when absent; the value
// must lie in lo..hi. A leading + is allowed, so modifiers read naturally.
func (a *namedArgs) integer(key string, def, lo, hi int) (int, bool, error) {
	w, err := a.lookup(key)
	if err != nil || w == nil {
		return def, false, err
	}
	n, err := parseBounded(w.value, w.valueCol, key, lo, hi)
	return n, true, err
}

// required is integer for a key the roll cannot do without.
func (a *namedArgs) required(key, example string, lo, hi int) (int, error) {
	n, given, err := a.integer(key, 0, lo, hi)
	if err == nil && !given {
		err = &SyntaxError{Col: a.end, Msg: a.system + " needs " + key + "=N, as in " + strconv.Quote(example)}
	}
	return n, err
}

// flag reports whether the bare word name was given.
func (a *namedArgs) flag(name string) bool {
	given := false
	for _, w := range a.words {
		if w.flag && w.key == name {
			w.used, given = true, true
		}
	}
	return given
}

// items returns the comma-separated items of every key=value word for key
// (the key may be repeated), each with its column.
func (a *namedArgs) items(key string) []field {
	var items []field
	for _, w := range a.words {
		if w.flag || w.key != key {
			continue
		}
		w.used = true
		col := w.valueCol
		for _, item := range strings.Split(w.value, ",") {
			items = append(items, field{text: item, col: col})
			col += len([]rune(item)) + 1
		}
	}
	return items
}

// column returns the column of the first word with one of the keys, and
// whether there is one.
func (a *namedArgs) column(keys ...string) (int, bool) {
	for _, w := range a.words {
		for _, key := range keys {
			if w.key == key {
				return w.col, true
			}
		}
	}
	return 0, false
}

// finish refuses words the system's parser did not use.
func (a *namedArgs) finish(expected string) error {
	for _, w := range a.words {
		if !w.used {
			name := w.key
			if !w.flag {
				name += "="
			}
			return &SyntaxError{Col: w.col, Msg: a.system + " does not take " + strconv.Quote(name) + " (it takes " + expected + ")"}
		}
	}
	return nil
}

// parseBounded reads a whole number in lo..hi written at col.
func parseBounded(text string, col int, what string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(text)
	if err != nil || n < lo || n > hi {
		return 0, &SyntaxError{Col: col, Msg: what + " must be a whole number from " + strconv.Itoa(lo) + " to " + strconv.Itoa(hi) + ", not " + strconv.Quote(text)}
	}
	return n, nil
}

// signed reads an item that must carry its sign, as modifiers do ("+30",
// "-20"): the sign is part of what the modifier means.
func signed(item field, what string, limit int) (magnitude int, positive bool, err error) {
	if item.text == "" || (item.text[0] != '+' && item.text[0] != '-') {
		return 0, false, &SyntaxError{Col: item.col, Msg: what + " needs a sign, as in +30 or -20, not " + strconv.Quote(item.text)}
	}
	n, err := parseBounded(item.text[1:], item.col+1, what, 0, limit)
	return n, item.text[0] == '+', err
}

// signedText writes n with its sign, as modifiers are written.
func signedText(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// OutcomeNames returns the names a system's books give the outcomes of its
// rolls, and the word they group them under: the six degrees of
// fd100 and of the pool, which spell two of them differently ("Degrees of
// Success"); 2d12's Success and Failure; the trigger system's grades of a
// success, its failure and its Botch. It returns nothing for a system it
// does not know.
func OutcomeNames(system string) (group string, names []string) {
	switch system {
	case "fd100":
		return "Degrees of Success", slices.Clone(degreeNames)
	case "pool":
		return "Degrees of Success", slices.Clone(poolDegreeNames)
	case "2d12":
		return "Outcomes", slices.Clone(successOrFailure)
	case "trigger":
		return "Outcomes", slices.Clone(qualityNames)
	}
	return "", nil
}
