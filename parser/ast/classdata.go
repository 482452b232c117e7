package ast

import "strings"

// ClassData is a \begin{charsheet}[CLASS] environment: the values that fill
// the character sheet of one class. Each line is "Field: value"; a line
// "[Base Attack]" starts the fields of the box with that title, as in an INI
// file, so attack boxes can repeat the field names Name, Damage, Hit:
//
//	\begin{charsheet}[wasp]
//	Class: Wasp
//	Speed: 75%
//	Wounds/Max: 0/6
//	Inventory: Nectar drop: 30% edible
//
//	[Base Attack]
//	Name: Sting
//	\end{charsheet}
//
// The parser keeps the fields as written; the sheet model gives them
// meaning and checks them against the sheet template.
type ClassData struct {
	BlockNode
	Class  string        `json:"class"`
	Fields []*ClassField `json:"fields"`
}

// Kind returns KindClassData.
func (*ClassData) Kind() NodeKind { return KindClassData }

// ClassField is one "Field: value" line.
type ClassField struct {
	Pos
	// Section is the box title of the "[Title]" line above the field, or ""
	// for fields before any.
	Section  string `json:"section,omitempty"`
	Name     string `json:"name"`
	Value    string `json:"value"`
	ValuePos Pos    `json:"valuePos"`
}

// ClassData returns the class data of the named class (\begin{charsheet}[name],
// compared without regard to case), or nil.
func (d *Document) ClassData(name string) *ClassData {
	for _, c := range d.Classes() {
		if strings.EqualFold(c.Class, name) {
			return c
		}
	}
	return nil
}

// Classes returns every class-data block in book order.
func (d *Document) Classes() []*ClassData {
	var all []*ClassData
	WalkBlocks(d.Blocks, func(n Block) {
		if c, ok := n.(*ClassData); ok {
			all = append(all, c)
		}
	})
	return all
}

// MarshalJSON encodes the class data with its kind.
func (n *ClassData) MarshalJSON() ([]byte, error) {
	type t ClassData
	return marshalWithKind(n.Kind(), (*t)(n))
}
