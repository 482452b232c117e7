package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/galleyhq/galley/internal/pipeline"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/html"
)

// TestServe starts galley serve's server on a free port, follows the event
// stream a page listens to, and edits the manuscript: each edit brings a new
// build, the pages carry the live-reload script and the new text, the
// index lists the prints once they are written, and a mistake in the book
// arrives as a diagnostic with its place.
func TestServe(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "book.txt")
	write := func(text string) {
		t.Helper()
		writeFile(t, book, text)
	}
	write("Burrows\n=======\n\nThe first draft.\n")

	s, base := startServer(t, dir, testParts())

	events := getEvents(t, base)
	defer events.Close()
	next := eventReader(t, events)

	first := next()
	if first.Build != 1 || len(first.Diagnostics) != 0 {
		t.Fatalf("first event %+v, want build 1 of a clean book", first)
	}
	page := get(t, base+"/burrows/index.html")
	if !strings.Contains(page, liveReloadTag) || !strings.Contains(page, "The first draft.") {
		t.Errorf("the chapter's page lacks the live-reload script or its text:\n%s", page)
	}
	if index := get(t, base+"/"); !strings.Contains(index, liveReloadTag) {
		t.Error("the index, served as /, lacks the live-reload script")
	}
	if script := get(t, base+"/_galley/livereload.js"); !strings.Contains(script, "EventSource") {
		t.Error("/_galley/livereload.js is not the live-reload script")
	}
	// Assets come from the browser's cache while their content stays.
	css, err := http.Get(base + "/assets/site.css")
	if err != nil {
		t.Fatal(err)
	}
	css.Body.Close()
	etag := css.Header.Get("ETag")
	if css.StatusCode != http.StatusOK || etag == "" || css.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("site.css: %d, ETag %q, Cache-Control %q; want 200 with an ETag, revalidated", css.StatusCode, etag, css.Header.Get("Cache-Control"))
	}
	again, err := http.NewRequest("GET", base+"/assets/site.css", nil)
	if err != nil {
		t.Fatal(err)
	}
	again.Header.Set("If-None-Match", etag)
	resp, err := http.DefaultClient.Do(again)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotModified {
		t.Fatalf("site.css asked again with its ETag: %s, want 304", resp.Status)
	}
	// The prints follow the site.
	s.waitPrints()
	if text := get(t, base+"/book.txt"); text != "The first draft.\n" {
		t.Errorf("/book.txt is %q, want the print of the first draft", text)
	}
	// and the index lists them, as the built site's does.
	if index := get(t, base+"/"); !strings.Contains(index, `<a href="book.txt">ASCII</a> (17 bytes)`) {
		t.Errorf("the index lacks the ASCII book among its downloads:\n%s", index)
	}

	write("Burrows\n=======\n\nThe second draft.\n")
	if second := next(); second.Build != 2 || len(second.Diagnostics) != 0 {
		t.Fatalf("after an edit: %+v, want build 2 of a clean book", second)
	}
	if page := get(t, base+"/burrows/index.html"); !strings.Contains(page, "The second draft.") {
		t.Error("the page was not rebuilt")
	}
	s.waitPrints()
	if text := get(t, base+"/book.txt"); text != "The second draft.\n" {
		t.Errorf("/book.txt is %q after the edit, want the second draft's", text)
	}
	if index := get(t, base+"/"); !strings.Contains(index, `<a href="book.txt">ASCII</a> (18 bytes)`) {
		t.Errorf("after the edit, the index does not list the ASCII book at its new size:\n%s", index)
	}

	write("Burrows\n=======\n\n\\begin{bogus}\n\\end{bogus}\n")
	third := next()
	if third.Build != 3 || len(third.Diagnostics) == 0 {
		t.Fatalf("after a mistake: %+v, want build 3 with a diagnostic", third)
	}
	if d := third.Diagnostics[0]; d.Severity != "error" || d.Pos != book+":4:1" || d.Message == "" {
		t.Errorf("the mistake is reported as %+v, want an error at %s:4:1", d, book)
	}
}

// TestServeSiteFirst checks that a build reaches the pages before any work
// on the PDF book: the first state a page gets has none of the PDF
// layout's warnings, which come, for the same build and so without a
// reload, once the PDF book is written.
func TestServeSiteFirst(t *testing.T) {
	dir := t.TempDir()
	// A paragraph of long numbers no hyphen breaks, which the PDF book
	// sets ragged (layout/loose).
	writeFile(t, filepath.Join(dir, "book.txt"), "Loose\n=====\n\nCodes "+strings.Repeat("123456789012345678901234 987654321098765432109876 ", 3)+"123456789012345678901234.\n")
	parts := testParts()[:1]
	for _, p := range pipeline.Parts {
		if p.Name == "pdf" {
			parts = append(parts, p)
		}
	}
	s, base := startServer(t, dir, parts)
	events := getEvents(t, base)
	defer events.Close()
	next := eventReader(t, events)
	loose := func(state bookState) bool {
		return slices.ContainsFunc(state.Diagnostics, func(d diagnosticJSON) bool { return d.Code == "layout/loose" })
	}
	if first := next(); first.Build != 1 || loose(first) {
		t.Fatalf("first event %+v, want build 1 without the PDF layout's warnings", first)
	}
	s.waitPrints()
	if printed := next(); printed.Build != 1 || !loose(printed) {
		t.Fatalf("once the PDF book is written: %+v, want build 1 with its layout/loose warning", printed)
	}
}

// TestServeHosts asks for the book by other names than the machine's own,
// as a page whose name was rebound to 127.0.0.1 would: on a loopback address
// serve answers only localhost and loopback addresses, on any other address
// (--bind) every name.
func TestServeHosts(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "book.txt"), "Burrows\n=======\n\nText.\n")
	status := func(base, host, path string) int {
		t.Helper()
		req, err := http.NewRequest("GET", base+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	_, base := startServer(t, dir, testParts())
	for _, host := range []string{"localhost", "LocalHost:1313", "127.0.0.1", "127.0.0.1:8080", "[::1]", "[::1]:1313"} {
		if got := status(base, host, "/"); got != http.StatusOK {
			t.Errorf("Host %s: %d, want 200", host, got)
		}
	}
	for _, host := range []string{"rebound.example", "rebound.example:1313", "localhost.rebound.example", "127.0.0.1.rebound.example", "192.168.1.10:1313"} {
		for _, path := range []string{"/", "/burrows/index.html", "/_galley/events", "/_galley/livereload.js"} {
			if got := status(base, host, path); got != http.StatusForbidden {
				t.Errorf("Host %s, %s: %d, want 403", host, path, got)
			}
		}
	}

	_, everyHost := startServerOn(t, dir, testParts(), "0.0.0.0:0")
	everyHost = strings.Replace(everyHost, "0.0.0.0", "127.0.0.1", 1)
	if got := status(everyHost, "book.example:1313", "/"); got != http.StatusOK {
		t.Errorf("listening on 0.0.0.0, Host book.example: %d, want 200", got)
	}
}

// startServer serves the manuscript at path, writing parts, on a free port
// until the test ends, and returns the server and its address.
func startServer(tb testing.TB, path string, parts []pipeline.Part) (*server, string) {
	tb.Helper()
	return startServerOn(tb, path, parts, "127.0.0.1:0")
}

// startServerOn is startServer listening on addr.
func startServerOn(tb testing.TB, path string, parts []pipeline.Part, addr string) (*server, string) {
	tb.Helper()
	s, err := newServer(path, "", "", io.Discard)
	if err != nil {
		tb.Fatal(err)
	}
	s.parts = parts
	listener, err := net.Listen("tcp", addr)
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.serve(ctx, listener) }()
	tb.Cleanup(func() {
		cancel()
		if err := <-served; err != nil {
			tb.Error(err)
		}
		s.close()
	})
	return s, "http://" + listener.Addr().String()
}

// testParts are the site, with a stand-in roller, and a stand-in print that
// writes the book's first paragraph to book.txt. The dice roller is
// BuildRoller's test's business, and here it would only cost a compile on a
// cold cache.
func testParts() []pipeline.Part {
	return []pipeline.Part{
		{Name: "html", Write: func(ctx context.Context, book *pipeline.Book, dir string) (pipeline.Written, error) {
			_, err := html.WriteSite(ctx, book.Doc, book.Sheets, dir, html.SiteOptions{
				Files: book.SiteFiles,
				Roller: func(context.Context) (*html.Roller, error) {
					return &html.Roller{Wasm: []byte("wasm"), Exec: []byte("exec")}, nil
				},
			})
			return pipeline.Written{}, err
		}},
		{Name: "txt", Write: func(_ context.Context, book *pipeline.Book, dir string) (pipeline.Written, error) {
			var text string
			for _, b := range book.Doc.Blocks {
				if p, ok := b.(*ast.Paragraph); ok {
					text = p.Inlines[0].(*ast.Text).Text
					break
				}
			}
			return pipeline.Written{}, os.WriteFile(filepath.Join(dir, "book.txt"), []byte(text+"\n"), 0o644)
		}},
	}
}

// writeFile writes text to path, making its directory first.
func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func getEvents(t *testing.T, url string) io.ReadCloser {
	t.Helper()
	resp, err := http.Get(url + "/_galley/events")
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("events served as %q", ct)
	}
	return resp.Body
}

// eventReader returns a function that reads the next "book" event, or
// fails the test when none comes in time.
func eventReader(t *testing.T, stream io.Reader) func() bookState {
	states := make(chan bookState)
	go func() {
		defer close(states)
		lines := bufio.NewScanner(stream)
		for lines.Scan() {
			data, ok := strings.CutPrefix(lines.Text(), "data: ")
			if !ok {
				continue
			}
			var state bookState
			if json.Unmarshal([]byte(data), &state) == nil {
				states <- state
			}
		}
	}()
	return func() bookState {
		t.Helper()
		select {
		case state, ok := <-states:
			if !ok {
				t.Fatal("the event stream ended")
			}
			return state
		case <-time.After(30 * time.Second):
			t.Fatal("no event within 30s of a change")
		}
		return bookState{}
	}
}

func get(t *testing.T, url string) string {
	t.Helper()
	status, body := fetch(t, url)
	if status != http.StatusOK {
		t.Fatalf("GET %s: %d", url, status)
	}
	return body
}

// fetch returns the status and the body of url.
func fetch(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	return resp.StatusCode, string(body)
}

// waitPrints waits for the prints being written, if any, to be written.
func (s *server) waitPrints() {
	s.mu.Lock()
	job := s.printing
	s.mu.Unlock()
	if job != nil {
		<-job.done
	}
}
