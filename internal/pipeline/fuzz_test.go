package pipeline

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/render/html"
)

// long has FuzzBook build every seed, as .ci/run asks; go test ./...
// builds a representative dozen (see representativeSeeds).
var long = flag.Bool("long", false, "FuzzBook: build every seed, not a representative dozen")

// FuzzBook reads a fuzzed manuscript, a galley.toml and one file of markup,
// checks it and builds every part from it, as galley serve does whatever
// errors the book has: the parser, the checker and every writer meet the
// same hostile book, and none of them may panic or fail. The seeds are the bundled
// book's files, the test books of every system and the checker's cases, so
// that the fuzzer starts from tables every check binds. Built each, they
// take a third of a second a seed, 128 of them: a plain go test builds a
// representative dozen, and -long or fuzzing all of them.
func FuzzBook(f *testing.F) {
	seeds := bookSeeds(f)
	if fuzzing := flag.Lookup("test.fuzz"); !*long && (fuzzing == nil || fuzzing.Value.String() == "") {
		seeds = representativeSeeds(f, seeds)
	}
	for _, seed := range seeds {
		f.Add(seed.config, seed.text)
	}
	parts := fuzzParts()
	f.Fuzz(func(t *testing.T, config, text []byte) {
		dir := t.TempDir()
		manuscript := filepath.Join(dir, "manuscript")
		if err := os.Mkdir(manuscript, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(manuscript, "galley.toml"), config, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(manuscript, "book.txt"), text, 0o644); err != nil {
			t.Fatal(err)
		}
		book, err := Load(t.Context(), Options{Path: manuscript})
		if err != nil {
			return // nothing galley could read: the CLI's exit 2
		}
		// Every part can be written whatever errors the book has, as
		// galley build --allow-errors and galley serve write them.
		if _, err := Build(t.Context(), book, BuildOptions{Out: filepath.Join(dir, "public"), Parts: parts}); err != nil {
			t.Fatal(err)
		}
	})
}

// fuzzParts are every part galley build writes, but that the site's dice
// roller is a stub: compiling the engine to WebAssembly, and copying it into
// every site, would cost each fuzzing process seconds and each input
// megabytes, and the roller's own test compiles it.
func fuzzParts() []Part {
	parts := slices.Clone(Parts)
	for i, part := range parts {
		if part.Name != "html" {
			continue
		}
		parts[i].Write = func(ctx context.Context, book *Book, dir string) (Written, error) {
			_, err := html.WriteSite(ctx, book.Doc, book.Sheets, dir, html.SiteOptions{Roller: stubRoller, Proof: book.Proof()})
			return Written{}, err
		}
	}
	return parts
}

func stubRoller(context.Context) (*html.Roller, error) {
	return &html.Roller{Wasm: []byte("\x00asm stub"), Exec: []byte("// wasm_exec.js stub\n")}, nil
}

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
