// Package serve is galley serve: it builds a book into a temporary
// directory, serves it on a local address, and rebuilds it on every change
// to what the book is made of, telling the open pages to reload.
package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/galleyhq/galley/internal/parallel"
	"github.com/galleyhq/galley/internal/pipeline"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/html"
	"github.com/galleyhq/galley/render/report"
	"github.com/galleyhq/galley/templates"
)

// Options say what galley serve serves, and where.
type Options struct {
	// Path is the manuscript, a file or a directory; Format the markup
	// of its files whose extension names none (see parser.Format).
	Path   string
	Format parser.Format
	// Templates is the directory of the site's templates, "" for the
	// embedded ones: a directory the author names, never one galley
	// finds by itself (the source tree it was compiled from, on a shared
	// machine, is anyone's to fill).
	Templates string
	// Proof marks the tables the engine checked, whatever galley.toml
	// says.
	Proof bool
	// Addr is the address to listen on, host and port.
	Addr string
}

// Run builds the book and serves it on opts.Addr until ctx ends,
// rebuilding it on every change. It says where it serves on stdout, and
// logs each build to log.
func Run(ctx context.Context, opts Options, stdout, log io.Writer) error {
	s, err := newServer(opts.Path, opts.Format, opts.Templates, log)
	if err != nil {
		return err
	}
	defer s.close()
	s.proof = opts.Proof
	if opts.Templates != "" {
		if info, err := os.Stat(opts.Templates); err != nil || !info.IsDir() {
			return fmt.Errorf("--templates %s is not a directory", opts.Templates)
		}
	}
	listener, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "serving %s on http://%s/ (Ctrl-C to stop)\n", s.path, listener.Addr())
	if opts.Templates != "" {
		fmt.Fprintf(stdout, "the site's templates, stylesheet and scripts are read from %s, not galley's own\n", opts.Templates)
	}
	return s.serve(ctx, listener)
}

// server builds a book and serves it, rebuilding when it changes.
type server struct {
	// path is the manuscript, a directory when dirBook; templatesDir the
	// site's templates on disk, "" for the embedded ones.
	path, templatesDir string
	format             parser.Format
	dirBook            bool
	log                io.Writer
	// watching watches the book; files and dirs are what it was made of
	// when it was last read (see bookPaths).
	watching    *bookWatch
	files, dirs []string
	// tmp holds the served builds: site, the website's own files, and
	// prints, the parts its pages only link to (the sheets, the PDF and
	// ASCII books). The site is written first and the pages told at once;
	// the prints follow while the designer reads, so that an edit reaches
	// the browser in the time the site takes, not the whole book.
	tmp, site, prints string
	// parts are what each build writes: pipeline.Parts, which a test may
	// narrow.
	parts []pipeline.Part
	// proof marks the tables the engine checked, whatever galley.toml
	// says (see Config.Proof).
	proof bool
	// limits bound what a client holds (see files.go), and etags are the
	// files' ETags as last computed.
	limits limits
	etags  etags

	mu sync.Mutex
	// printing is the build of the prints in progress, if any.
	printing *printJob
	// downloads is the list of the downloads the prints last written
	// hold, which the index shows (see servedSite).
	downloads []byte
	// state is the book's state as the event stream last sent it.
	state       bookState
	subscribers map[chan []byte]bool
	// subscribed is closed, and replaced, when a page subscribes to the
	// event stream, as a page does once it has reloaded.
	subscribed chan struct{}
	warned     bool
	// pages are the site's pages as the last build wrote them, and moved
	// where the pages every build since the first took away went (see
	// moves): a page left open at an address two builds old still finds
	// its way.
	pages map[string]bool
	moved map[string]string
}

// bookState is what a page learns of each build: its number, so that the
// page reloads when it changes, and the book's problems.
type bookState struct {
	Build       int              `json:"build"`
	Diagnostics []diagnosticJSON `json:"diagnostics"`
	// Moved says where the pages the last build took away went, by
	// address (see moves); a page open at one goes there.
	Moved map[string]string `json:"moved,omitempty"`
}

type diagnosticJSON struct {
	Pos      string `json:"pos"`
	Severity string `json:"severity"`
	Code     string `json:"code,omitempty"`
	Message  string `json:"message"`
}

func newServer(path string, format parser.Format, templatesDir string, log io.Writer) (*server, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "galley-serve-")
	if err != nil {
		return nil, err
	}
	s := &server{
		path: path, format: format, templatesDir: templatesDir, dirBook: info.IsDir(), log: log,
		tmp: tmp, site: filepath.Join(tmp, "site"), prints: filepath.Join(tmp, "prints"),
		parts: pipeline.Parts, subscribers: map[chan []byte]bool{}, subscribed: make(chan struct{}),
		limits: defaultLimits,
	}
	return s, nil
}

func (s *server) close() { os.RemoveAll(s.tmp) }

// siteFiles reads the templates from the templates directory, if any; nil
// means the embedded ones.
func (s *server) siteFiles() fs.FS {
	if s.templatesDir == "" {
		return nil
	}
	return os.DirFS(s.templatesDir)
}

// warn says something once per serve, however many builds repeat it.
func (s *server) warn(msg string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.warned {
		s.warned = true
		fmt.Fprintln(s.log, "galley: warning:", msg)
	}
}

// serve builds the book, then serves it until ctx ends, rebuilding on every
// change the watcher reports.
func (s *server) serve(ctx context.Context, listener net.Listener) error {
	watching, err := newBookWatch(s.log)
	if err != nil {
		return err
	}
	defer watching.close()
	s.watching = watching
	s.rebuild(ctx)

	handler := s.handler()
	if addr, ok := listener.Addr().(*net.TCPAddr); ok && addr.IP.IsLoopback() {
		handler = localHostsOnly(handler)
	}
	srv := s.limits.httpServer(handler)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(s.limits.listener(listener)) }()
	err = s.watch(ctx)
	s.stopPrints()
	// Close, not Shutdown: the event streams never end of themselves.
	srv.Close()
	if serveErr := <-served; !errors.Is(serveErr, http.ErrServerClosed) {
		return serveErr
	}
	return err
}

// settle is how long the watcher waits after a change for more: an editor
// saving a file often writes, renames and removes several in a row, within
// a few milliseconds. It is short, since it is part of the time an edit
// takes to reach the browser.
const settle = 30 * time.Millisecond

// watch rebuilds the book a moment after each burst of changes, until ctx
// ends.
func (s *server) watch(ctx context.Context) error {
	watcher := s.watching.watcher
	var timer *time.Timer
	var fire <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-watcher.Events:
			if !ok {
				return nil
			}
			if !s.watching.matters(ev.Name) {
				continue
			}
			if timer == nil {
				timer = time.NewTimer(settle)
			} else {
				timer.Reset(settle)
			}
			fire = timer.C
		case err, ok := <-watcher.Errors:
			if !ok {
				return nil
			}
			fmt.Fprintln(s.log, "galley: watching:", err)
		case <-fire:
			fire = nil
			s.rebuild(ctx)
		}
	}
}

// follow watches what the book is made of: doc's files, or when the book
// could not be read what it was last made of, the manuscript and the
// templates. It reports whether it began watching a directory it was not:
// see rebuild.
func (s *server) follow(doc *ast.Document) bool {
	if doc != nil {
		s.files, s.dirs = bookPaths(doc)
	}
	files, dirs := s.files, slices.Clip(s.dirs)
	if s.dirBook {
		dirs = append(dirs, s.path)
	} else {
		files = append(slices.Clip(files), s.path)
	}
	if s.templatesDir != "" {
		dirs = append(dirs, s.templatesDir)
	}
	return s.watching.follow(files, dirs)
}

// rebuild loads the book and writes its site, errors and all, and tells
// the pages, which reload; the prints follow (see startPrints). No PDF or
// ASCII layout stands between an edit and the reloaded page: their
// warnings come with the prints. A book galley cannot read or write keeps
// the last build, and the pages show why; so does a build that panics,
// which galley serve survives (see parallel.Catch).
func (s *server) rebuild(ctx context.Context) {
	start := time.Now()
	s.stopPrints()
	state := bookState{Diagnostics: []diagnosticJSON{}}
	var book *pipeline.Book
	var unread error // why the book could not be read
	var prints []pipeline.Part
	var site []pipeline.Report
	diags := ast.DiagnosticList{}
	err := parallel.Catch(func() (err error) {
		// What the book was last made of is watched before it is read,
		// and the book read again while reading it finds files where
		// nothing was watched (a file galley.toml now names in a new
		// subdirectory, a directory come back): a change to one before
		// its watch began would go unseen. The pages learn of the build
		// once every file is watched.
		s.follow(nil)
		book, unread = s.load(ctx)
		for s.follow(docOf(book)) {
			book, unread = s.load(ctx)
		}
		if unread != nil {
			return nil
		}
		var siteParts []pipeline.Part
		for _, p := range s.parts {
			if p.Name == "html" {
				siteParts = append(siteParts, servedSite(p))
			} else {
				prints = append(prints, p)
			}
		}
		book.SiteFiles = s.siteFiles()
		site, err = s.write(ctx, book, siteParts, s.site)
		diags = pipeline.Diagnostics(book, site)
		return err
	})
	if unread != nil {
		state.Diagnostics = append(state.Diagnostics, diagnosticJSON{Pos: s.path, Severity: "error", Message: unread.Error()})
	} else {
		state.Diagnostics = diagnosticsJSON(diags)
		state.Moved = s.movedPages()
		if err != nil {
			state.Diagnostics = append(state.Diagnostics, buildFailed(s.path, err))
		}
	}
	s.mu.Lock()
	state.Build = s.state.Build + 1
	if err == nil && unread == nil && len(prints) > 0 {
		s.printing = s.startPrints(ctx, book, site, prints, state.Build)
	}
	s.publish(state)
	s.mu.Unlock()
	summary := "cannot read the book"
	switch {
	case err != nil:
		summary = "cannot build the book: " + err.Error()
	case unread == nil:
		summary = report.Summary(diags)
	}
	fmt.Fprintf(s.log, "built %s: %s (%s)\n", s.path, summary, time.Since(start).Round(time.Millisecond))
}

// movedPages notes the pages the build just written has and says where
// each page the builds have taken away went, now.
func (s *server) movedPages() map[string]string {
	pages := sitePages(s.site)
	if s.pages != nil {
		if s.moved == nil {
			s.moved = map[string]string{}
		}
		for old, to := range moves(s.pages, pages) {
			s.moved[old] = to
		}
		for old, to := range s.moved {
			switch {
			case pages[old]: // back again, as when an edit is undone
				delete(s.moved, old)
			case !pages[to]: // moved on since: the nearest page now
				s.moved[old] = nearest(old, nil, pages)
			}
		}
	}
	s.pages = pages
	return maps.Clone(s.moved)
}

// load reads, fills and checks the book, its tables marked as checked
// unless --proof=false.
func (s *server) load(ctx context.Context) (*pipeline.Book, error) {
	return pipeline.Load(ctx, pipeline.Options{Path: s.path, Format: s.format, Configure: func(cfg *ast.Config) { cfg.Proof = s.proof }})
}

// docOf returns the book's tree, nil for a book that could not be read.
func docOf(book *pipeline.Book) *ast.Document {
	if book == nil {
		return nil
	}
	return book.Doc
}

// diagnosticsJSON is diags as the event stream sends them.
func diagnosticsJSON(diags ast.DiagnosticList) []diagnosticJSON {
	list := make([]diagnosticJSON, 0, len(diags))
	for _, d := range diags {
		list = append(list, diagnosticJSON{Pos: d.Pos.String(), Severity: d.Severity.String(), Code: d.Code, Message: d.Message})
	}
	return list
}

// printJob is a build of the prints running in the background.
type printJob struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// stopPrints cancels the prints being written, if any, and waits for their
// build to end; each rebuild does so before it starts.
func (s *server) stopPrints() {
	s.mu.Lock()
	job := s.printing
	s.printing = nil
	s.mu.Unlock()
	if job != nil {
		job.cancel()
		<-job.done
	}
}

// printsWait is how long the prints wait for a page to reload before they
// start anyway.
const printsWait = 300 * time.Millisecond

// startPrints writes the prints in the background, once a page has
// reloaded (or printsWait has passed), since the browser needs the
// processor more meanwhile. What their layouts find (the PDF book's, the
// ASCII book's pages against the outline) is sent to the pages of the
// build they belong to, without a reload, with the site's reports, and so
// is their failure, should they fail. s.mu must be held.
func (s *server) startPrints(ctx context.Context, book *pipeline.Book, site []pipeline.Report, parts []pipeline.Part, build int) *printJob {
	ctx, cancel := context.WithCancel(ctx)
	job := &printJob{cancel: cancel, done: make(chan struct{})}
	reloaded := s.subscribed
	go func() {
		defer close(job.done)
		select {
		case <-ctx.Done():
			return
		case <-reloaded:
		case <-time.After(printsWait):
		}
		prints, err := s.write(ctx, book, parts, s.prints)
		if ctx.Err() != nil {
			return
		}
		if err == nil {
			err = parallel.Catch(func() error { return s.listDownloads(book) })
		}
		if err != nil {
			fmt.Fprintf(s.log, "galley: %s: %v\n", s.path, err)
		}
		found := 0
		for _, r := range prints {
			found += len(r.Diagnostics)
		}
		if err == nil && found == 0 {
			return
		}
		diags := pipeline.Diagnostics(book, append(site, prints...))
		if err == nil {
			fmt.Fprintf(s.log, "printed %s: %s\n", s.path, report.Summary(diags))
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.state.Build == build {
			state := bookState{Build: build, Diagnostics: diagnosticsJSON(diags)}
			if err != nil {
				state.Diagnostics = append(slices.Clip(s.state.Diagnostics), buildFailed(s.path, err))
			}
			s.publish(state)
		}
	}()
	return job
}

// servedDownloads stands where the index served lists the downloads. The
// site's part writes html.DownloadsMarker there, which a build fills once
// every part is written; serve writes the prints apart from the site and
// after it, so servedSite keeps the place under a name of its own, which
// the index is served with the downloads of the prints last written in.
// The list shows on the first load after the prints, and after an edit
// the reloaded index lists the prints of the build before until its own
// are written: the same files, a few bytes apart.
const servedDownloads = "<!-- galley serve:downloads -->"

// servedSite is the site's part p, writing servedDownloads on the index
// where p writes html.DownloadsMarker.
func servedSite(p pipeline.Part) pipeline.Part {
	write := p.Write
	p.Write = func(ctx context.Context, book *pipeline.Book, dir string) (pipeline.Written, error) {
		written, err := write(ctx, book, dir)
		if err != nil {
			return written, err
		}
		index := filepath.Join(dir, "index.html")
		page, err := os.ReadFile(index)
		if err != nil {
			return written, err
		}
		return written, os.WriteFile(index, bytes.Replace(page, []byte(html.DownloadsMarker), []byte(servedDownloads), 1), 0o644)
	}
	return p
}

// listDownloads draws the list of the downloads in the prints, for the
// index to show.
func (s *server) listDownloads(book *pipeline.Book) error {
	downloads, err := pipeline.Downloads(book, s.prints)
	if err != nil {
		return err
	}
	var list bytes.Buffer
	if len(downloads) > 0 {
		html.WriteDownloads(&list, "", downloads)
	}
	s.mu.Lock()
	s.downloads = list.Bytes()
	s.mu.Unlock()
	return nil
}

// write builds parts of the book into dir, passes their warnings on, and
// returns their reports. A panic building them is their error.
func (s *server) write(ctx context.Context, book *pipeline.Book, parts []pipeline.Part, dir string) (reports []pipeline.Report, err error) {
	err = parallel.Catch(func() (err error) {
		reports, err = pipeline.Build(ctx, book, pipeline.BuildOptions{Out: dir, Parts: parts})
		return err
	})
	for _, r := range reports {
		for _, w := range r.Warnings {
			s.warn(w)
		}
	}
	return reports, err
}

// buildFailed is the diagnostic of a book that could not be written.
func buildFailed(path string, err error) diagnosticJSON {
	return diagnosticJSON{Pos: path, Severity: "error", Message: "the book could not be built: " + err.Error()}
}

// publish sends state to every page; s.mu must be held.
func (s *server) publish(state bookState) {
	s.etags.forget()
	s.state = state
	data, _ := json.Marshal(state)
	for ch := range s.subscribers {
		select {
		case <-ch: // drop a state the page has not read yet: this one is newer
		default:
		}
		ch <- data
	}
}

func (s *server) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/_galley/events", s.events)
	mux.HandleFunc("/_galley/livereload.js", s.script)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		name := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(r.URL.Path, "/") {
			name = path.Join(name, "index.html")
		}
		f, info, err := s.open(name)
		if err != nil {
			// Not found, as a page is when its heading was renamed: the
			// answer keeps listening for builds, so that it goes where
			// the page went, or reloads once the edit is undone.
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			w.Write(withLiveReload([]byte(notFoundPage)))
			return
		}
		defer f.Close()
		if path.Ext(name) == ".html" {
			// Pages are read whole, as each gets the live-reload script:
			// they are the book's text, a few hundred kB at most.
			data, err := io.ReadAll(f)
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			// Pages are fresh every time: every build may change them.
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			if name == "/index.html" {
				s.mu.Lock()
				data = bytes.Replace(data, []byte(servedDownloads), s.downloads, 1)
				s.mu.Unlock()
			}
			w.Write(withLiveReload(data))
			return
		}
		// The rest (stylesheets, scripts, the art font, the roller, the
		// static files) is asked after on every load and comes from the
		// browser's cache unless its content changed, which spares a
		// reloading page the fetching and parsing of what most edits
		// leave alone. It is streamed from the file.
		tag, err := s.etags.of(f.Name(), f, info)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("ETag", tag)
		http.ServeContent(w, r, name, time.Time{}, f)
	})
	return mux
}

// localHostsOnly answers only requests for this machine by a name a web
// page cannot take over: localhost or a loopback address, with any port.
// A page of another site whose name the attacker points at 127.0.0.1 after
// it loads (DNS rebinding) sends its own name as Host, and is refused.
func localHostsOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		} else {
			host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
		}
		if ip := net.ParseIP(host); !strings.EqualFold(host, "localhost") && (ip == nil || !ip.IsLoopback()) {
			http.Error(w, "galley serve answers only requests for localhost, 127.0.0.1 or [::1]; serve with --bind to answer others", http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// notFoundPage is serve's answer for an address the site has no page at.
const notFoundPage = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Page not found</title>
</head>
<body>
<h1>Page not found</h1>
<p>No page of the book is at this address. This page follows the next build: to where the page went, or back here once it is there again. The book starts at <a href="/index.html">its contents</a>.</p>
</body>
</html>
`

// liveReloadTag loads livereload.js; the site's Content Security Policy
// allows it, since it comes from the site's own server.
const liveReloadTag = `<script src="/_galley/livereload.js" defer></script>`

// withLiveReload adds the live-reload script to a page's head.
func withLiveReload(page []byte) []byte {
	i := bytes.Index(page, []byte("</head>"))
	if i < 0 {
		return append(page, liveReloadTag...)
	}
	out := make([]byte, 0, len(page)+len(liveReloadTag)+1)
	out = append(out, page[:i]...)
	out = append(out, liveReloadTag+"\n"...)
	return append(out, page[i:]...)
}

func (s *server) script(w http.ResponseWriter, r *http.Request) {
	files := fs.FS(templates.FS)
	if s.templatesDir != "" {
		files = os.DirFS(s.templatesDir)
	}
	data, err := fs.ReadFile(files, "livereload.js")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(data)
}

// events streams the book's state to a page as Server-Sent Events: the
// current state at once, then each new one.
func (s *server) events(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	// The stream lasts as long as its page: the server's write timeout
	// is for answers, not for it.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
	ch := make(chan []byte, 1)
	s.mu.Lock()
	s.subscribers[ch] = true
	close(s.subscribed)
	s.subscribed = make(chan struct{})
	state, _ := json.Marshal(s.state)
	ch <- state
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.subscribers, ch)
		s.mu.Unlock()
	}()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	for {
		select {
		case <-r.Context().Done():
			return
		case state := <-ch:
			if _, err := fmt.Fprintf(w, "event: book\ndata: %s\n\n", state); err != nil {
				return
			}
			flusher.Flush()
		}
	}
}
