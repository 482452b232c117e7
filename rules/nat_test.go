package rules

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// randomNat returns a random nat of up to words words, with long runs of
// all-ones and zero words to exercise carries, and the same number as a
// big.Int.
func randomNat(r *rand.Rand, words int) (nat, *big.Int) {
	x := make(nat, r.IntN(words+1))
	for i := range x {
		switch r.IntN(4) {
		case 0:
			x[i] = math.MaxUint64
		case 1:
			x[i] = 0
		default:
			x[i] = r.Uint64()
		}
	}
	x = x.trimmed()
	b := new(big.Int)
	for i := len(x) - 1; i >= 0; i-- {
		b.Lsh(b, 64).Or(b, new(big.Int).SetUint64(x[i]))
	}
	return x, b
}

func asBig(x nat) *big.Int {
	b, _ := new(big.Int).SetString(x.String(), 10)
	return b
}

// TestNatAgainstBig checks every operation of nat against math/big.
func TestNatAgainstBig(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		x, bx := randomNat(r, 6)
		y, by := randomNat(r, 6)
		z, bz := randomNat(r, 6)
		if got := asBig(x); got.Cmp(bx) != 0 || x.bitLen() != bx.BitLen() {
			t.Fatalf("String(%v) = %s, want %s", x, got, bx)
		}
		if got, want := asBig(x.clone().plus(y)), new(big.Int).Add(bx, by); got.Cmp(want) != 0 {
			t.Fatalf("%s + %s = %s, want %s", bx, by, got, want)
		}
		if bx.Cmp(by) >= 0 {
			if got, want := asBig(x.clone().minus(y)), new(big.Int).Sub(bx, by); got.Cmp(want) != 0 {
				t.Fatalf("%s - %s = %s, want %s", bx, by, got, want)
			}
		}
		if got, want := x.cmp(y), bx.Cmp(by); got != want {
			t.Fatalf("cmp(%s, %s) = %d, want %d", bx, by, got, want)
		}
		want := new(big.Int).Add(bz, new(big.Int).Mul(bx, by))
		if got := asBig(z.clone().plusProduct(x, y)); got.Cmp(want) != 0 {
			t.Fatalf("%s + %s·%s = %s, want %s", bz, bx, by, got, want)
		}
		w := r.Uint64() | 1
		q, rem := x.quoWord(w)
		wantQ, wantR := new(big.Int).QuoRem(bx, new(big.Int).SetUint64(w), new(big.Int))
		if asBig(q).Cmp(wantQ) != 0 || rem != wantR.Uint64() {
			t.Fatalf("%s / %d = %s r %d, want %s r %s", bx, w, asBig(q), rem, wantQ, wantR)
		}
		if !y.isZero() {
			got := ratioFloat(x, y)
			exact, _ := new(big.Rat).SetFrac(bx, by).Float64()
			if math.Abs(got-exact) > 1e-12*math.Abs(exact) {
				t.Fatalf("%s / %s = %g, want %g", bx, by, got, exact)
			}
		}
	}
}

func TestRatio(t *testing.T) {
	e, _ := Parse("d6-4", GenericSystem)
	d, _ := e.Dist()
	mean := d.Mean()
	if mean.String() != "-3/6" || mean.Sign() != -1 || mean.Float64() != -0.5 {
		t.Errorf("mean of d6-4 = %s (%g)", mean, mean.Float64())
	}
	if p := d.Prob(9); p.String() != "0/6" || p.Sign() != 0 {
		t.Errorf("P(9) = %s", p)
	}
}
