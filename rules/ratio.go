package rules

// Exact arithmetic on Ratio, for the means that only a formula gives: the
// mean of an exploding die is an infinite sum, but a closed one (Wald's
// identity: the mean of a throw over the chance a throw stops the die).
// Fractions are not reduced; the numbers stay exact whatever their size.

// whole returns n as a Ratio.
func whole(n int64) Ratio {
	r := ratio(natOf(uint64(abs64(n))), natOf(1))
	r.negative = n < 0
	return r
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// plus returns r + s.
func (r Ratio) plus(s Ratio) Ratio {
	a, b := r.num.times(s.den), s.num.times(r.den)
	den := r.den.times(s.den)
	if r.negative == s.negative {
		sum := ratio(a.plus(b), den)
		sum.negative = r.negative
		return sum
	}
	// Opposite signs: the larger magnitude gives the sign.
	if a.cmp(b) >= 0 {
		diff := ratio(a.minus(b), den)
		diff.negative = r.negative && !diff.num.isZero()
		return diff
	}
	diff := ratio(b.minus(a), den)
	diff.negative = s.negative
	return diff
}

// times returns r × s.
func (r Ratio) times(s Ratio) Ratio {
	p := ratio(r.num.times(s.num), r.den.times(s.den))
	p.negative = r.negative != s.negative && !p.num.isZero()
	return p
}

// over returns r ÷ s; s must not be zero.
func (r Ratio) over(s Ratio) Ratio {
	q := ratio(r.num.times(s.den), r.den.times(s.num))
	q.negative = r.negative != s.negative && !q.num.isZero()
	return q
}
