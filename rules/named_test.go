package rules

import (
	"slices"
	"testing"
)

// TestOutcomeNames holds each system's outcome names to the labels its
// named rolls print, and to the group word its books use.
func TestOutcomeNames(t *testing.T) {
	for _, tc := range []struct {
		system, group, expr string
	}{
		{"fd100", "Degrees of Success", "fd100 effort=60 resistance=40"},
		{"pool", "Degrees of Success", "pool dice=6 difficulty=2"},
		{"2d12", "Outcomes", "2d12 mod=+3 target=16"},
		{"trigger", "Outcomes", "trigger dice=7 quality"},
	} {
		group, names := OutcomeNames(tc.system)
		if group != tc.group {
			t.Errorf("%s: group %q, want %q", tc.system, group, tc.group)
		}
		roll, _, err := parseNamed(tc.expr, System{})
		if err != nil {
			t.Fatalf("%s: %v", tc.expr, err)
		}
		labels := roll.outcomes()
		for _, label := range labels {
			if !slices.Contains(names, label) {
				t.Errorf("%s: %q labels an outcome of %s but is not among %q", tc.system, label, tc.expr, names)
			}
		}
		if len(names) != len(labels) {
			t.Errorf("%s: %d names, %s has %d outcomes", tc.system, len(names), tc.expr, len(labels))
		}
	}
	if group, names := OutcomeNames("gurps"); group != "" || names != nil {
		t.Errorf("an unknown system has outcome names %q %q", group, names)
	}
}
