package html_test

import (
	"context"
	"flag"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/galleyhq/galley/internal/browsertest"
)

// TestMain stops the Chromium the browser tests share once they have run,
// and removes the sites they share.
func TestMain(m *testing.M) { browsertest.Main(m, removeSharedSites) }

// long has the browser tests read every page where the normal run reads
// a few that hold every kind of thing they check: the accessibility test
// checks every page in the light theme and every kind of element in the
// dark, the phone's tables test every page of both books, not only those
// with tables. .ci/run passes it.
var long = flag.Bool("long", false, "read every page in the browser tests, not the few that hold every kind of thing they check")

// browse serves handler from a local port for the rest of the test and
// opens a blank page in the browser of ctx. It returns the server's
// address and console (see watchConsole).
func browse(t *testing.T, ctx context.Context, handler http.Handler) (url string, console func() []string) {
	t.Helper()
	return serve(t, handler), watchConsole(t, ctx)
}

// serve serves handler from a local port for the rest of the test and
// returns the server's address.
func serve(t *testing.T, handler http.Handler) string {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &httptest.Server{Listener: listener, Config: &http.Server{Handler: handler}}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv.URL
}

// watchConsole opens a blank page in the browser of ctx and returns
// console, which stops collecting what the browser's pages write to the
// console as errors (exceptions and Content Security Policy violations
// among them) and returns it.
func watchConsole(t *testing.T, ctx context.Context) (console func() []string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var problems []string
	listen, stop := context.WithCancel(ctx)
	t.Cleanup(stop)
	messages := chromedp.Console(listen)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				mu.Lock()
				problems = append(problems, m.URL+": "+m.String())
				mu.Unlock()
			}
		}
	}()
	return func() []string {
		stop()
		mu.Lock()
		defer mu.Unlock()
		return problems
	}
}
