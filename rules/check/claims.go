package check

// claims recomputes every \claim{QUANTITY}{NUMBER} of the prose, as an odds
// table's cells are: the number must be the exact quantity rounded to the
// digits written, so "13" passes for the mean of 2d12 and "50%" for the
// chance of a 24 in a hundred rolls, 50.2%. A quantity the engine cannot
// compute is an error too, at the column it names.
func (c *checker) claims() {
	for _, claim := range c.doc.Claims {
		q, err := parseQuantity(claim.Quantity)
		if err != nil {
			c.errorAt(claim.QuantityPos, "claim/quantity", `cannot read the quantity "`+claim.Quantity+`": `+err.Error(), "")
			continue
		}
		exact, err := q.value(c.system)
		if err != nil {
			pos := claim.QuantityPos
			pos.Col += q.exprAt
			c.errorAt(engineErrorPos(pos, err), "claim/quantity", `cannot compute "`+claim.Quantity+`": `+err.Error(), "")
			continue
		}
		want, problem := judgePrinted(claim.Printed, exact, q.isChance())
		switch {
		case problem != "":
			c.errorAt(claim.Pos, "claim/number", problem, "")
		case want != "":
			c.errorAt(claim.Pos, "claim/value", claim.Quantity+` is `+want+`, not `+claim.Printed, want)
		}
	}
}
