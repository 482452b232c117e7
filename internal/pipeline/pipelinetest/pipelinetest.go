// Package pipelinetest builds a book whole, as galley build --allow-errors
// and galley serve do whatever errors it has, for the fuzzers that feed a
// hostile book to every reader and every writer: FuzzBook, a galley.toml
// with a file of the markup, one of Markdown and a picture, and
// FuzzMarkdown, a Markdown file.
package pipelinetest

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/galleyhq/galley/internal/pipeline"
	"github.com/galleyhq/galley/render/html"
)

// PicturePaths are where a fuzzed book's picture is written, under each
// name a reader may give it: the fuzzers' seeds show each, and a fuzzed
// picture is read as each format.
var PicturePaths = []string{"art/pic.png", "art/pic.jpg", "art/pic.svg"}

// Pictures returns seeds of a picture: a PNG with an alpha channel, a
// JPEG and an SVG, each a few pixels.
func Pictures(tb testing.TB) [][]byte {
	tb.Helper()
	m := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	for i := range m.Pix {
		m.Pix[i] = byte(i * 37)
	}
	m.Set(0, 0, color.NRGBA{200, 10, 10, 128})
	var p, j bytes.Buffer
	if err := png.Encode(&p, m); err != nil {
		tb.Fatal(err)
	}
	if err := jpeg.Encode(&j, m, nil); err != nil {
		tb.Fatal(err)
	}
	svg := `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20" onload="x()"><script>x</script><a xlink:href="#c"><circle id="c" r="5" fill="url(#g)"/></a></svg>`
	return [][]byte{p.Bytes(), j.Bytes(), []byte(svg)}
}

// Write writes files, by path relative to it, into a new manuscript
// directory and returns its path.
func Write(tb testing.TB, files map[string][]byte) string {
	tb.Helper()
	dir := filepath.Join(tb.TempDir(), "manuscript")
	for name, data := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// BuildAll reads the manuscript at path, checks it and writes every part
// of it into a new directory, failing tb if any part fails or panics. A
// manuscript galley cannot read at all is no failure: that is the CLI's
// exit 2, not a bug.
func BuildAll(tb testing.TB, path string) {
	tb.Helper()
	book, err := pipeline.Load(context.Background(), pipeline.Options{Path: path})
	if err != nil {
		return
	}
	out := filepath.Join(tb.TempDir(), "public")
	if _, err := pipeline.Build(context.Background(), book, pipeline.BuildOptions{Out: out, Parts: Parts()}); err != nil {
		tb.Fatal(err)
	}
}

// Parts are every part galley build writes, but that the site's dice
// roller is a stub: compiling the engine to WebAssembly, and copying it into
// every site, would cost each fuzzing process seconds and each input
// megabytes, and the roller's own test compiles it.
func Parts() []pipeline.Part {
	parts := slices.Clone(pipeline.Parts)
	for i, part := range parts {
		if part.Name != "html" {
			continue
		}
		parts[i].Write = func(ctx context.Context, book *pipeline.Book, dir string) (pipeline.Written, error) {
			_, err := html.WriteSite(ctx, book.Doc, book.Sheets, dir, html.SiteOptions{Roller: stubRoller, Proof: book.Proof()})
			return pipeline.Written{}, err
		}
	}
	return parts
}

func stubRoller(context.Context) (*html.Roller, error) {
	return &html.Roller{Wasm: []byte("\x00asm stub"), Exec: []byte("// wasm_exec.js stub\n")}, nil
}
