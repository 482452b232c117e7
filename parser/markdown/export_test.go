package markdown

import (
	"bytes"
	"testing"

	"github.com/galleyhq/galley/parser/internal/readertest"
)

// What FuzzMarkdown, in package markdown_test so that it can build the
// whole book, asks of the reader's own tests.

// SeedPath is the seed manuscript written in Markdown.
var SeedPath = markdownSeedPath

// CheckReading fails t when the reader's tree of src is unsound (see
// readertest.CheckTree), or differs when read in chunks, without the
// reader's shortcut through plain text, or with goldmark's own footnotes.
func CheckReading(t *testing.T, src []byte) {
	doc, diags := parse("fuzz.md", src)
	readertest.CheckTree(t, src, doc, diags)
	readsAsOne(t, src)
	readsAsGoldmark(t, src)
	if bytes.Contains(src, []byte("[^")) {
		footnotesAsGoldmark(t, src)
	}
}
