package rules

import (
	"errors"
	"strings"
)

// System is the context an expression is read in, because the seeds disagree
// about what a die is: in fd100 a d20 is a zero-based decile die (0–19), in
// every other game it is 1–20. A system context also lets an expression made
// only of key=value words stand for that system's named roll, so the roller
// of a book written for one system need not repeat the system's name.
//
// Named rolls that do give their name are accepted in every context: the name
// says which rules apply.
type System struct {
	name   string
	decile bool // d20, d40 … d200 are decile dice
	// zeroBased numbers every die from 0, as fd100 does: its roll tables
	// must use those faces too.
	zeroBased bool
	named     bool // bare key=value words are this system's named roll
}

// The five contexts. GenericSystem is the default: ordinary one-based dice.
var (
	GenericSystem = System{name: "generic"}
	// FD100System reads d20, d40, d60, d80, d100, d120, d140, d160, d180 and
	// d200 (and d%) as the zero-based decile dice of seed 000, and numbers
	// every other die from 0 too: a d10 0 to 9, a d6 0 to 5. Seed 000's dice
	// are all zero-based (it tells players with ordinary dice to paint them
	// 0, 1, 2, …, a d12 as well), a book says the d6 of a d60 "reads 0 to 5",
	// and the seed's "roll a d6 divided by two" picks one of three only when
	// the d6 reads 0 to 5. A reader who clicks a d6 in such a book rolls the
	// die the book describes.
	FD100System = System{name: "fd100", decile: true, zeroBased: true, named: true}
	// PoolSystem reads the decile dice as FD100System does, because seed
	// 001 defines them so (its Table 3: a d60 is 0 to 59): one book, one
	// reading, in its decile table and its odds alike. Its d10 and other
	// dice stay one-based.
	PoolSystem    = System{name: "pool", decile: true, named: true}
	TwoD12System  = System{name: "2d12", named: true}
	TriggerSystem = System{name: "trigger", named: true}
)

var systems = []System{GenericSystem, FD100System, PoolSystem, TwoD12System, TriggerSystem}

// String returns the system's name as the CLI's --system flag spells it.
func (s System) String() string { return s.name }

// SystemNames lists the names ParseSystem accepts, for help texts and menus.
func SystemNames() []string {
	names := make([]string, len(systems))
	for i, s := range systems {
		names[i] = s.name
	}
	return names
}

// ParseSystem returns the system context with the given name ("" is generic).
func ParseSystem(name string) (System, error) {
	if name == "" {
		return GenericSystem, nil
	}
	for _, s := range systems {
		if strings.EqualFold(s.name, name) {
			return s, nil
		}
	}
	return System{}, errors.New(`unknown system "` + name + `" (known: ` + strings.Join(SystemNames(), ", ") + ")")
}

// Faces returns the lowest and highest face of a die of the given sides in
// this system, as a roll table on that die must cover them.
func (s System) Faces(sides int) (lo, hi int) {
	d := s.die(sides)
	return int(d.first), int(d.last())
}

// HasDie reports whether a die of that many faces is one of the system's:
// in fd100 and the pool, the decile dice (d20, and d40 to d200, a tens die
// of 4 to 20 faces with a d10) and the dice that make them (d4 to d20, even
// faces, and the d10); in the other systems, and the generic one, the
// polyhedra players own: d2 (a coin), d3, d4, d6, d8, d10, d12, d20 and
// d100, and the d66 many games read off two d6 as tens and ones. A book
// naming a d22 names a die its game does not have.
//
// Reading: seed 000 invites players to paint a d12, d14, d16 and d18 for
// the d120 to d180, and seed 001 uses a d120 and a d200, so the decile
// systems have them all; it names no d2 or d3.
func (s System) HasDie(sides int) bool {
	if !s.decile {
		switch sides {
		case 2, 3, 4, 6, 8, 10, 12, 20, 66, 100:
			return true
		}
		return false
	}
	if sides >= 4 && sides <= 20 && sides%2 == 0 {
		return true
	}
	_, ok := LookupDecileDie(sides)
	return ok
}

// DiceSides lists the faces of every die term of a numeric expression, in
// order, a Fudge die's as 0; nil for a named roll.
func (e *Expr) DiceSides() []int {
	var sides []int
	if e.numeric != nil {
		walkDice(e.numeric, func(d *dice) {
			if d.die.fudge {
				sides = append(sides, 0)
			} else {
				sides = append(sides, d.die.sides)
			}
		})
	}
	return sides
}
