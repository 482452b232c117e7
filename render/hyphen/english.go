package hyphen

import (
	_ "embed"
	"sync"
)

var (
	//go:embed patterns/hyph-en-us.pat.txt
	englishUSPatterns string
	//go:embed patterns/hyph-en-us.hyp.txt
	englishUSExceptions string
)

// englishUS builds the American English Hyphenator on first use, so that the
// galley commands that set no text do not pay for it.
var englishUS = sync.OnceValue(func() *Hyphenator {
	h, err := New(englishUSPatterns, englishUSExceptions, 2, 3)
	if err != nil {
		panic("hyphen: the embedded en-US patterns: " + err.Error()) // the tests load them
	}
	return h
})

// EnglishUS returns the Hyphenator for American English: the hyph-en-us
// patterns and exceptions, with the minimums they are published with (two
// letters before a hyphen, three after), as TeX uses them. It is built on the
// first call and shared.
func EnglishUS() *Hyphenator {
	return englishUS()
}
