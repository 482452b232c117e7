package check

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// rowKeys follows the rows of a table that names each thing of a set once:
// the six degrees, the Effects, the combinations of a truth table, the
// Features of a stat block. A row that names a thing again is an error at
// that row, naming the row that named it first; a thing of the set no row
// names is an error at the table, naming the thing, since there is no row
// to point at. A row whose thing cannot be read is reported as such, and
// then no thing is reported missing, as that row may well be meant for it.
type rowKeys struct {
	t    *tableRun
	code string
	// what and whats name the things in messages: "Effect", "Effects".
	what, whats string
	first       map[string]*ast.Cell
	// unread is set once a row's thing could not be read.
	unread bool
}

func (t *tableRun) rowKeys(what, whats, code string) *rowKeys {
	return &rowKeys{t: t, code: code, what: what, whats: whats, first: map[string]*ast.Cell{}}
}

// add records that cell names key, and reports whether no row named it
// before; a repeat is reported.
func (k *rowKeys) add(key string, cell *ast.Cell) bool {
	if first, seen := k.first[key]; seen {
		k.t.problem(cell, k.code, `this row repeats the `+k.what+` `+key+` of line `+itoa(first.Line)+
			`: the table names each `+k.what+` once`)
		return false
	}
	k.first[key] = cell
	return true
}

// skip records a row whose thing could not be read.
func (k *rowKeys) skip() { k.unread = true }

// has reports whether a row named key.
func (k *rowKeys) has(key string) bool {
	_, ok := k.first[key]
	return ok
}

// requireAll reports, at the table, every one of keys no row named.
func (k *rowKeys) requireAll(keys []string) {
	if k.unread {
		return
	}
	var missing []string
	for _, key := range keys {
		if !k.has(key) {
			missing = append(missing, key)
		}
	}
	if len(missing) == 0 {
		return
	}
	what := k.what
	if len(missing) > 1 {
		what = k.whats
	}
	separator := ", "
	if strings.Contains(strings.Join(missing, ""), ",") {
		separator = "; "
	}
	k.t.c.errorAt(k.t.table.Pos, k.code, "no row for the "+what+" "+strings.Join(missing, separator)+
		": the table names every "+k.what+" once", "")
}
