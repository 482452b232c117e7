package serve

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/galleyhq/galley/internal/regular"
)

// A served file is streamed from disk, as http.ServeContent does with a
// file, never read whole: a book's static/ may hold a download of hundreds
// of megabytes, which eight readers fetching at once once made 2.5 GB of
// galley serve. Its ETag, a hash of its content, is computed once a build,
// streaming too, and kept (see etags). The server bounds what a client
// holds: time to send its request, to read the answer, to keep an idle
// connection, and how many connections are open at once (see limits).

// limits are what a client of galley serve may hold.
type limits struct {
	// readHeader and read bound the time a client takes to send its
	// request, write the time it takes to read the answer (but for the
	// event stream, which lasts as long as its page), idle the time a
	// kept-alive connection waits for its next request.
	readHeader, read, write, idle time.Duration
	// headerBytes bounds a request's header, and conns the connections
	// open at once; the next waits until one closes.
	headerBytes, conns int
}

// defaultLimits are ample for an author's browser, a phone on the network
// and a slow download of a static file, and bound a client that opens
// connections it does not use.
var defaultLimits = limits{
	readHeader: 10 * time.Second, read: 30 * time.Second, write: 5 * time.Minute, idle: 15 * time.Second,
	headerBytes: 64 << 10, conns: 256,
}

// httpServer returns the server of handler, with l's bounds.
func (l limits) httpServer(handler http.Handler) *http.Server {
	return &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: l.readHeader, ReadTimeout: l.read, WriteTimeout: l.write, IdleTimeout: l.idle,
		MaxHeaderBytes: l.headerBytes,
	}
}

// listener returns inner accepting at most l.conns connections open at
// once.
func (l limits) listener(inner net.Listener) net.Listener {
	return &limitListener{Listener: inner, free: make(chan struct{}, l.conns)}
}

// limitListener is a listener that holds at most cap(free) connections open:
// Accept waits for one to close, as golang.org/x/net/netutil's does.
type limitListener struct {
	net.Listener
	free chan struct{} // a token for each open connection
}

func (l *limitListener) Accept() (net.Conn, error) {
	l.free <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.free
		return nil, err
	}
	return &limitConn{Conn: c, release: sync.OnceFunc(func() { <-l.free })}, nil
}

// limitConn gives its token back once closed.
type limitConn struct {
	net.Conn
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.release()
	return err
}

// open opens the served file name, a path from the site's root: in the
// site, or else in the prints; a regular file alone (a directory is no
// page).
func (s *server) open(name string) (*os.File, fs.FileInfo, error) {
	f, err := regular.Open(filepath.Join(s.site, filepath.FromSlash(name)), false)
	if errors.Is(err, fs.ErrNotExist) {
		f, err = regular.Open(filepath.Join(s.prints, filepath.FromSlash(name)), false)
	}
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

// etags are the ETags of the files served, by path, each computed once
// for the file as it is (its size and time): a build writes every file
// anew, so the hash of its content, not its time, tells a browser whether
// what it holds is still good. They are forgotten at each build.
type etags struct {
	mu   sync.Mutex
	tags map[string]*etag
}

// etag is a file's ETag, computed by the first request that needs it;
// the others wait for it.
type etag struct {
	size  int64
	mod   time.Time
	once  sync.Once
	value string
	err   error
}

// of returns the ETag of the file at path, open as f with info.
func (e *etags) of(path string, f *os.File, info fs.FileInfo) (string, error) {
	e.mu.Lock()
	if e.tags == nil {
		e.tags = map[string]*etag{}
	}
	t := e.tags[path]
	if t == nil || t.size != info.Size() || !t.mod.Equal(info.ModTime()) {
		t = &etag{size: info.Size(), mod: info.ModTime()}
		e.tags[path] = t
	}
	e.mu.Unlock()
	t.once.Do(func() {
		sum := sha256.New()
		// ReadAt leaves f where it is, for the answer to read from.
		if _, t.err = io.Copy(sum, io.NewSectionReader(f, 0, info.Size())); t.err == nil {
			t.value = `"` + hex.EncodeToString(sum.Sum(nil)[:16]) + `"`
		}
	})
	if t.err != nil {
		e.mu.Lock()
		if e.tags[path] == t {
			delete(e.tags, path) // the next request tries again
		}
		e.mu.Unlock()
	}
	return t.value, t.err
}

// forget drops every ETag, as a build replaces every file.
func (e *etags) forget() {
	e.mu.Lock()
	e.tags = nil
	e.mu.Unlock()
}
