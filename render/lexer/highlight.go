package lexer

import (
	"embed"
	"io/fs"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
)

// languageFiles are the chroma lexers of the languages galley highlights
// besides its markup, as chroma defines them (languages/COPYING is their
// licence): bash, C, C++, CSS, diff, HTML, INI, Java, JavaScript, JSON,
// Lua, Python, Ruby, Rust, SQL, TOML, TypeScript, XML and YAML, what a
// rulebook's code is written in (its data, a virtual tabletop's scripts,
// a character sheet's HTML). chroma's lexers package holds 279 and reads
// every one as a galley command starts, 15 ms of CPU on each, roll and
// odds included, where a book with code needs a few.
//
//go:embed languages/*.xml
var languageFiles embed.FS

// languages is the registry of languageFiles' lexers, read the first time
// a book's code is highlighted.
var languages = sync.OnceValue(func() *chroma.LexerRegistry {
	registry := chroma.NewLexerRegistry()
	paths, _ := fs.Glob(languageFiles, "languages/*.xml")
	for _, path := range paths {
		registry.Register(chroma.MustNewXMLLexer(languageFiles, path))
	}
	return registry
})

// Span is a run of highlighted source: its text and the class a stylesheet
// colours it by, "" for text left plain.
type Span struct {
	Class string
	Text  string
}

// Highlight splits text, written in language, into spans, as Hugo
// highlights a fenced code block: language is what a Markdown fence or the
// markup's \begin{nolayout}[LANGUAGE] names, a name or alias chroma knows
// ("lua", "py", "toml": see languageFiles) or "galley" for the markup itself. ok is false
// when galley has no lexer for language, whose text is then printed plain.
//
// The classes are few and stable, so that one stylesheet colours every
// language in the site's light and dark themes alike: "k" keywords, "c"
// comments, "s" strings, "m" numbers and dice, "n" names that stand out (tags,
// functions, builtins, attributes), "gh" headings, "ge" emphasis and "gs"
// strong text.
func Highlight(language, text string) (spans []Span, ok bool) {
	lexer := lookup(language)
	if lexer == nil {
		return nil, false
	}
	tokens, err := lexer.Tokenise(nil, text)
	if err != nil {
		return nil, false
	}
	for token := tokens(); token != chroma.EOF; token = tokens() {
		if token.Value == "" { // an optional group that matched nothing
			continue
		}
		class := classOf(token.Type)
		if n := len(spans); n > 0 && spans[n-1].Class == class {
			spans[n-1].Text += token.Value
			continue
		}
		spans = append(spans, Span{Class: class, Text: token.Value})
	}
	// chroma ends what it lexes with a line end the source may not have.
	if n := len(spans); n > 0 && !strings.HasSuffix(text, "\n") {
		spans[n-1].Text = strings.TrimSuffix(spans[n-1].Text, "\n")
		if spans[n-1].Text == "" {
			spans = spans[:n-1]
		}
	}
	return spans, true
}

// lookup returns the lexer for language, nil for none: the markup's own
// for its names, else chroma's by name, alias or file extension.
func lookup(language string) chroma.Lexer {
	language = strings.ToLower(strings.TrimSpace(language))
	if language == "" {
		return nil
	}
	for _, alias := range append([]string{Markup.Config().Name}, Markup.Config().Aliases...) {
		if language == alias {
			return Markup
		}
	}
	lexer := languages().Get(language)
	if lexer == nil {
		return nil
	}
	return chroma.Coalesce(lexer)
}

// classOf is the class of a token of type t, by its category (see
// Highlight).
func classOf(t chroma.TokenType) string {
	switch {
	case t.InCategory(chroma.Keyword):
		return "k"
	case t.InCategory(chroma.Comment):
		return "c"
	case t.InSubCategory(chroma.LiteralString):
		return "s"
	case t.InSubCategory(chroma.LiteralNumber):
		return "m"
	case t == chroma.NameTag || t == chroma.NameFunction || t == chroma.NameBuiltin || t == chroma.NameClass ||
		t == chroma.NameAttribute || t == chroma.NameEntity || t == chroma.NameLabel || t == chroma.NameDecorator:
		return "n"
	case t == chroma.GenericHeading || t == chroma.GenericSubheading:
		return "gh"
	case t == chroma.GenericEmph:
		return "ge"
	case t == chroma.GenericStrong:
		return "gs"
	}
	return ""
}
