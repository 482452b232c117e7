package check

import (
	"math/big"
	"strings"
)

// printed is a number as a table prints it: "35%", "12.5%", "9.5", "0.25".
type printed struct {
	value    *big.Rat
	decimals int
	percent  bool
}

// parsePrinted reads a printed number; "%" means the value is a percentage.
func parsePrinted(cell string) (printed, bool) {
	s := strings.TrimSpace(cell)
	var p printed
	s, p.percent = strings.CutSuffix(s, "%")
	s = strings.TrimSpace(s)
	if _, frac, ok := strings.Cut(s, "."); ok {
		p.decimals = len(frac)
	}
	if s == "" || strings.ContainsAny(s, "eE/") {
		return p, false
	}
	v, ok := new(big.Rat).SetString(s)
	if !ok {
		return p, false
	}
	p.value = v
	return p, true
}

// format writes an exact value the way p is printed: to the same number of
// decimals, rounded half away from zero, with "%" if p has one. A probability
// is written as a percentage when p is.
func (p printed) format(exact *big.Rat) string {
	v := new(big.Rat).Set(exact)
	if p.percent {
		v.Mul(v, big.NewRat(100, 1))
	}
	s := roundDecimal(v, p.decimals)
	if p.percent {
		s += "%"
	}
	return s
}

// matches reports whether p is exact rounded to p's precision.
func (p printed) matches(exact *big.Rat) bool {
	want, _ := parsePrinted(p.format(exact))
	shown := new(big.Rat).Set(p.value)
	return want.value.Cmp(shown) == 0
}

// roundDecimal writes v with the given decimals, rounding half away from
// zero (the way people round by hand, and the way the book's tables are).
func roundDecimal(v *big.Rat, decimals int) string {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil)
	scaled := new(big.Rat).Mul(v, new(big.Rat).SetInt(scale))
	neg := scaled.Sign() < 0
	scaled.Abs(scaled)
	scaled.Add(scaled, big.NewRat(1, 2))
	n := new(big.Int).Quo(scaled.Num(), scaled.Denom())
	digits := n.String()
	if decimals > 0 {
		if len(digits) <= decimals {
			digits = strings.Repeat("0", decimals-len(digits)+1) + digits
		}
		digits = digits[:len(digits)-decimals] + "." + digits[len(digits)-decimals:]
	}
	if neg && strings.Trim(digits, "0.") != "" {
		digits = "-" + digits
	}
	return digits
}
