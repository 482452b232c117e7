package rules

import (
	"errors"
	"flag"
	"strings"
	"testing"
	"time"
)

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		expr    string
		system  System
		col     int
		message string
		limit   bool // a *LimitError rather than a *SyntaxError
	}{
		{"", GenericSystem, 1, "expected a dice expression", false},
		{"   ", GenericSystem, 1, "expected a dice expression", false},
		{"3d+1", GenericSystem, 3, `expected a number of faces after "d"`, false},
		{"3d", GenericSystem, 3, `expected a number of faces after "d"`, false},
		{"2d6+", GenericSystem, 5, "at the end", false},
		{"2d6 3", GenericSystem, 5, "expected an operator", false},
		{"(2d6", GenericSystem, 5, `expected ")"`, false},
		{"2d6)", GenericSystem, 4, "expected an operator", false},
		{"2x6", GenericSystem, 2, `unexpected 'x'`, false},
		{"2d6ka", GenericSystem, 5, `expected "h" or "l" after "k"`, false},
		{"0d6", GenericSystem, 1, "at least one die", false},
		{"2d0", GenericSystem, 3, "at least one face", false},
		{"3d12kh4", GenericSystem, 7, "cannot keep 4 of 3 dice", false},
		{"3d12dl4", GenericSystem, 7, "cannot drop 4 of 3 dice", false},
		{"8d6>", GenericSystem, 5, `expected a number after ">"`, false},
		{"2d6 + é", GenericSystem, 7, "unexpected", false},
		{"100000d100000", GenericSystem, 1, "100000 dice", true},
		{"2d10000000", GenericSystem, 3, "faces", true},
		{"99999999999999999999", GenericSystem, 1, "number too large", true},
		{"1000d1000000*1000d1000000", GenericSystem, 13, "can exceed", true},
		{"fd100", GenericSystem, 6, "fd100 needs effort=N", false},
		{"fd100 effort=101 resistance=40", GenericSystem, 14, "effort must be a whole number from 0 to 100", false},
		{"fd100 effort=60 resistance=40 dramatic=+25,-10,+5", GenericSystem, 48, "Rule of Two", false},
		{"fd100 effort=60 resistance=40 dramatic=+25 dramatic=-10 dramatic=+5", GenericSystem, 66, "Rule of Two", false},
		{"fd100 effort=60 resistance=40 static=30", GenericSystem, 38, "needs a sign", false},
		{"fd100 effort=60 static=+30", GenericSystem, 17, "a Boolean roll takes no modifiers", false},
		{"fd100 effort=60 contested", GenericSystem, 26, "needs resistance=N", false},
		{"fd100 effort=60 effort=50", GenericSystem, 17, "effort= is given twice", false},
		{"fd100 effort=60 bogus=1", GenericSystem, 17, `does not take "bogus="`, false},
		{"fd100 effort=", GenericSystem, 14, `expected a value after "effort="`, false},
		{"fd100 =3", GenericSystem, 7, `expected a name before "="`, false},
		{"pool dice=6 difficulty=2 vs=3", GenericSystem, 13, "not both", false},
		{"pool dice=6 success=7", GenericSystem, 21, "success must be a whole number from 2 to 6", false},
		{"2d12 target=16 kind=melee", GenericSystem, 21, "kind must be check, save or attack", false},
		{"2d12 mod=+3", GenericSystem, 12, "2d12 needs target=N", false},
		{"trigger dice=7 mods=+3X", GenericSystem, 21, "is not a modifier", false},
		{"trigger dice=7 difficulty=2 vs=3", GenericSystem, 16, "not both", false},
		{"fd100 attack threat=60", GenericSystem, 23, "fd100 needs survival=N", false},
		{"fd100 attack threat=60 survival=40 disposition=Retreating", GenericSystem, 36, "a Retreating combatant cannot attack", false},
		{"fd100 attack threat=60 survival=40 flying=20 close", GenericSystem, 46, "unless the attacker flies too", false},
		{"fd100 effort=60 disposition=Charging", GenericSystem, 17, "a Boolean roll takes no modifiers, shifts or condition", false},
		{"fd100 effort=60 resistance=40 disposition=Onward", GenericSystem, 43, "disposition must be one of Retreating", false},
		{"fd100 set=d60 rating=30", GenericSystem, 15, "a Roll to Set takes no rating=", false},
		{"fd100 increase=d40", GenericSystem, 19, "needs the rating it changes", false},
		{"fd100 set=d50", GenericSystem, 11, "takes a decile die", false},
		{"fd100 set=d60 increase=d40", GenericSystem, 15, "give one of set=, increase= and decrease=", false},
		{"fd100 set", GenericSystem, 7, "names its decile die", false},
		{"fd100 initiative=50", GenericSystem, 20, "needs the rivals' Initiative", false},
		{"pool events=costs", GenericSystem, 18, "pool needs level=N", false},
		{"pool events=treasure level=2", GenericSystem, 13, "events= takes costs, risks or rewards", false},
		{"pool dice=3 initiative difficulty=2", GenericSystem, 24, `pool does not take "difficulty="`, false},
		{"2d12 target=16 take=12", GenericSystem, 21, "take= must be 13 (taking care), 20 or 24", false},
		{"2d12 target=16 take", GenericSystem, 16, "take= needs a value", false},
		{"2d12 take=13", GenericSystem, 13, "2d12 needs target=N", false},
		{"2d12 vs=+3 target=16", GenericSystem, 12, "an opposed roll (vs=) has no target=", false},
		{"2d12 target=16 damage=1d8 kind=save", GenericSystem, 32, "only an attack deals damage", false},
		{"2d12 target=16 damage=1x8", GenericSystem, 23, "damage= takes dice such as 1d8", false},
		{"trigger dice=6,5 difficulty=2", GenericSystem, 30, "needs as many difficulties", false},
		{"trigger dice=1,2,3,4,5 difficulty=1,1,1,1,1", GenericSystem, 22, "dice= takes at most 4 numbers", false},
		{"trigger dice=6 helpers=1,2,3,4,5", GenericSystem, 32, "helpers= takes at most 4 numbers", false},
		{"trigger dice=6,5 difficulty=2,3 mods=+1S", GenericSystem, 33, "a combination and mods= do not go together", false},
		{"trigger dice=6 complex=5", GenericSystem, 25, "trigger needs rolls=N", false},
		{"trigger dice=6 vs=5 quality", GenericSystem, 21, "a conflict (vs=) and quality do not go together", false},
		{"effort=60", GenericSystem, 1, "unexpected 'e'", false},
		{"effort=60 adv", FD100System, 11, `fd100 does not take "adv"`, false},
		{strings.Repeat("(", 1_000_000) + "1" + strings.Repeat(")", 1_000_000), GenericSystem, MaxLength + 1, "longer than 10000 characters", true},
		{strings.Repeat("1+", MaxLength/2) + "1", GenericSystem, MaxLength + 1, "longer than", true},
		{strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300), GenericSystem, MaxNesting + 1, "nested more than 256 deep", true},
		{"2+" + strings.Repeat("-", 300) + "1", GenericSystem, MaxNesting + 3, "nested more than 256 deep", true},
		{strings.Repeat("(-", 200) + "1" + strings.Repeat(")", 200), GenericSystem, MaxNesting + 1, "nested more than 256 deep", true},
	} {
		_, err := Parse(c.expr, c.system)
		var syntax *SyntaxError
		var limit *LimitError
		switch {
		case err == nil:
			t.Errorf("%q: no error, want %q at column %d", c.expr, c.message, c.col)
		case c.limit && !errors.As(err, &limit), !c.limit && !errors.As(err, &syntax):
			t.Errorf("%q: error %T %v, want limit=%v", c.expr, err, err, c.limit)
		case !strings.Contains(err.Error(), c.message):
			t.Errorf("%q: error %q, want it to say %q", c.expr, err, c.message)
		case err.(interface{ Column() int }).Column() != c.col:
			t.Errorf("%q: error %q at column %d, want column %d", c.expr, err, err.(interface{ Column() int }).Column(), c.col)
		}
	}
}

// TestDeepestExpressions computes and rolls the deepest trees the limits
// allow: parentheses and signs nested MaxNesting deep, and a chain of terms
// as long as MaxLength lets it be.
func TestDeepestExpressions(t *testing.T) {
	terms := (MaxLength - 2) / 3
	for _, c := range []struct {
		expr string
		want int64
	}{
		{strings.Repeat("(", MaxNesting) + "1" + strings.Repeat(")", MaxNesting), 1},
		{strings.Repeat("-", MaxNesting) + "1", 1},
		{strings.Repeat("(-", MaxNesting/2) + "1" + strings.Repeat(")", MaxNesting/2), 1},
		{strings.Repeat("d1+", terms) + "d1", int64(terms) + 1},
		{"1" + strings.Repeat("*-1", terms|1), -1},
	} {
		e, err := Parse(c.expr, GenericSystem)
		if err != nil {
			t.Fatalf("%.20q…: %v", c.expr, err)
		}
		d, err := e.Dist()
		if err != nil {
			t.Fatalf("%.20q…: %v", c.expr, err)
		}
		if got := e.Roll(NewRoller(1)).Value; got != c.want || d.Min() != c.want || d.Max() != c.want {
			t.Errorf("%.20q…: rolled %d, odds from %d to %d; want %d", c.expr, got, d.Min(), d.Max(), c.want)
		}
	}
}

func TestKeepRules(t *testing.T) {
	for _, c := range []struct {
		expr        string
		kept        int
		keepHighest bool
	}{
		{"3d12kh2", 2, true},
		{"3d12kl2", 2, false},
		{"4d12dl2", 2, true},
		{"4d12dh2", 2, false},
		{"4D12DL2", 2, true},
		{"3d12kh", 1, true},
		{"3d12", 3, false},
	} {
		e, err := Parse(c.expr, GenericSystem)
		if err != nil {
			t.Fatal(err)
		}
		d := e.numeric.(*dice)
		if d.pick.kept != c.kept || (d.pick.kept < d.count && d.pick.keepHighest != c.keepHighest) {
			t.Errorf("%s keeps %d (highest %v), want %d (highest %v)", c.expr, d.pick.kept, d.pick.keepHighest, c.kept, c.keepHighest)
		}
	}
}

func TestNamedRollOrNotation(t *testing.T) {
	for _, c := range []struct {
		expr   string
		system System
		named  bool
	}{
		{"2d12", GenericSystem, false},
		{"2d12 + 3", GenericSystem, false},
		{"2d12 mod=+3 target=16", GenericSystem, true},
		{"2D12 target=16 adv", GenericSystem, true},
		{"fd100 effort=55", GenericSystem, true},
		{"FD100 EFFORT=55", GenericSystem, true},
		{"pool dice=3", GenericSystem, true},
		{"trigger dice=3", GenericSystem, true},
		{"3d6", GenericSystem, false},
		{"  fd100   effort=55    ", GenericSystem, true},
		// In a system context, bare words are that system's roll; they
		// may start with a flag, and notation with ">=" stays notation.
		{"effort=60", FD100System, true},
		{"attack threat=60 survival=40", FD100System, true},
		{"8d6>=5", PoolSystem, false},
		{"8d6 >= 5", PoolSystem, false},
		{"d60", FD100System, false},
	} {
		e, err := Parse(c.expr, c.system)
		if err != nil {
			t.Fatalf("%q in %s: %v", c.expr, c.system, err)
		}
		if got := e.named != nil; got != c.named {
			t.Errorf("%q in %s: named %v, want %v", c.expr, c.system, got, c.named)
		}
	}
	e, err := Parse("dice=6 difficulty=2", PoolSystem)
	if err != nil || len(e.Outcomes()) != 6 || e.Outcomes()[1] != "Total Success" {
		t.Errorf("pool context: %v %v", e, err)
	}
}

func TestParseSystem(t *testing.T) {
	for _, name := range append(SystemNames(), "", "FD100") {
		if _, err := ParseSystem(name); err != nil {
			t.Errorf("%q: %v", name, err)
		}
	}
	if _, err := ParseSystem("d20"); err == nil || !strings.Contains(err.Error(), "known: generic, fd100, pool, 2d12, trigger") {
		t.Errorf("unknown system: %v", err)
	}
}

// fuzzing reports whether the test runs under -fuzz.
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

// FuzzNotation checks that reading, computing and rolling any input never
// panics and never takes long: runaways are refused, not computed.
func FuzzNotation(f *testing.F) {
	for _, seed := range []string{
		"3d6+2", "3d12kh2", "4d12dl2", "8d6>4", "8d6>=5", "d%", "(d4+1)*d6", "-2d6", "16d10kh8",
		"100000d100000", "fd100 effort=60 resistance=40 static=+30,-20 dramatic=+25",
		"fd100 effort=55 resistance=45 contested", "pool dice=6 vs=4 success=4",
		"2d12 mod=+3 target=16 adv2 kind=attack", "trigger dice=14 vs=9 mods=+1T,-2S",
		// Named rolls of each kind, which a roll describes in words.
		"pool events=costs level=3", "pool hunger=7 level=3", "fd100 alarm swarming=90 chances=80,60",
		"fd100 charm effort=60 resistance=40 ally", "2d12 fall=60 huge mod=+2 target=14",
		"trigger dice=6 complex=10 rolls=3 helpers=4", "trigger dice=6 defend=5 close",
		"d60", "3d+1", "((((", "9999999999d9", "1000d6*1000d6",
		"3d6!", "d10!>8", "5d6!!", "4d6r1", "4d6ro<2", "4dF", "6d6>4f1", "8d10>7c10", "4d6!kh3",
		"6d10!10>7", "{5d6!!}>8", "{2d20kh1, 1d20+5}kh1", "{3d6,3d6,3d6}>10", "d2!", "1000d2!", "d1000000!<999999",
		strings.Repeat("(", MaxNesting+1) + "1" + strings.Repeat(")", MaxNesting+1),
		strings.Repeat("-(", MaxNesting/2) + "d6" + strings.Repeat(")", MaxNesting/2),
		strings.Repeat("d2+", MaxLength/3) + "1",
	} {
		f.Add(seed, uint8(0))
	}
	f.Fuzz(func(t *testing.T, expr string, systemIndex uint8) {
		system := systems[int(systemIndex)%len(systems)]
		e, err := Parse(expr, system)
		if err != nil {
			var positioned interface{ Column() int }
			if !errors.As(err, &positioned) || positioned.Column() < 1 || positioned.Column() > len([]rune(expr))+1 {
				t.Fatalf("%q: error without a column in range: %v", expr, err)
			}
			return
		}
		start := time.Now()
		// Compute only what is cheap, to keep the fuzzer fast; the estimate
		// itself must always be quick and sane.
		if e.named != nil {
			e.named.dist()
		} else {
			work := workTally{done: MaxWork - 1e6} // leaves 1e6 units
			e.numeric.estimate(&work, e.Depth())
			if work.over == 0 {
				e.numeric.dist(e.Depth())
			} else if work.over < 1 || work.over > len([]rune(expr)) {
				t.Fatalf("%q: estimate blames column %d", expr, work.over)
			}
		}
		e.Roll(NewRoller(1))
		// A runaway is a fuzzer's find; in a normal run the seeds share a
		// loaded machine, where a clock's limit fails what is not slow.
		if elapsed := time.Since(start); fuzzing() && elapsed > 2*time.Second {
			t.Fatalf("%q took %v", expr, elapsed)
		}
	})
}
