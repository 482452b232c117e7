package ast

import (
	"regexp"
	"testing"
)

func TestBookIdentifier(t *testing.T) {
	a := &Config{Title: "Nests & Insects", Authors: []string{"Ann"}}
	b := &Config{Title: "Nests & Insects", Authors: []string{"Ann"}, Version: "2.0"}
	c := &Config{Title: "Nests & Insects", Authors: []string{"Bob"}}
	uuid := regexp.MustCompile(`^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	if id := a.BookIdentifier(); !uuid.MatchString(id) {
		t.Errorf("identifier %q is no version 5 UUID URN", id)
	}
	if a.BookIdentifier() != b.BookIdentifier() {
		t.Error("a new version changed the identifier")
	}
	if a.BookIdentifier() == c.BookIdentifier() {
		t.Error("other authors gave the same identifier")
	}
	set := &Config{Title: "X", Identifier: "urn:isbn:9780000000002"}
	if got := set.BookIdentifier(); got != "urn:isbn:9780000000002" {
		t.Errorf("identifier = %q, want galley.toml's", got)
	}
}
