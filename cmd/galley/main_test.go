package main

import (
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite the testscript files' expected output")

// TestMain lets testscript run this binary as the "galley" command, so the
// scripts exercise the real CLI, flags and exit statuses included.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"galley": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the end-to-end CLI scripts in testdata/script. Scripts can
// read the designer's seeds through $SEEDS; a script that needs them says
// `[!seeds] skip`.
func TestScripts(t *testing.T) {
	seeds, err := filepath.Abs("../../../shared/seeds")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("SEEDS", seeds)
			// Pictures a script's book shows, which a txtar cannot hold.
			pictures, err := filepath.Abs("../../testdata/books/pictures/art")
			if err != nil {
				return err
			}
			env.Setenv("PICTURES", pictures)
			env.Setenv("NO_COLOR", "1")
			// A build compiles the site's dice roller once and caches it;
			// the scripts share the user's caches rather than recompile it
			// in every script's empty home.
			for _, name := range []string{"XDG_CACHE_HOME", "GOCACHE"} {
				if dir, err := cacheDir(name); err == nil {
					env.Setenv(name, dir)
				}
			}
			return nil
		},
		Cmds: map[string]func(*testscript.TestScript, bool, []string){"status": status},
		// [seeds] holds when the designer's seeds are beside the repository.
		Condition: func(cond string) (bool, error) {
			if cond != "seeds" {
				return false, errors.New("unknown condition " + cond)
			}
			_, err := os.Stat(seeds)
			return err == nil, nil
		},
	})
}

// status runs a program and requires an exact exit status, since galley's
// statuses mean different things: "status 1 galley check book" passes only
// when galley says the book has errors, not when it could not run.
func status(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status: %q is not a number", args[0])
	}
	got := 0
	var exitErr *exec.ExitError
	if err := ts.Exec(args[1], args[2:]...); errors.As(err, &exitErr) {
		got = exitErr.ExitCode()
	} else if err != nil {
		ts.Fatalf("status: %v", err)
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// cacheDir returns the cache directory the variable names, as the go
// command and os.UserCacheDir would find it outside the scripts.
func cacheDir(name string) (string, error) {
	if name == "GOCACHE" {
		return goCache()
	}
	return os.UserCacheDir()
}

// goCache is the go command's build cache, asked of go env once for all
// the scripts.
var goCache = sync.OnceValues(func() (string, error) {
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	return strings.TrimSpace(string(out)), err
})
