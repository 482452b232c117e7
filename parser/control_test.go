package parser

import (
	"strings"
	"testing"
)

// TestControlCharacters checks that each line holding a control character
// gets one warning at the first, naming it and counting the rest, and that
// line endings and tabs are not control characters.
func TestControlCharacters(t *testing.T) {
	tests := []struct {
		name, line string
		want       string // "col message-part", or "" for no warning
	}{
		{"osc link", "Hello \x1b]8;;http://x\x07world\x1b]8;;\x07.", `7 \x1b in the text`},
		{"counts the rest", "a\x07b\x07c", `2 \x07 in the text: it prints as nothing, and on a terminal it can move the cursor or change the window; delete it (and 1 more on this line)`},
		{"c1 csi", "é \u009b2J", `3 \u009b`},
		{"delete", "x\x7f", `2 \x7f`},
		{"carriage return inside a line", "Lone \r return.", `6 \x0d`},
		{"crlf", "Fine.\r", ""},
		{"tab", "a\tb", ""},
		{"no-break space", "a\u00a0b", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := Parse("input.txt", []byte(tt.line+"\n"))
			var got []string
			for _, d := range diags {
				if d.Code == "text/control" {
					got = append(got, d.Pos.String()+" "+d.Message)
				}
			}
			if tt.want == "" {
				if len(got) != 0 {
					t.Fatalf("got %q, want no warning", got)
				}
				return
			}
			col, msg, _ := strings.Cut(tt.want, " ")
			if len(got) != 1 || !strings.HasPrefix(got[0], "input.txt:1:"+col+" ") || !strings.Contains(got[0], msg) {
				t.Fatalf("got %q, want one warning at 1:%s containing %q", got, col, msg)
			}
		})
	}
}
