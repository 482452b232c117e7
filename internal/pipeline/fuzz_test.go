package pipeline_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/galleyhq/galley/internal/pipeline/pipelinetest"
	"github.com/galleyhq/galley/internal/testbook"
)

// long has FuzzBook build every seed, as .ci/run asks; go test ./...
// builds a representative dozen (see representativeSeeds).
var long = flag.Bool("long", false, "FuzzBook: build every seed, not a representative dozen")

// FuzzBook reads a fuzzed manuscript, a galley.toml, a file of the markup,
// one of Markdown and a picture (written under each name a picture may
// have: PNG, JPEG, SVG), checks it and builds every part from it, as galley
// serve does whatever errors the book has: every reader (the markup's,
// Markdown's, the outline's, galley.toml's, the pictures') and every
// writer meet the same hostile book, and none of them may panic or fail.
// The seeds are the bundled book's files, the test books of every system
// and the checker's cases, so that the fuzzer starts from tables every
// check binds, each with a Markdown file and a picture that it shows.
// Built each, they take a third of a second a seed, 128 of them: a plain
// go test builds a representative dozen, and -long or fuzzing all of them.
func FuzzBook(f *testing.F) {
	seeds := bookSeeds(f)
	if fuzzing := flag.Lookup("test.fuzz"); !*long && (fuzzing == nil || fuzzing.Value.String() == "") {
		seeds = representativeSeeds(f, seeds)
	}
	pictures := pipelinetest.Pictures(f)
	for i, seed := range seeds {
		f.Add(seed.config, append(seed.text, markupPictures...), markdownSeed, pictures[i%len(pictures)])
	}
	// A cover picture, on a book for the press.
	f.Add([]byte("title = \"Pictures\"\ncover = \"art/pic.png\"\npress = true\n"), markupPictures, markdownSeed, pictures[0])
	f.Fuzz(func(t *testing.T, config, text, markdown, picture []byte) {
		files := map[string][]byte{"galley.toml": config, "book.txt": text, "more.md": markdown}
		for _, path := range pipelinetest.PicturePaths {
			files[path] = picture
		}
		pipelinetest.BuildAll(t, pipelinetest.Write(t, files))
	})
}

// markupPictures and markdownSeed show the fuzzed picture, under each of
// its names, in the markup and in Markdown.
var (
	markupPictures = []byte("\n\\image[50%]{art/pic.png}{A picture}\n\nFigure: The picture\n\n\\image{art/pic.svg}{A drawing}\n")
	markdownSeed   = []byte("# More\n\nA note[^1] &copy; `a\\b` <b>bold</b>.\n\n![A photograph](art/pic.jpg){width=40%}\n\nFigure: The photograph\n\n[^1]: The note.\n")
)

// bookSeed is a manuscript of one file, named by where it comes from.
type bookSeed struct {
	name         string
	config, text []byte
}

// representative are the seeds a plain go test builds, by name: the bundled
// book's chapters of sheets and class data, of the most tables, and its
// front matter and outline; a test book of each system, right and wrong,
// and the pictures' and the markup twin's; and checker cases of a
// generated table, a stat block and an outline misspelt.
var representative = []string{
	"manuscript/02-character.txt", "manuscript/08-combat.txt", "manuscript/00-front.txt",
	"books/fd100-wrong", "books/pool", "books/2d12-wrong", "books/trigger", "books/pictures", "books/twin-markup",
	"check/generate-wrong.txtar", "check/stat-block-short.txtar", "check/outline-misspelt.txtar",
}

// representativeSeeds returns the representative seeds among seeds; a name
// no seed has is the test's error, so that the dozen does not shrink unseen.
func representativeSeeds(tb testing.TB, seeds []bookSeed) []bookSeed {
	var chosen []bookSeed
	for _, name := range representative {
		i := slices.IndexFunc(seeds, func(s bookSeed) bool { return s.name == name })
		if i < 0 {
			tb.Fatalf("FuzzBook's representative seed %s is gone: choose another", name)
		}
		chosen = append(chosen, seeds[i])
	}
	return chosen
}

// bookSeeds returns FuzzBook's seeds: each file of the bundled book under the
// bundled galley.toml, each test book, and each of the checker's cases.
func bookSeeds(tb testing.TB) []bookSeed {
	tb.Helper()
	var seeds []bookSeed
	bundled, err := os.ReadFile(filepath.Join(testbook.Dir(), "galley.toml"))
	if err != nil {
		tb.Fatal(err)
	}
	// The bundled galley.toml lists the book's files last; a seed is one
	// of them alone.
	bundled, _, _ = bytes.Cut(bundled, []byte("\nfiles"))
	files, _ := filepath.Glob(filepath.Join(testbook.Dir(), "*.txt"))
	for _, file := range files {
		seeds = append(seeds, bookSeed{name: "manuscript/" + filepath.Base(file), config: bundled, text: readFile(tb, file)})
	}
	books, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "books", "*", "book.txt"))
	for _, book := range books {
		seeds = append(seeds, bookSeed{name: "books/" + filepath.Base(filepath.Dir(book)),
			config: readFile(tb, filepath.Join(filepath.Dir(book), "galley.toml")), text: readFile(tb, book)})
	}
	cases, _ := filepath.Glob(filepath.Join("..", "..", "rules", "check", "testdata", "*.txtar"))
	for _, file := range cases {
		archive, err := txtar.ParseFile(file)
		if err != nil {
			tb.Fatal(err)
		}
		seed := bookSeed{name: "check/" + filepath.Base(file)}
		for _, part := range archive.Files {
			switch part.Name {
			case "galley.toml":
				seed.config = part.Data
			case "book.txt":
				seed.text = part.Data
			}
		}
		seeds = append(seeds, seed)
	}
	if len(seeds) == 0 {
		tb.Fatal("no seeds")
	}
	return seeds
}

func readFile(tb testing.TB, path string) []byte {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}
