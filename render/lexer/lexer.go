// Package lexer is a chroma lexer for galley's rulebook markup. It colours
// the source lines quoted in diagnostics and the markup examples on the site.
package lexer

import (
	"github.com/alecthomas/chroma/v2"
)

// Markup lexes galley markup. It works line by line, as the markup does, so
// that a single line quoted out of its file still colours correctly.
var Markup = chroma.MustNewLexer(
	&chroma.Config{
		Name:      "galley",
		Aliases:   []string{"galley", "rulebook"},
		Filenames: []string{"*.txt"},
	},
	func() chroma.Rules {
		return chroma.Rules{
			"root": {
				{Pattern: `(?m)^%.*$`, Type: chroma.CommentSingle},
				{Pattern: `(?m)^\s*(/\*|\*/)\s*$`, Type: chroma.CommentMultiline},
				{Pattern: `(\\(?:begin|end))(\{)([^}\n]*)(\})(\[[^\n]*\])?`,
					Type: chroma.ByGroups(chroma.Keyword, chroma.Punctuation, chroma.NameTag, chroma.Punctuation, chroma.NameAttribute)},
				{Pattern: `(\\[A-Za-z]+)(\[[^\]\n]*\])?`, Type: chroma.ByGroups(chroma.Keyword, chroma.NameAttribute)},
				{Pattern: `(?m)^\s*(?:={3,}|-{3,})\s*$`, Type: chroma.GenericHeading},
				{Pattern: `[\x{2500}-\x{25FF}]+`, Type: chroma.NameEntity},
				{Pattern: `(?m)^_[^_\n]+_`, Type: chroma.GenericStrong},
				{Pattern: `\*[^*\s][^*\n]*\*`, Type: chroma.GenericEmph},
				{Pattern: `\b(?:Rules Summar(?:y|ies)|Tables?|Figures?|Examples?|Notes?) \d+`, Type: chroma.NameLabel},
				{Pattern: `"[^"\n]*"`, Type: chroma.LiteralStringDouble},
				{Pattern: `\b\d*d\d+(?:[kd][hl]\d+)?\b`, Type: chroma.LiteralNumber},
				{Pattern: `&`, Type: chroma.Operator},
				{Pattern: `[¹²³⁴-⁹⁰]+`, Type: chroma.LiteralNumber},
				{Pattern: `[^\\\x{2500}-\x{25FF}_*"&¹²³⁴-⁹⁰A-Za-z0-9=%/\n-]+|[A-Za-z0-9]+|.|\n`, Type: chroma.Text},
			},
		}
	},
)
