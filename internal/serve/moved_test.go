package serve

import (
	"maps"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// TestMoves holds where a page taken away by a build goes: to the one new
// page of its folder, or the one new page of its name in another folder,
// or else to the nearest page there is.
func TestMoves(t *testing.T) {
	set := func(pages ...string) map[string]bool {
		m := map[string]bool{}
		for _, p := range pages {
			m[p] = true
		}
		return m
	}
	for _, tt := range []struct {
		name          string
		before, after map[string]bool
		want          map[string]string
	}{
		{"a section renamed", set("/index.html", "/a/index.html", "/a/old.html"), set("/index.html", "/a/index.html", "/a/new.html"), map[string]string{"/a/old.html": "/a/new.html"}},
		{"a chapter renamed", set("/index.html", "/a/index.html", "/a/s.html"), set("/index.html", "/b/index.html", "/b/s.html"), map[string]string{"/a/index.html": "/b/index.html", "/a/s.html": "/b/s.html"}},
		{"a section removed", set("/index.html", "/a/index.html", "/a/s.html"), set("/index.html", "/a/index.html"), map[string]string{"/a/s.html": "/a/index.html"}},
		{"two sections renamed at once", set("/index.html", "/a/s.html", "/a/t.html"), set("/index.html", "/a/u.html", "/a/v.html"), map[string]string{"/a/s.html": "/index.html", "/a/t.html": "/index.html"}},
		{"nothing moved", set("/index.html", "/a/s.html"), set("/index.html", "/a/s.html"), map[string]string{}},
	} {
		if got := moves(tt.before, tt.after); !maps.Equal(got, tt.want) {
			t.Errorf("%s: moves %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestServeFollowsRename holds that renaming the heading of a page tells
// the pages where it went, that the old address answers a page that keeps
// listening for builds, not a bare "404 page not found", and that undoing
// the edit brings the address back.
func TestServeFollowsRename(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "book.txt")
	writeFile(t, book, "Burrows\n=======\n\nDigging.\n\nTunnels\n-------\n\nLong ones.\n")
	_, base := startServer(t, dir, testParts())
	events := getEvents(t, base)
	defer events.Close()
	next := eventReader(t, events)
	if first := next(); len(first.Moved) != 0 {
		t.Fatalf("the first build moved %v", first.Moved)
	}
	get(t, base+"/burrows/tunnels.html")

	writeFile(t, book, "Burrows\n=======\n\nDigging.\n\nShafts\n------\n\nLong ones.\n")
	renamed := next()
	if to := renamed.Moved["/burrows/tunnels.html"]; to != "/burrows/shafts.html" {
		t.Errorf("after the rename, the pages hear that tunnels.html moved to %q (%v), want /burrows/shafts.html", to, renamed.Moved)
	}
	status, page := fetch(t, base+"/burrows/tunnels.html")
	if status != http.StatusNotFound || !strings.Contains(page, liveReloadTag) {
		t.Errorf("the old address answers %d without the live-reload script:\n%s", status, page)
	}

	writeFile(t, book, "Burrows\n=======\n\nDigging.\n\nTunnels\n-------\n\nLong ones.\n")
	undone := next()
	if to, ok := undone.Moved["/burrows/tunnels.html"]; ok {
		t.Errorf("after the edit is undone, tunnels.html is still said to have moved, to %s", to)
	}
	if to := undone.Moved["/burrows/shafts.html"]; to != "/burrows/tunnels.html" {
		t.Errorf("after the edit is undone, shafts.html moved to %q, want back to /burrows/tunnels.html", to)
	}
	get(t, base+"/burrows/tunnels.html")
}
