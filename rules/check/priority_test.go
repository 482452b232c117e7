package check

import (
	"slices"
	"testing"
)

// TestCheckPriorities holds the table checks' order to their priorities:
// every check has a priority of its own, and however the checks are listed
// (the other way round, or starting anywhere), they are offered a table in
// the same order, and so bind the same tables: a table goes to the first
// check that binds it.
func TestCheckPriorities(t *testing.T) {
	seen, names := map[int]string{}, map[string]bool{}
	for _, p := range checkPriorities {
		if other, ok := seen[p.priority]; ok {
			t.Errorf("the %s and %s checks share the priority %d", other, p.check.name, p.priority)
		}
		seen[p.priority] = p.check.name
		if names[p.check.name] {
			t.Errorf("the %s check is listed twice", p.check.name)
		}
		names[p.check.name] = true
	}
	reversed := slices.Clone(checkPriorities)
	slices.Reverse(reversed)
	listings := [][]prioritized{reversed}
	for i := 1; i < len(checkPriorities); i += 5 {
		listings = append(listings, slices.Concat(checkPriorities[i:], checkPriorities[:i]))
	}
	for _, listing := range listings {
		if got := byPriority(listing); !slices.Equal(got, tableChecks) {
			t.Errorf("listed otherwise, the checks bind in the order %v, not %v", checkNames(got), checkNames(tableChecks))
		}
	}
}

func checkNames(checks []*tableCheck) []string {
	names := make([]string, len(checks))
	for i, c := range checks {
		names[i] = c.name
	}
	return names
}

// TestStartOrder checks that every pass starts once, the tables' binding
// first.
func TestStartOrder(t *testing.T) {
	started := make([]int, len(passes))
	for i := range passes {
		started[startOrder(i)]++
	}
	for pass, n := range started {
		if n != 1 {
			t.Errorf("pass %d starts %d times", pass, n)
		}
	}
	if startOrder(0) != len(passes)-1 {
		t.Errorf("pass %d starts first, not the tables' binding", startOrder(0))
	}
}
