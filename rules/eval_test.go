package rules

import (
	"fmt"
	"math"
	"testing"
)

// bruteEval evaluates a parsed expression for one assignment of faces to its
// dice, in the order the dice appear, the way a person would: sort, keep,
// add or count. *next is the position of the next die's face.
func bruteEval(n node, faces []int64, next *int) int64 {
	switch n := n.(type) {
	case *number:
		return n.value
	case *negation:
		return -bruteEval(n.operand, faces, next)
	case *binary:
		left := bruteEval(n.left, faces, next)
		right := bruteEval(n.right, faces, next)
		switch n.op {
		case tokenPlus:
			return left + right
		case tokenMinus:
			return left - right
		}
		return left * right
	case *dice:
		rolled := faces[*next : *next+n.count]
		*next += n.count
		var total int64
		for _, face := range sortedCopy(rolled, n.pick.keepHighest)[:n.pick.kept] {
			if !n.pick.counting {
				total += face
				continue
			}
			t := n.pick.success.value
			pass := map[string]bool{">": face > t, ">=": face >= t, "<": face < t, "<=": face <= t, "=": face == t}[n.pick.success.op]
			if pass {
				total++
			}
		}
		return total
	}
	panic("unknown node")
}

// diceOf lists the faces (lo, hi) of every die of n in evaluation order.
func diceOf(n node) [][2]int64 {
	switch n := n.(type) {
	case *negation:
		return diceOf(n.operand)
	case *binary:
		return append(diceOf(n.left), diceOf(n.right)...)
	case *dice:
		var list [][2]int64
		for range n.count {
			list = append(list, [2]int64{n.die.first, n.die.last()})
		}
		return list
	}
	return nil
}

// bruteExprDist enumerates every fall of an expression's dice.
func bruteExprDist(n node) map[int64]int64 {
	dice := diceOf(n)
	faces := make([]int64, len(dice))
	for i := range faces {
		faces[i] = dice[i][0]
	}
	ways := make(map[int64]int64)
	for {
		next := 0
		ways[bruteEval(n, faces, &next)]++
		i := 0
		for ; i < len(faces); i++ {
			if faces[i] < dice[i][1] {
				faces[i]++
				break
			}
			faces[i] = dice[i][0]
		}
		if i == len(faces) {
			return ways
		}
	}
}

func checkAgainstBruteForce(t *testing.T, expr string, system System) {
	t.Helper()
	e, err := Parse(expr, system)
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	got, err := e.Dist()
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	assertSameDist(t, expr, got, bruteExprDist(e.numeric))
}

// TestNotationAgainstBruteForce compares every notation feature with
// enumeration of every fall of the dice.
func TestNotationAgainstBruteForce(t *testing.T) {
	for _, c := range []struct {
		expr   string
		system System
	}{
		{"2d6", GenericSystem},
		{"d%", GenericSystem},
		{"3d4kh2", GenericSystem},
		{"4d4kl2", GenericSystem},
		{"4d4dh1", GenericSystem},
		{"4d4dl2", GenericSystem},
		{"5d3dl3", GenericSystem},
		{"3d6kh0", GenericSystem},
		{"3d12kh2", GenericSystem},
		{"3d12kl2", GenericSystem},
		{"4D6DL2", GenericSystem},
		{"3d6>4", GenericSystem},
		{"4d6>=5", GenericSystem},
		{"4d6<3", GenericSystem},
		{"3d4<=2", GenericSystem},
		{"4d4kh2>2", GenericSystem},
		{"d6+d4", GenericSystem},
		{"d6-d4", GenericSystem},
		{"d6*d4", GenericSystem},
		{"-d6", GenericSystem},
		{"--d6", GenericSystem},
		{"2*(d4+1)", GenericSystem},
		{"(d3+1)*(d3-2)", GenericSystem},
		{"d6+d8*2-3", GenericSystem},
		{"3d3kh2*d3", GenericSystem},
		{" 2 d 6 + 1 ", GenericSystem},
		{"7", GenericSystem},
		{"d20", FD100System},
		{"d40", FD100System},
		{"2d20kh1", FD100System},
		{"d60-d20", FD100System},
		{"d%", FD100System},
		{"d10", FD100System},
	} {
		checkAgainstBruteForce(t, c.expr, c.system)
	}
}

// TestKeepAndCountAgainstBruteForce sweeps dice counts, faces, keep and
// drop rules and comparisons over small pools.
func TestKeepAndCountAgainstBruteForce(t *testing.T) {
	for n := 1; n <= 4; n++ {
		for _, faces := range []int{1, 2, 3, 5} {
			for k := 0; k <= n; k++ {
				for _, rule := range []string{"kh", "kl", "dh", "dl"} {
					for _, count := range []string{"", ">2", ">=2", "<2", "<=3"} {
						checkAgainstBruteForce(t, fmt.Sprintf("%dd%d%s%d%s", n, faces, rule, k, count), GenericSystem)
					}
				}
			}
		}
	}
}

func TestDecileDiceInFD100Context(t *testing.T) {
	for _, sides := range []int64{20, 40, 60, 80, 100, 120, 200} {
		expr := fmt.Sprintf("d%d", sides)
		fd100, err := Parse(expr, FD100System)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := fd100.Dist()
		if d.Min() != 0 || d.Max() != sides-1 || int64(d.Len()) != sides {
			t.Errorf("fd100 %s: range %d..%d, want 0..%d", expr, d.Min(), d.Max(), sides-1)
		}
		generic, _ := Parse(expr, GenericSystem)
		g, _ := generic.Dist()
		if g.Min() != 1 || g.Max() != sides {
			t.Errorf("generic %s: range %d..%d, want 1..%d", expr, g.Min(), g.Max(), sides)
		}
	}
}

func TestExactMean(t *testing.T) {
	for expr, want := range map[string]string{"2d6": "7", "3d6+2": "25/2", "d%": "101/2", "2d12": "13", "8d6>4": "8/3", "-d4*2": "-5"} {
		e, err := Parse(expr, GenericSystem)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := e.Dist()
		if got := lowest(d.Mean()); got != want {
			t.Errorf("mean of %s = %s, want %s", expr, got, want)
		}
	}
}

func TestDistQueries(t *testing.T) {
	e, _ := Parse("2d6", GenericSystem)
	d, _ := e.Dist()
	for _, c := range []struct {
		name string
		got  string
		want string
	}{
		{"P(7)", lowest(d.Prob(7)), "1/6"},
		{"P(13)", lowest(d.Prob(13)), "0"},
		{"P(>=10)", lowest(d.ProbAtLeast(10)), "1/6"},
		{"P(<=3)", lowest(d.ProbAtMost(3)), "1/12"},
		{"P(>=2)", lowest(d.ProbAtLeast(2)), "1"},
		{"P(<=max)", lowest(d.ProbAtMost(math.MaxInt64)), "1"},
	} {
		if c.got != c.want {
			t.Errorf("2d6 %s = %s, want %s", c.name, c.got, c.want)
		}
	}
}

// TestRollStaysInSupport checks that rolling only ever gives outcomes the
// exact distribution allows, and every outcome turns up over many seeds.
func TestRollStaysInSupport(t *testing.T) {
	for _, expr := range []string{"3d4kh2", "2d6>4", "d6*d4-2", "4d3dl1"} {
		e, _ := Parse(expr, GenericSystem)
		d, _ := e.Dist()
		seen := make(map[int64]bool)
		r := NewRoller(1)
		for range 5000 {
			v := e.Roll(r).Value
			if d.Prob(v).Sign() == 0 {
				t.Fatalf("%s rolled %d, which cannot happen", expr, v)
			}
			seen[v] = true
		}
		if len(seen) != d.Len() {
			t.Errorf("%s: 5000 rolls gave %d of %d outcomes", expr, len(seen), d.Len())
		}
	}
}
