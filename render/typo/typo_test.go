package typo

import (
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser/ast"
)

func TestSet(t *testing.T) {
	for _, tc := range []struct {
		name, before, text, after, want string
	}{
		// Quotes.
		{"double quotes", "", `the "System" Chapter`, "", "the “System” Chapter"},
		{"quote at the start", "", `"ME! MINE!" is most`, "", "“ME! MINE!” is most"},
		{"quote after a bracket", "", `("beats")`, "", "(“beats”)"},
		{"quote after punctuation", "", `"Soldier."`, "", "“Soldier.”"},
		{"single quotes", "", `'Hello', she said`, "", "‘Hello’, she said"},
		{"nested quotes", "", `"'Wasp'"`, "", "“‘Wasp’”"},
		{"apostrophe in a word", "", "ma'am, don't", "", "ma’am, don’t"},
		{"apostrophe at a word's end", "", "the players' eyes", "", "the players’ eyes"},
		{"elision before a digit", "", "the '90s", "", "the ’90s"},
		{"lone marks stay", "", `a " b ' c`, "", `a " b ' c`},
		{"quote before emphasis", "", `"`, "Fuzzy", "“"},
		{"quote after emphasis", "Fuzzy", `" roll`, "", "” roll"},
		{"apostrophe after a piece", "Cody", "'s turn", "", "’s turn"},
		{"quote after a set apostrophe", "players’", `" said`, "", "” said"},
		{"quote at a paragraph's end", "", `say "`, "", `say "`},

		// Dashes.
		{"spaced hyphen between words", "", "Special Rule - Self-Sacrificing", "", "Special Rule — Self-Sacrificing"},
		{"spaced hyphen across pieces", "Fuzzy", " - the", "", " — the"},
		{"spaced hyphen as a piece", "word ", "-", " next", "—"},
		{"spaced hyphen between numbers", "", "rated 0 - 10", "", "rated 0 – 10"},
		{"spaced hyphen in a sum", "", "11 - Level and Level - 5", "", "11 − Level and Level − 5"},
		{"number range", "", "0-1 and 14-16", "", "0–1 and 14–16"},
		{"reference range", "", "Rules Summaries 14-16", "", "Rules Summaries\u00a014–16"},
		{"range of ranges", "", "1-2-3", "", "1–2–3"},
		{"die range", "", "d4-d8", "", "d4–d8"},
		{"die range across pieces", "d4", "-", "d8", "–"},
		{"number range across pieces", "from 1", "-", "3 on", "–"},
		{"hyphenated word", "", "Self-Sacrificing, well-fed", "", "Self-Sacrificing, well-fed"},
		{"negative modifier", "", "-10% and +2/-2", "", "-10% and +2/-2"},
		{"dice constant", "", "1d6-1 and 2d12-2", "", "1d6-1 and 2d12-2"},
		{"dice constant across pieces", "1d6", "-1", "", "-1"},
		{"die with a count", "", "1d6-d4", "", "1d6-d4"},
		{"number after letters", "", "A4-5", "", "A4-5"},
		{"number before a die", "", "1-2d6", "", "1-2d6"},
		{"sign after a space", "", "roll -4 or less", "", "roll -4 or less"},
		{"hyphen at the edges", "", "- a -", "", "- a -"},
		{"double hyphen", "", "a -- b", "", "a -- b"},

		// Ellipses.
		{"ellipsis", "", "...is racked; 0,1,...,19", "", "…is racked; 0,1,…,19"},
		{"leader of dots", "", "Smarts....: and .....", "", "Smarts....: and ....."},
		{"dots across pieces", "a.", "..", "", ".."},
		{"ellipsis before a piece", "", "...", "x", "…"},

		// Ties.
		{"label and number", "", "see Table 5 and Example 3.", "", "see Table\u00a05 and Example\u00a03."},
		{"label and section number", "", "Section 3.5 of Rules Summaries 14-16", "", "Section\u00a03.5 of Rules Summaries\u00a014–16"},
		{"page", "", "(p. 12, pp. 14-16)", "", "(p.\u00a012, pp.\u00a014–16)"},
		{"p. after a word", "", "up. 12", "", "up. 12"},
		{"number and unit", "", "24 hours, 30 ft, 6 rounds", "", "24\u00a0hours, 30\u00a0ft, 6\u00a0rounds"},
		{"number and percent", "", "rated 10 % or more", "", "rated 10\u00a0% or more"},
		{"label across pieces", "see Table", " ", "5", "\u00a0"},
		{"unit across pieces", "for 24", " hours", "", "\u00a0hours"},
		{"no unit", "", "1 in 6, 2 Wounds, Level 3a", "", "1 in 6, 2 Wounds, Level\u00a03a"},
		{"lower-case label", "", "the table 5 lists", "", "the table 5 lists"},

		// Nothing to do.
		{"empty", "", "", "", ""},
		{"plain", "", "A roll lower than Effort.", "", "A roll lower than Effort."},
		{"already set", "", "“Fuzzy” – ’90s — …", "", "“Fuzzy” – ’90s — …"},
	} {
		if got := Set(tc.text, tc.before, tc.after); got != tc.want {
			t.Errorf("%s: Set(%q, %q, %q) = %q, want %q", tc.name, tc.text, tc.before, tc.after, got, tc.want)
		}
	}
}

// TestProse sets a paragraph as a writer does, piece by piece around its
// emphasis, dice and references.
func TestProse(t *testing.T) {
	text := func(s string) ast.Inline { return &ast.Text{Text: s} }
	paragraph := []ast.Inline{
		text(`"`),
		&ast.Emphasis{Inlines: []ast.Inline{text("Fuzzy")}},
		text(`" rolls a `),
		&ast.Dice{Expr: "d4"},
		text("-"),
		&ast.Dice{Expr: "d8"},
		text(" - see "),
		&ast.Ref{Text: `Section "Decile dice"`},
		text("'s table"),
	}
	var b strings.Builder
	var prose Prose
	var write func(ins []ast.Inline, outer string)
	write = func(ins []ast.Inline, outer string) {
		for i, in := range ins {
			after := After(ins[i+1:], outer)
			switch n := in.(type) {
			case *ast.Text:
				b.WriteString(prose.Text(n.Text, after))
			case *ast.Emphasis:
				write(n.Inlines, after)
			case *ast.Dice:
				b.WriteString(n.Expr)
				prose.Pass(n.Expr)
			case *ast.Ref:
				b.WriteString(prose.Text(n.Text, after))
			}
		}
	}
	write(paragraph, "")
	if got, want := b.String(), "“Fuzzy” rolls a d4–d8 — see Section “Decile dice”’s table"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestSetAllocatesNothingToChangeNothing(t *testing.T) {
	text := "A roll equal to or higher than Resistance beats it; Self-Sacrificing, -10%."
	if n := testing.AllocsPerRun(10, func() { Set(text, "", "") }); n != 0 {
		t.Errorf("Set allocates %v times on text it leaves", n)
	}
}

// ascii undoes Set: the marks it prints back into what they stand for.
var ascii = strings.NewReplacer("“", `"`, "”", `"`, "‘", "'", "’", "'", "–", "-", "—", "-", "−", "-", "…", "...")

// FuzzSet checks that Set changes nothing but punctuation, each mark for
// what it stands for, and that setting its result again changes nothing.
func FuzzSet(f *testing.F) {
	for _, seed := range []string{
		`"Fuzzy" - the players' 0-1 d4-d8 1d6-1 -10% ...`,
		`a'" x`, `'" x`, "1-2...", "....", `(“'90s”)`, "é5-6", "d4", "-",
	} {
		f.Add(seed, "", "")
		f.Add(seed, "d4", "d8")
	}
	f.Fuzz(func(t *testing.T, text, before, after string) {
		set := Set(text, before, after)
		if ascii.Replace(set) != ascii.Replace(text) {
			t.Fatalf("Set(%q, %q, %q) = %q changes more than punctuation", text, before, after, set)
		}
		if again := Set(set, before, after); again != set {
			t.Fatalf("Set(%q, %q, %q) = %q, set again %q", text, before, after, set, again)
		}
	})
}

// TestMayTie holds mayTie, which reads a text for its digits, to what it
// answers: whether some space of the text is at either end, beside a digit
// or before a "%". Every text of up to six of a few characters is tried.
func TestMayTie(t *testing.T) {
	spaceTies := func(text string) bool {
		for i := 0; i < len(text); i++ {
			if text[i] == ' ' && (i == 0 || i == len(text)-1 || isDigit(rune(text[i-1])) || isDigit(rune(text[i+1])) || text[i+1] == '%') {
				return true
			}
		}
		return false
	}
	const alphabet = " 7%a."
	var try func(text string)
	try = func(text string) {
		if got, want := mayTie(text), spaceTies(text); got != want {
			t.Errorf("mayTie(%q) = %v, want %v", text, got, want)
		}
		if len(text) < 6 {
			for _, c := range alphabet {
				try(text + string(c))
			}
		}
	}
	try("")
}
