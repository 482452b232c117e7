package markdown_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/pipeline/pipelinetest"
	"github.com/galleyhq/galley/parser/internal/readertest"
	"github.com/galleyhq/galley/parser/markdown"
)

// long has FuzzMarkdown build every seed into every part, as .ci/run
// asks; go test ./... builds some (see FuzzMarkdown) and reads the rest.
var long = flag.Bool("long", false, "FuzzMarkdown: build every seed into every part, not the golden cases, the seed manuscript, the pictures and the fuzzer's finds alone")

// FuzzMarkdown is FuzzParse for the Markdown reader, from the Markdown
// golden cases, the 2d12 seed, which is Markdown, and shapes of broken
// Homebrewery and galley constructs and of pictures. Each input must read
// soundly (see markdown.CheckReading) and then build into every part, as
// galley build --allow-errors writes it, its pictures (a PNG, a JPEG and
// an SVG beside it) included: the Markdown reader's tree meets every
// writer. Built each, the shapes of broken constructs take most of the
// test's time: go test ./... reads them all soundly and builds the rest
// of the seeds (the golden cases, the seed manuscript, the pictures' and
// the HTML's shapes and the fuzzer's finds in testdata), and -long or
// fuzzing builds every one.
func FuzzMarkdown(f *testing.F) {
	for _, src := range readertest.CaseInputs(f, "input.md", "../testdata/markdown") {
		f.Add(src)
	}
	if src, err := os.ReadFile(markdown.SeedPath); err == nil {
		f.Add(src)
	}
	// readOnly are the seeds go test ./... reads and does not build.
	readOnly := map[string]bool{}
	for _, s := range []string{
		"{{note\n{{monster\n}}", "}}\n{{", "{{monster,frame\n## \n___\n**A** ::\n**\n- **B**\n- **C.** x\n### \n}}",
		"{{monster\n**A** :: 1 **B** 2\n**C**\n> **D** 3\n\n| X |\n|---|\n| 1 |\n}}", "{{wide,monster\n{{monster\n## a\n}}\n}}", "\\begin{box}[\n\\end{box}", "> {{note\n> x\n}}",
		"| a |\n|---|\n| b |\nTable 1:", "```charsheet\nx\n```", "```charsheet wasp\nSpeed 75%\n[Attack\n```",
		"\\odds{", "\\page\n\\column\n\\newpage[x]", "[^1]\n\n[^1]: ", "a -- b --- c ...", "- a\n  1. b\n     > c",
		"Term\n: definition", "<div>\n", "\xff\r\n# \x1b", "\\claim{mean 2d12}{13}[^x]", "* \\claim{",
		strings.Repeat(">", 40) + " x\n>", strings.Repeat("- > 1. ", 20) + "x", strings.Repeat("[a](", 40), strings.Repeat("[", 40) + "a]",
		strings.Repeat("[a]: /u\n", 70) + "[b]: /v\n'title'\n" + strings.Repeat("[c]: /w \"t\"\n", 70) + "[d]:\n/x\ntext [a] [c]",
	} {
		f.Add([]byte(s))
		readOnly[s] = true
	}
	for _, s := range []string{
		"# Pictures\n\n![A photograph](art/pic.jpg){width=40%}\n\nFigure: The photograph\n\n![A map](art/pic.png \"Map\")\n\n![](art/pic.svg)\n",
		"#\n\n## <span>x</span>\n\nA &copy; &#8212; &#0; `a\\b` <b>c</b> <!-- d -->\n\n| &amp; | \\&copy; |\n|---|---|\n| x | y |\n",
	} {
		f.Add([]byte(s))
	}
	if fuzzing := flag.Lookup("test.fuzz"); *long || fuzzing != nil && fuzzing.Value.String() != "" {
		clear(readOnly)
	}
	pictures := pipelinetest.Pictures(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		markdown.CheckReading(t, src)
		if readOnly[string(src)] {
			return
		}
		files := map[string][]byte{"book.md": src}
		for i, path := range pipelinetest.PicturePaths {
			files[path] = pictures[i]
		}
		pipelinetest.BuildAll(t, pipelinetest.Write(t, files))
	})
}

// FuzzStatBlock reads its input inside a Homebrewery monster block, as a
// stat block, which FuzzMarkdown's builds of every part reach only
// slowly: each must read soundly (see markdown.CheckReading), its rating
// lines and the attacks its art draws placed in the input.
func FuzzStatBlock(f *testing.F) {
	for _, s := range []string{
		"## Pit Toad\n*beast*\n___\n**Armor Class** :: 12\n**Speed** 20 ft.\n___\n| STR | DEX |\n|---|---|\n| 1 | 2 |\n",
		"- **Senses** dark\n- **Challenge** 1/2\n\n***Bite.*** It bites.\n\n### Actions\n",
		"**A** :: **B** ::\n**C**\n**D.** x\n**E** `F` [^1]\n\n[^1]: n",
		"| Feature | Rating |\n|---|---|\n| Initiative | 35% |\n\n    ┌[Base Attack]──┐\n    │ Name:....Bite │\n    └───────────────┘\n",
		"```\n┌[A]─┐┌[B]─┐\n│ N:..x ││ M:.. │\n└────┘\n```\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		block := append([]byte("{{monster,frame\n"), src...)
		markdown.CheckReading(t, append(block, "\n}}\n"...))
	})
}
