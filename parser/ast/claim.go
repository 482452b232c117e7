package ast

// Claim is \claim{QUANTITY}{NUMBER} in prose: a number written in a
// sentence and bound to what the engine computes, so that "the dice average
// \claim{mean 2d12}{13}" is checked as a table cell is. The reader sees the
// number alone: in the tree the claim is a Text of the number, so no writer
// need know that claims exist, and the document lists the claims for the
// checker. The parser keeps the two texts; what the quantity means is the
// checker's to say, since the parser knows nothing of the rules.
type Claim struct {
	// Pos is where "\claim" is written.
	Pos
	// Quantity is the first argument, trimmed: "mean 2d12",
	// "P(2d12 >= 20)", "P(2d12 = 24) in 100".
	Quantity string `json:"quantity"`
	// QuantityPos is where the quantity starts, so that the checker can
	// point at the column of the engine's complaint.
	QuantityPos Pos `json:"quantityPos"`
	// Printed is the number as the reader sees it: "13", "50%".
	Printed string `json:"printed"`
}
