package ast

import (
	"fmt"
	"strings"
)

// Presses are the print-on-demand presses galley.toml's press and build
// --press name, each a profile of what that press asks of a book's files
// (render/pdf's press table). GenericPress is press = true: the profile
// galley had before it knew presses by name.
var Presses = []string{GenericPress, "kdp", "lulu", "ingram", "drivethrurpg"}

// GenericPress is the press of press = true and of a bare --press.
const GenericPress = "generic"

// PaperStocks are the papers galley.toml's paper_stock names, of which a
// press's spine is as thick as its pages (see Config.PaperStock).
var PaperStocks = []string{"white", "cream", "colour"}

// PressName is galley.toml's press: "" for a reader's book, else one of
// Presses. It reads from TOML as a press's name or as a bool, true for
// GenericPress and false for none, as press was a bool before presses had
// names.
type PressName string

// UnmarshalTOML reads a press's name, in any case, or a bool.
func (p *PressName) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case bool:
		*p = ""
		if v {
			*p = GenericPress
		}
	case string:
		*p = PressName(strings.ToLower(strings.TrimSpace(v)))
	default:
		return fmt.Errorf(`press is true, false or a press's name (%s), not %v`, strings.Join(Presses, ", "), v)
	}
	return nil
}
