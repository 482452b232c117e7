package ast

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Severity says whether a diagnostic stops the book from being published.
type Severity int

const (
	// SeverityError marks a mistake: galley check exits 1 and galley build
	// refuses to write the book.
	SeverityError Severity = iota
	// SeverityWarning marks something worth a look that does not stop a build.
	SeverityWarning
	// SeverityNote marks what the author left to do and wrote down in the
	// text: a note in capitals, a heading marked (TBD), a SECTION
	// placeholder for a reference. It is the author's own to-do list, so
	// galley check lists notes only when asked (--notes, and in its JSON).
	SeverityNote
)

func (s Severity) String() string {
	switch s {
	case SeverityWarning:
		return "warning"
	case SeverityNote:
		return "note"
	}
	return "error"
}

// MarshalText lets JSON output carry the severity as a word.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Diagnostic is one finding about the manuscript, positioned at the character
// it concerns. Like go/scanner's errors, diagnostics are values: parsing and
// checking go on after one is recorded.
type Diagnostic struct {
	Pos
	Severity Severity
	// Code is a short, stable name for the kind of finding, such as
	// "env/unknown" or "table/qualification"; tests and CI filters match it.
	Code    string
	Message string
	// Expected is what a checked cell should say, when there is one answer.
	Expected string
}

// Error formats the diagnostic as file:line:col: severity: message [code].
func (d *Diagnostic) Error() string {
	var b strings.Builder
	b.WriteString(d.Pos.String())
	b.WriteString(": ")
	b.WriteString(d.Severity.String())
	b.WriteString(": ")
	b.WriteString(d.Message)
	if d.Code != "" {
		b.WriteString(" [")
		b.WriteString(d.Code)
		b.WriteString("]")
	}
	return b.String()
}

// DiagnosticList collects diagnostics in the order they were found; Sort puts
// them in source order.
type DiagnosticList []*Diagnostic

// Add records a diagnostic.
func (l *DiagnosticList) Add(pos Pos, sev Severity, code, msg string) *Diagnostic {
	d := &Diagnostic{Pos: pos, Severity: sev, Code: code, Message: msg}
	// Doubling the room, not append's quarter, since a broken book's
	// diagnostics are many.
	if len(*l) == cap(*l) {
		*l = slices.Grow(*l, len(*l)+1)
	}
	*l = append(*l, d)
	return d
}

// Errorf records an error.
func (l *DiagnosticList) Errorf(pos Pos, code, msg string) *Diagnostic {
	return l.Add(pos, SeverityError, code, msg)
}

// Warnf records a warning.
func (l *DiagnosticList) Warnf(pos Pos, code, msg string) *Diagnostic {
	return l.Add(pos, SeverityWarning, code, msg)
}

// Notef records a note.
func (l *DiagnosticList) Notef(pos Pos, code, msg string) *Diagnostic {
	return l.Add(pos, SeverityNote, code, msg)
}

// Sort orders the list by file order, line and column; the order of files is
// the order they were read in, given by files. Diagnostics at the same place
// keep the order they were found in.
func (l DiagnosticList) Sort(files []string) {
	rank := make(map[string]int, len(files))
	for i, f := range files {
		rank[f] = i
	}
	order := func(a, b *Diagnostic) int {
		if a.File != b.File {
			if c := cmp.Compare(rank[a.File], rank[b.File]); c != 0 {
				return c
			}
			return cmp.Compare(a.File, b.File)
		}
		if c := cmp.Compare(a.Line, b.Line); c != 0 {
			return c
		}
		return cmp.Compare(a.Col, b.Col)
	}
	// Diagnostics are mostly found in order; checking is cheaper than sorting.
	if !slices.IsSortedFunc(l, order) {
		slices.SortStableFunc(l, order)
	}
}

// Count returns the number of errors and of warnings; notes are neither.
func (l DiagnosticList) Count() (errors, warnings int) {
	for _, d := range l {
		switch d.Severity {
		case SeverityError:
			errors++
		case SeverityWarning:
			warnings++
		}
	}
	return errors, warnings
}

// Notes returns the number of notes.
func (l DiagnosticList) Notes() int {
	n := 0
	for _, d := range l {
		if d.Severity == SeverityNote {
			n++
		}
	}
	return n
}

// WithoutNotes returns the list without its notes, for a report that
// leaves the author's to-do list out; the list itself is not changed.
func (l DiagnosticList) WithoutNotes() DiagnosticList {
	if l.Notes() == 0 {
		return l
	}
	kept := make(DiagnosticList, 0, len(l))
	for _, d := range l {
		if d.Severity != SeverityNote {
			kept = append(kept, d)
		}
	}
	return kept
}

// Pos is a place in the manuscript. Line and Col count from 1; Col counts
// characters (runes), not bytes, so a caret lines up under box-drawing art. An
// invalid byte counts as one character.
type Pos struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

func (p Pos) String() string {
	return p.File + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}
