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

// TestMain runs this binary as galley when it is called so (see
// galleyBinary), and as the package's tests otherwise.
func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == "galley" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// galleyBinary returns this test binary under the name galley, in a
// directory of the test's, for a test that needs galley as a process of
// its own (one it can interrupt).
func galleyBinary(t *testing.T) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	galley := filepath.Join(t.TempDir(), "galley")
	if err := os.Link(self, galley); err != nil {
		data, err := os.ReadFile(self)
		if err == nil {
			err = os.WriteFile(galley, data, 0o755)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return galley
}

// TestScripts runs the end-to-end CLI scripts in testdata/script, the
// galley command in the test's process (see galleyInProcess). Scripts can
// read the designer's seeds through $SEEDS; a script that needs them says
// `[!seeds] skip`.
func TestScripts(t *testing.T) {
	seeds, err := filepath.Abs("../../../shared/seeds")
	if err != nil {
		t.Fatal(err)
	}
	// The scripts' directory and the pictures a script's book shows (which
	// a txtar cannot hold), absolute: galley changes the process's
	// directory while it runs, and a script may start meanwhile.
	scripts, err := filepath.Abs("testdata/script")
	if err != nil {
		t.Fatal(err)
	}
	pictures, err := filepath.Abs("../../testdata/books/pictures/art")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:           scripts,
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("SEEDS", seeds)
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
		Cmds: map[string]func(*testscript.TestScript, bool, []string){"galley": galleyCommand, "status": status},
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
	if args[1] == "galley" {
		got = galleyInProcess(ts, args[2:])
	} else if err := ts.Exec(args[1], args[2:]...); errors.As(err, &exitErr) {
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

// galleyCommand is the scripts' galley: it fails the script when galley
// exits with a status other than 0, or, negated, with 0.
func galleyCommand(ts *testscript.TestScript, neg bool, args []string) {
	switch status := galleyInProcess(ts, args); {
	case status != 0 && !neg:
		ts.Fatalf("galley exited with status %d", status)
	case status == 0 && neg:
		ts.Fatalf("galley succeeded unexpectedly")
	}
}

// scriptEnvironment are the variables galley reads (its os.Getenv and
// os.UserCacheDir calls, and the go command it may start to compile the
// roller): galleyInProcess gives them the script's values.
var scriptEnvironment = []string{
	"HOME", "XDG_CACHE_HOME", "GOCACHE", "TMPDIR", "PATH",
	"GOROOT", "NO_COLOR", "SOURCE_DATE_EPOCH", "GOMEMLIMIT",
}

// inProcess is held while galley runs in the test's process, which has one
// working directory and one environment for every script.
var inProcess sync.Mutex

// galleyInProcess runs galley with args in the script's directory and
// environment, its output the script's, and returns its exit status.
// galley runs in the test's process rather than in one of its own: as
// some 250 processes the scripts took 28 s of CPU, most of it starting
// and reading what a process reads once (the fonts' metrics among it),
// and take 4 s in the test's. The scripts take turns at it; a build
// keeps both cores busy on its own.
func galleyInProcess(ts *testscript.TestScript, args []string) int {
	inProcess.Lock()
	defer inProcess.Unlock()
	dir, err := os.Getwd()
	if err != nil {
		ts.Fatalf("galley: %v", err)
	}
	if err := os.Chdir(ts.MkAbs(".")); err != nil {
		ts.Fatalf("galley: %v", err)
	}
	defer os.Chdir(dir)
	for _, name := range scriptEnvironment {
		was, set := os.LookupEnv(name)
		if value := ts.Getenv(name); value != "" {
			os.Setenv(name, value)
		} else {
			os.Unsetenv(name)
		}
		if set {
			defer os.Setenv(name, was)
		} else {
			defer os.Unsetenv(name)
		}
	}
	return run(args, ts.Stdout(), ts.Stderr())
}
