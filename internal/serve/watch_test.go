package serve

import (
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestServeFollowsTheBook edits what a book is made of beyond its
// directory's own files, a file in a subdirectory, the target of a link, a
// file galley.toml names before it exists, a file new in a new directory of
// static/, a picture before it exists and redrawn, and moves the whole manuscript away and back: every change
// reaches the pages.
func TestServeFollowsTheBook(t *testing.T) {
	root := t.TempDir()
	book := filepath.Join(root, "book")
	write := func(name, text string) {
		t.Helper()
		writeFile(t, filepath.Join(book, name), text)
	}
	write("galley.toml", `files = ["front.txt", "chapters/burrows.txt", "tunnels.txt"]`)
	write("front.txt", "Front\n=====\n\nThe front matter.\n")
	write("chapters/burrows.txt", "Burrows\n=======\n\nThe first draft.\n")
	write("drafts/tunnels.txt", "Tunnels\n=======\n\nThe linked draft.\n")
	write("static/CNAME", "book.example\n")
	if err := os.Symlink(filepath.Join("drafts", "tunnels.txt"), filepath.Join(book, "tunnels.txt")); err != nil {
		t.Skip("no symbolic links here:", err)
	}

	_, base := startServer(t, book, testParts())
	until, shows := followBuilds(t, base)
	serves := func(path, text string) func(bookState) bool {
		return func(bookState) bool {
			status, body := fetch(t, base+path)
			return status == http.StatusOK && body == text
		}
	}
	until("the first build", shows("/burrows/index.html", "The first draft."))

	write("chapters/burrows.txt", "Burrows\n=======\n\nThe second draft.\n")
	until("the edit in a subdirectory", shows("/burrows/index.html", "The second draft."))

	write("drafts/tunnels.txt", "Tunnels\n=======\n\nThe linked second draft.\n")
	until("the edit of a link's target", shows("/tunnels/index.html", "The linked second draft."))

	write("galley.toml", `files = ["front.txt", "chapters/burrows.txt", "tunnels.txt", "later/nests.txt"]`)
	until("the missing file's error", func(state bookState) bool {
		return slices.ContainsFunc(state.Diagnostics, func(d diagnosticJSON) bool { return strings.Contains(d.Message, "nests.txt") })
	})
	write("later/nests.txt", "Nests\n=====\n\nA chapter come late.\n")
	until("the missing file come", shows("/nests/index.html", "A chapter come late."))

	if err := os.Mkdir(filepath.Join(book, "static", "art"), 0o755); err != nil {
		t.Fatal(err)
	}
	write("static/art/ant.txt", "an ant")
	until("the static file new in a new directory", serves("/art/ant.txt", "an ant"))
	write("static/art/ant.txt", "an ant, redrawn")
	until("the static file edited", serves("/art/ant.txt", "an ant, redrawn"))

	away := filepath.Join(root, "away")
	if err := os.Rename(book, away); err != nil {
		t.Fatal(err)
	}
	until("the book gone", func(state bookState) bool { return len(state.Diagnostics) > 0 })
	if err := os.Rename(away, book); err != nil {
		t.Fatal(err)
	}
	until("the book back", func(state bookState) bool { return len(state.Diagnostics) == 0 })
	write("chapters/burrows.txt", "Burrows\n=======\n\nThe third draft.\n")
	until("the edit after the book came back", shows("/burrows/index.html", "The third draft."))
	write("later/nests.txt", "Nests\n=====\n\nA chapter edited.\n")
	until("the edit in the other subdirectory", shows("/nests/index.html", "A chapter edited."))

	write("chapters/burrows.txt", "Burrows\n=======\n\nThe mapped draft.\n\n\\image{art/map.svg}{A map of the burrows}\n")
	until("the missing picture's error", func(state bookState) bool {
		return slices.ContainsFunc(state.Diagnostics, func(d diagnosticJSON) bool { return strings.Contains(d.Message, "map.svg") })
	})
	// The site shows an SVG, which the PDF warns it cannot.
	setAt := func(width string) func(bookState) bool {
		return func(bookState) bool {
			_, body := fetch(t, base+"/burrows/index.html")
			return strings.Contains(body, `width="`+width+`"`)
		}
	}
	write("art/map.svg", `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"/>`)
	until("the missing picture come", setAt("120"))
	write("art/map.svg", `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"/>`)
	until("the picture redrawn", setAt("240"))
}

// TestServeThroughALink serves a book by a link to its directory: the
// directory, reached by two names, is watched once.
func TestServeThroughALink(t *testing.T) {
	root := t.TempDir()
	book := filepath.Join(root, "book")
	writeFile(t, filepath.Join(book, "burrows.txt"), "Burrows\n=======\n\nThe first draft.\n")
	link := filepath.Join(root, "link")
	if err := os.Symlink("book", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	_, base := startServer(t, link, testParts())
	until, shows := followBuilds(t, base)
	until("the first build", shows("/burrows/index.html", "The first draft."))
	writeFile(t, filepath.Join(book, "burrows.txt"), "Burrows\n=======\n\nThe second draft.\n")
	until("the edit", shows("/burrows/index.html", "The second draft."))
}

// followBuilds follows the builds of the server at base. until reads them
// until one satisfies done, since a change may take more than one build to
// show (one may read a file half-written) and builds may pass unseen;
// shows is done when a clean build's page holds text.
func followBuilds(t *testing.T, base string) (until func(what string, done func(bookState) bool), shows func(page, text string) func(bookState) bool) {
	events := getEvents(t, base)
	t.Cleanup(func() { events.Close() })
	next := eventReader(t, events)
	until = func(what string, done func(bookState) bool) {
		t.Helper()
		for state := next(); !done(state); state = next() {
			t.Logf("waiting for %s: build %d, %+v", what, state.Build, state.Diagnostics)
		}
	}
	shows = func(page, text string) func(bookState) bool {
		return func(state bookState) bool {
			_, body := fetch(t, base+page)
			return len(state.Diagnostics) == 0 && strings.Contains(body, text)
		}
	}
	return until, shows
}
