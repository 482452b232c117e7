package rules

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// nat is a natural number of any size: the count of ways of an outcome,
// which for 100d6 runs to 6^100. It is the engine's own rather than
// math/big's because math/big imports fmt, which the WebAssembly roller
// must not carry; the engine needs only the few operations below.
//
// A nat holds 64-bit words, least significant first, with no leading zero
// words, so zero is the empty nat. Operations return their result, reusing
// the receiver's storage when they can, like append.
type nat []uint64

// natOf returns x as a nat.
func natOf(x uint64) nat {
	if x == 0 {
		return nil
	}
	return nat{x}
}

func (x nat) isZero() bool { return len(x) == 0 }

// bitLen returns the number of bits needed to write x.
func (x nat) bitLen() int {
	if len(x) == 0 {
		return 0
	}
	return (len(x)-1)*64 + bits.Len64(x[len(x)-1])
}

// clone returns a copy of x that shares no storage with it.
func (x nat) clone() nat { return append(nat(nil), x...) }

// grown returns z lengthened to n words, the new ones zero.
func (z nat) grown(n int) nat {
	switch {
	case n <= len(z):
		return z
	case n <= cap(z):
		old := len(z)
		z = z[:n]
		clear(z[old:])
		return z
	}
	g := make(nat, n, n+n/4)
	copy(g, z)
	return g
}

// trimmed drops leading zero words.
func (z nat) trimmed() nat {
	for len(z) > 0 && z[len(z)-1] == 0 {
		z = z[:len(z)-1]
	}
	return z
}

// plus returns z + x, in z's storage.
func (z nat) plus(x nat) nat {
	z = z.grown(max(len(z), len(x)) + 1)
	var carry uint64
	for i := range z {
		var w uint64
		if i < len(x) {
			w = x[i]
		}
		if w == 0 && carry == 0 && i >= len(x) {
			break
		}
		z[i], carry = bits.Add64(z[i], w, carry)
	}
	return z.trimmed()
}

// minus returns z − x, in z's storage; x must not exceed z.
func (z nat) minus(x nat) nat {
	var borrow uint64
	for i := range z {
		var w uint64
		if i < len(x) {
			w = x[i]
		}
		if w == 0 && borrow == 0 && i >= len(x) {
			break
		}
		z[i], borrow = bits.Sub64(z[i], w, borrow)
	}
	return z.trimmed()
}

// plusProduct returns z + x·y, in z's storage: the multiply-accumulate every
// convolution is made of. z must not share storage with x or y.
func (z nat) plusProduct(x, y nat) nat {
	if len(x) == 0 || len(y) == 0 {
		return z
	}
	z = z.grown(max(len(z), len(x)+len(y)) + 1)
	for j, yj := range y {
		if yj == 0 {
			continue
		}
		var carry uint64
		for i, xi := range x {
			hi, lo := bits.Mul64(xi, yj)
			var c uint64
			lo, c = bits.Add64(lo, carry, 0)
			hi += c
			z[i+j], c = bits.Add64(z[i+j], lo, 0)
			carry = hi + c
		}
		for k := j + len(x); carry != 0; k++ {
			z[k], carry = bits.Add64(z[k], carry, 0)
		}
	}
	return z.trimmed()
}

// times returns x·y in new storage.
func (x nat) times(y nat) nat { return nat(nil).plusProduct(x, y) }

// timesWord returns x·w in new storage.
func (x nat) timesWord(w uint64) nat { return x.times(natOf(w)) }

// quoWord returns x / w and the remainder, the quotient in new storage.
func (x nat) quoWord(w uint64) (nat, uint64) {
	q := make(nat, len(x))
	var r uint64
	for i := len(x) - 1; i >= 0; i-- {
		q[i], r = bits.Div64(r, x[i], w)
	}
	return q.trimmed(), r
}

// cmp returns −1, 0 or +1 as x is less than, equal to or greater than y.
func (x nat) cmp(y nat) int {
	if len(x) != len(y) {
		if len(x) < len(y) {
			return -1
		}
		return 1
	}
	for i := len(x) - 1; i >= 0; i-- {
		if x[i] != y[i] {
			if x[i] < y[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// String writes x in decimal.
func (x nat) String() string {
	if len(x) == 0 {
		return "0"
	}
	const chunk = 10_000_000_000_000_000_000 // 10^19, the largest power of ten in a word
	var chunks []uint64
	for q := x; len(q) > 0; {
		var r uint64
		q, r = q.quoWord(chunk)
		chunks = append(chunks, r)
	}
	var b strings.Builder
	b.WriteString(strconv.FormatUint(chunks[len(chunks)-1], 10))
	for i := len(chunks) - 2; i >= 0; i-- {
		digits := strconv.FormatUint(chunks[i], 10)
		b.WriteString(strings.Repeat("0", 19-len(digits)) + digits)
	}
	return b.String()
}

// mantissa returns x ≈ m·2^exp with m its top 64 bits.
func (x nat) mantissa() (m uint64, exp int) {
	n := x.bitLen()
	if n <= 64 {
		if len(x) == 0 {
			return 0, 0
		}
		return x[0], 0
	}
	shift := n - 64
	word, offset := shift/64, uint(shift%64)
	m = x[word] >> offset
	if offset != 0 {
		m |= x[word+1] << (64 - offset)
	}
	return m, shift
}

// ratioFloat returns x/y rounded to a float64 (to within a few ulps, as a
// chart needs).
func ratioFloat(x, y nat) float64 {
	mx, ex := x.mantissa()
	my, ey := y.mantissa()
	return math.Ldexp(float64(mx)/float64(my), ex-ey)
}

// Ratio is an exact fraction, the probability of an outcome or an expected
// value: Num/Den with Den positive, not necessarily in lowest terms (odds
// share their distribution's denominator). String writes it as math/big's
// Rat.SetString reads it.
type Ratio struct {
	negative bool
	num, den nat
}

// ratio returns num/den.
func ratio(num, den nat) Ratio { return Ratio{num: num, den: den} }

// Num returns the numerator in decimal, with a leading "-" when negative.
func (r Ratio) Num() string {
	if r.negative && !r.num.isZero() {
		return "-" + r.num.String()
	}
	return r.num.String()
}

// Den returns the denominator in decimal.
func (r Ratio) Den() string { return r.den.String() }

// String writes the fraction as "num/den".
func (r Ratio) String() string { return r.Num() + "/" + r.Den() }

// Float64 returns the fraction rounded to a float64.
func (r Ratio) Float64() float64 {
	f := ratioFloat(r.num, r.den)
	if r.negative {
		return -f
	}
	return f
}

// Sign returns −1, 0 or +1 as the fraction is negative, zero or positive.
func (r Ratio) Sign() int {
	switch {
	case r.num.isZero():
		return 0
	case r.negative:
		return -1
	}
	return 1
}
