package ast

import (
	"hash/fnv"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Names hands out names that are unique among those it has handed out or
// reserved: the name asked for, or else the first of name-2, name-3, … that
// is free. Anchors, element ids and file names are made unique this way.
//
// It remembers, for each name, the number its search stopped at: every
// number below it is taken and stays taken, so a thousand boxes of one
// title cost a thousand steps, not half a million.
type Names struct {
	taken map[string]bool
	next  map[string]int
}

// NewNames returns Names with nothing taken.
func NewNames() *Names {
	return &Names{taken: map[string]bool{}, next: map[string]int{}}
}

// Reset forgets every name, keeping the room they took, so that one Names
// serves many scopes in turn: a site's pages, each with ids of its own.
// Clearing takes as long as the room is large, so a scope that took many
// names gives the room back rather than slow every later Reset.
func (n *Names) Reset() {
	const keep = 1 << 10
	if len(n.taken) > keep {
		*n = *NewNames()
		return
	}
	clear(n.taken)
	clear(n.next)
}

// Reserve takes name without handing it out, for a name that something
// else has.
func (n *Names) Reserve(name string) { n.taken[name] = true }

// Taken reports whether name is handed out or reserved.
func (n *Names) Taken(name string) bool { return n.taken[name] }

// Unique takes and returns name, or the first free numbered variant of it.
func (n *Names) Unique(name string) string {
	return n.UniqueWith(name, "")
}

// UniqueWith is Unique for names with a fixed ending after the number, as
// "setting-2.html" is to "setting.html" with the ending ".html".
func (n *Names) UniqueWith(name, ending string) string {
	if !n.taken[name+ending] {
		n.taken[name+ending] = true
		return name + ending
	}
	k := max(n.next[name+ending], 2)
	for n.taken[name+"-"+strconv.Itoa(k)+ending] {
		k++
	}
	n.next[name+ending] = k + 1
	unique := name + "-" + strconv.Itoa(k) + ending
	n.taken[unique] = true
	return unique
}

// maxFileStem is the most bytes of a file name galley makes from a title
// or a class name, before its ending: with the longest ending it adds
// ("-12.html"), far below the 255 bytes file systems allow a name, and
// below eCryptfs's 143.
const maxFileStem = 100

// FileStem returns name, or, when it is longer than a file name may safely
// be, its start cut at a character and followed by a hash of the whole
// name: two long titles that begin alike still get two names, and each
// keeps its name from build to build, whatever else the book holds.
func FileStem(name string) string {
	if len(name) <= maxFileStem {
		return name
	}
	h := fnv.New32a()
	h.Write([]byte(name))
	// Eight hex digits, zeros included: the 1 above them is cut off.
	hash := "-" + strconv.FormatUint(1<<32|uint64(h.Sum32()), 16)[1:]
	cut := maxFileStem - len(hash)
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	return strings.TrimRight(name[:cut], "-_") + hash
}
