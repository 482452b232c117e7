package parser

import "testing"

// TestSlug pins anchors and form-field names: they are URLs and saved form
// keys, so they must not change from one version of galley to the next.
func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Speed": "speed", "Hit (Alt)": "hit-alt", "Wounds/Max": "wounds-max", "Max. Range": "max-range",
		"00%": "00", "-30%": "30", "Web Weaving": "web-weaving", "Pronouns: she/her/hers": "pronouns-she-her-hers",
		"": "section", "***": "section",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}
