package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/galleyhq/galley/internal/parallel"
	"github.com/galleyhq/galley/internal/pipeline"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/html"
	"github.com/galleyhq/galley/templates"
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
	return startServerWith(tb, path, parts, addr, defaultLimits)
}

// startServerWith is startServerOn bounding clients by l.
func startServerWith(tb testing.TB, path string, parts []pipeline.Part, addr string, l limits) (*server, string) {
	tb.Helper()
	s, err := newServer(path, "", "", io.Discard)
	if err != nil {
		tb.Fatal(err)
	}
	s.parts, s.limits = parts, l
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

// TestServeSurvivesPanics serves a book whose writers panic, on the
// goroutine of the build or on one of a writer's own, in the site or in the
// prints: each failed build is an error on the page, the last good site is
// still served, and the next edit builds again.
func TestServeSurvivesPanics(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "book.txt")
	writeFile(t, book, "Burrows\n=======\n\nThe first draft.\n")
	panicking := func(part pipeline.Part, word string) pipeline.Part {
		write := part.Write
		part.Write = func(ctx context.Context, b *pipeline.Book, dir string) (pipeline.Written, error) {
			text, _ := os.ReadFile(book)
			if strings.Contains(string(text), word) {
				// On one of the writer's own goroutines, as a writer's
				// page loop would.
				parallel.For(4, func(i int) {
					if i == 2 {
						panic(word + " in a writer")
					}
				})
			}
			return write(ctx, b, dir)
		}
		return part
	}
	parts := testParts()
	parts[0], parts[1] = panicking(parts[0], "SITEPANIC"), panicking(parts[1], "PRINTPANIC")
	s, base := startServer(t, dir, parts)
	events := getEvents(t, base)
	defer events.Close()
	next := eventReader(t, events)
	if first := next(); first.Build != 1 || len(first.Diagnostics) != 0 {
		t.Fatalf("first event %+v, want a clean build", first)
	}

	writeFile(t, book, "Burrows\n=======\n\nSITEPANIC.\n")
	failed := next()
	if failed.Build != 2 || len(failed.Diagnostics) != 1 || !strings.Contains(failed.Diagnostics[0].Message, "panic: SITEPANIC in a writer") {
		t.Fatalf("a site that panics: %+v, want build 2 with the panic as its error", failed)
	}
	if page := get(t, base+"/burrows/index.html"); !strings.Contains(page, "The first draft.") {
		t.Error("the last good site is no longer served")
	}

	writeFile(t, book, "Burrows\n=======\n\nPRINTPANIC.\n")
	if built := next(); built.Build != 3 || len(built.Diagnostics) != 0 {
		t.Fatalf("the site of a book whose prints panic: %+v, want build 3, clean", built)
	}
	s.waitPrints()
	if prints := next(); prints.Build != 3 || len(prints.Diagnostics) != 1 || !strings.Contains(prints.Diagnostics[0].Message, "PRINTPANIC in a writer") {
		t.Fatalf("prints that panic: %+v, want build 3 with the panic as its error", prints)
	}

	writeFile(t, book, "Burrows\n=======\n\nThe second draft.\n")
	if again := next(); again.Build != 4 || len(again.Diagnostics) != 0 {
		t.Fatalf("after the panics: %+v, want build 4, clean", again)
	}
	if page := get(t, base+"/burrows/index.html"); !strings.Contains(page, "The second draft.") {
		t.Error("the book was not built again after the panics")
	}
}

// TestRunTemplates serves a book with the templates galley embeds unless
// the author names a directory: then the site is made from it, and serve
// says so when it starts. galley once took the templates of the directory
// it was compiled in whenever that path existed, which whoever could
// create it could fill.
func TestRunTemplates(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "book", "book.txt"), "Burrows\n=======\n\nText.\n")
	templatesDir := filepath.Join(dir, "templates")
	if err := os.CopyFS(templatesDir, templates.FS); err != nil {
		t.Fatal(err)
	}
	css := filepath.Join(templatesDir, "site.css")
	data, err := os.ReadFile(css)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, css, "/* the author's own */\n"+string(data))
	for _, named := range []string{"", templatesDir} {
		out := &lockedBuffer{}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			done <- Run(ctx, Options{Path: filepath.Join(dir, "book"), Templates: named, Addr: "127.0.0.1:0"}, out, io.Discard)
		}()
		var base string
		for deadline := time.Now().Add(30 * time.Second); base == ""; time.Sleep(10 * time.Millisecond) {
			if _, rest, ok := strings.Cut(out.String(), " on http://"); ok {
				base = "http://" + strings.TrimSuffix(strings.Fields(rest)[0], "/")
			}
			if time.Now().After(deadline) {
				t.Fatal("serve did not start")
			}
		}
		fromDisk := strings.Contains(get(t, base+"/assets/site.css"), "the author's own")
		said := strings.Contains(out.String(), "read from "+templatesDir)
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if fromDisk != (named != "") || said != (named != "") {
			t.Errorf("--templates %q: the templates on disk used %v, and said %v", named, fromDisk, said)
		}
	}
	if err := Run(context.Background(), Options{Path: filepath.Join(dir, "book"), Templates: filepath.Join(dir, "nowhere"), Addr: "127.0.0.1:0"}, io.Discard, io.Discard); err == nil {
		t.Error("--templates naming no directory was taken")
	}
}

// lockedBuffer is a buffer one goroutine writes and another reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestServeStreamsFiles fetches a 32 MB static file eight times at once:
// the server streams it, so what it allocates does not grow with the
// file, where it read the file whole for every request (and a 300 MB file
// fetched eight times at once took 2.5 GB). The ETag is the content's
// hash, computed once, and answers a request that has it with 304.
func TestServeStreamsFiles(t *testing.T) {
	const size, fetches = 32 << 20, 8
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "book.txt"), "Burrows\n=======\n\nText.\n")
	big, err := os.Create(filepath.Join(dir, "static", "maps.zip"))
	if err != nil {
		if err := os.MkdirAll(filepath.Join(dir, "static"), 0o755); err != nil {
			t.Fatal(err)
		}
		if big, err = os.Create(filepath.Join(dir, "static", "maps.zip")); err != nil {
			t.Fatal(err)
		}
	}
	if err := big.Truncate(size); err != nil {
		t.Fatal(err)
	}
	big.Close()
	s, base := startServer(t, dir, testParts())
	get(t, base+"/") // once the book is built,
	time.Sleep(printsWait)
	s.waitPrints() // and its prints, what the server allocates is the fetches'
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var wg sync.WaitGroup
	etags := make([]string, fetches)
	for i := range fetches {
		wg.Go(func() {
			resp, err := http.Get(base + "/maps.zip")
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			n, err := io.Copy(io.Discard, resp.Body)
			if err != nil || n != size {
				t.Errorf("fetched %d bytes of %d: %v", n, size, err)
			}
			etags[i] = resp.Header.Get("ETag")
		})
	}
	wg.Wait()
	runtime.ReadMemStats(&after)
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > size/2 {
		t.Errorf("serving a %d MB file %d times allocated %d MB", size>>20, fetches, allocated>>20)
	}
	for _, tag := range etags {
		if tag == "" || tag != etags[0] {
			t.Fatalf("ETags %q, want one for all", etags)
		}
	}
	req, err := http.NewRequest("GET", base+"/maps.zip", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("If-None-Match", etags[0])
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotModified {
		t.Errorf("asked again with its ETag: %s, want 304", resp.Status)
	}
}

// TestServeBoundsClients holds the server to its bounds: a kept-alive
// connection that sends nothing more is closed once idle, one that never
// sends its request too, and past the most connections open at once the
// next waits for one to close. 500 idle connections once stayed open for
// good.
func TestServeBoundsClients(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "book.txt"), "Burrows\n=======\n\nText.\n")
	l := defaultLimits
	l.readHeader, l.idle, l.conns = 300*time.Millisecond, 300*time.Millisecond, 2
	_, base := startServerWith(t, dir, testParts(), "127.0.0.1:0", l)
	addr := strings.TrimPrefix(base, "http://")
	closedWithin := func(c net.Conn, d time.Duration) bool {
		c.SetReadDeadline(time.Now().Add(d))
		_, err := io.Copy(io.Discard, c) // to EOF, when the server closes it
		return err == nil
	}

	kept, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer kept.Close()
	fmt.Fprintf(kept, "GET /burrows/index.html HTTP/1.1\r\nHost: localhost\r\n\r\n")
	if !closedWithin(kept, 5*time.Second) {
		t.Error("an idle kept-alive connection is still open after 5 s")
	}
	silent, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	if !closedWithin(silent, 5*time.Second) {
		t.Error("a connection that sends nothing is still open after 5 s")
	}

	// Two connections open, sending their requests slowly: a third
	// request waits until one closes. The timeouts are long here, so that
	// on a loaded machine none closes the two first.
	l = defaultLimits
	l.conns = 2
	_, base = startServerWith(t, dir, testParts(), "127.0.0.1:0", l)
	addr = strings.TrimPrefix(base, "http://")
	var held []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "GET / HTTP/1.1\r\n")
		held = append(held, c)
	}
	time.Sleep(100 * time.Millisecond) // for the server to accept them
	client := &http.Client{Timeout: 500 * time.Millisecond}
	if resp, err := client.Get(base + "/"); err == nil {
		resp.Body.Close()
		t.Error("a third connection was served while two were open")
	}
	for _, c := range held {
		c.Close()
	}
	client.Timeout = 10 * time.Second
	resp, err := client.Get(base + "/")
	if err != nil {
		t.Fatalf("once the two closed: %v", err)
	}
	resp.Body.Close()
}
