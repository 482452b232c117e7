package parser

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
	blockNode
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

func (p *blockParser) classData(env *environment) *ClassData {
	c := &ClassData{blockNode: blockNode{env.begin.firstTextPos()}, Class: strings.TrimSpace(env.arg)}
	if c.Class == "" {
		p.diags.Errorf(c.Pos, "classdata/class", `class data needs its class: \begin{charsheet}[CLASS]`)
	}
	section := ""
	for _, l := range env.content {
		t := l.trimmed()
		if t == "" {
			continue
		}
		l = l.dedent(l.indent())
		if strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") {
			section = strings.TrimSpace(t[1 : len(t)-1])
			continue
		}
		name, value, ok := strings.Cut(l.text, ":")
		if !ok || strings.TrimSpace(name) == "" {
			p.diags.Errorf(l.pos(), "classdata/syntax", `expected "Field: value" or "[Box Title]"`)
			continue
		}
		valueAt := len(name) + 1
		valueAt += len(value) - len(strings.TrimLeft(value, " "))
		c.Fields = append(c.Fields, &ClassField{
			Pos:      l.pos(),
			Section:  section,
			Name:     strings.TrimSpace(name),
			Value:    strings.TrimSpace(value),
			ValuePos: l.posAt(valueAt),
		})
	}
	return c
}
