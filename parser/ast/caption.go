package ast

// Caption is the numbered line under a table or figure: "Table 2: …" or,
// to let galley number it, "Table: …".
type Caption struct {
	Pos
	// Label is "Table" or "Figure": a table may carry a figure's caption,
	// and then it is numbered with the figures.
	Label string `json:"label"`
	// Number is the number as written, or as galley gave it when the
	// author wrote "Table:" (see parser/prose/numbering.go).
	Number int `json:"number"`
	// Explicit reports whether the author wrote the number.
	Explicit bool `json:"explicit"`
	// NumberPos is where the written number is, for checks of the sequence.
	NumberPos Pos      `json:"-"`
	Inlines   []Inline `json:"inlines"`
}
