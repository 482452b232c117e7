package html

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/galleyhq/galley"
)

// Roller is the site's dice roller: the rules engine compiled to
// WebAssembly, and the wasm_exec.js of the Go release that compiled it,
// which the two must match.
type Roller struct {
	Wasm, Exec []byte
	// Script is Wasm as the script of rollerScriptFile (see wasmScript),
	// made when the roller is compiled and kept in the cache beside it;
	// nil for a roller made otherwise, whose script the site makes.
	Script []byte
	// wasmFile and scriptFile are the cache's files that Wasm and Script
	// are mapped from, which a site copies rather than writes (see
	// copies); empty for a roller the cache did not give.
	wasmFile, scriptFile string
}

// copies returns the site's files that the cache holds, by path from the
// site's root, each with the file in the cache it is a copy of (see
// writeFiles).
func (r *Roller) copies() map[string]string {
	copies := map[string]string{}
	if r == nil {
		return copies
	}
	if r.wasmFile != "" {
		copies[assetsDir+"/roller.wasm"] = r.wasmFile
	}
	if r.scriptFile != "" {
		copies[assetsDir+"/"+rollerScriptFile] = r.scriptFile
	}
	return copies
}

// rollerScriptFile is the roller's WebAssembly as a script, for a page
// opened from a file (file://): such a page may load scripts beside it but
// fetch nothing, so it cannot fetch roller.wasm. A page served over HTTP
// fetches roller.wasm instead, which is three quarters the size, compresses
// better and is compiled while it downloads. Either is loaded only when
// something is first rolled.
const rollerScriptFile = "roller-wasm.js"

// wasmScript returns the script of rollerScriptFile: it sets
// window.galleyRollerWasm to the module in base64, which holds no
// character a JavaScript string must escape.
func wasmScript(wasm []byte) []byte {
	b := make([]byte, 0, len(scriptBefore)+base64.StdEncoding.EncodedLen(len(wasm))+len(scriptAfter))
	b = append(b, scriptBefore...)
	b = base64.StdEncoding.AppendEncode(b, wasm)
	return append(b, scriptAfter...)
}

// scriptBefore and scriptAfter frame the module in its script.
const scriptBefore, scriptAfter = `window.galleyRollerWasm = "`, "\";\n"

// ErrNoGo is the reason a site has no dice roller: galley compiles the
// roller when it writes the site, and found no Go toolchain to do it with.
var ErrNoGo = errors.New("the dice roller needs Go to build, and no go command is on the PATH: the site is written without it")

// The roller is compiled once per process and cached on disk across
// processes, keyed by the Go release and the sources, so that only the
// first build after a change to the engine pays for the compiler.
var (
	rollerMu     sync.Mutex
	rollerCached *Roller
)

// BuildRoller returns the dice roller, compiling it with the go command on
// the PATH (GOOS=js GOARCH=wasm) unless the cache in the user's cache
// directory already holds the build for this Go release and these sources.
// Without a go command it returns ErrNoGo.
func BuildRoller(ctx context.Context) (*Roller, error) {
	rollerMu.Lock()
	defer rollerMu.Unlock()
	if rollerCached != nil {
		return rollerCached, nil
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return nil, ErrNoGo
	}
	// The cache is keyed by the release, which the toolchain's VERSION
	// file tells without the go command; go env is asked only when that
	// file cannot be read, or when the roller is compiled.
	var env goToolchain
	version, ok := localVersion(goCmd)
	if !ok {
		if env, err = goEnv(ctx, goCmd); err != nil {
			return nil, err
		}
		version = env.version
	}
	sources, err := rollerSources()
	if err != nil {
		return nil, err
	}
	dir := cacheDir()
	base := filepath.Join(dir, "roller-"+rollerKey(version, sources))
	r, err := readRoller(base)
	if err != nil {
		if env.root == "" {
			if env, err = goEnv(ctx, goCmd); err != nil {
				return nil, err
			}
		}
		if r, err = compileRoller(ctx, goCmd, env, sources); err != nil {
			return nil, err
		}
		// A cache that cannot be written costs the next build a compile,
		// nothing more.
		_ = writeRoller(dir, base, r)
	}
	rollerCached = r
	return r, nil
}

// localVersion returns the release of the toolchain that the go command
// at goCmd compiles with under GOTOOLCHAIN=local, as compileRoller runs
// it: the first line of its GOROOT's VERSION file. Reading it spares a
// build the go env process, tens of milliseconds. ok is false when the
// file cannot tell, as for a toolchain built from source.
func localVersion(goCmd string) (version string, ok bool) {
	root := os.Getenv("GOROOT")
	if root == "" {
		bin, err := filepath.EvalSymlinks(goCmd)
		if err != nil {
			return "", false
		}
		root = filepath.Dir(filepath.Dir(bin))
	}
	data, err := os.ReadFile(filepath.Join(root, "VERSION"))
	if err != nil {
		return "", false
	}
	version, _, _ = strings.Cut(string(data), "\n")
	version = strings.TrimSpace(version)
	return version, strings.HasPrefix(version, "go1")
}

// goToolchain is what the go command says of itself.
type goToolchain struct {
	version, root, cache string
}

func goEnv(ctx context.Context, goCmd string) (goToolchain, error) {
	out, err := exec.CommandContext(ctx, goCmd, "env", "GOVERSION", "GOROOT", "GOCACHE").Output()
	if err != nil {
		return goToolchain{}, fmt.Errorf("asking go for its version to build the dice roller: %w", err)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) != 3 {
		return goToolchain{}, fmt.Errorf("go env printed %q", out)
	}
	return goToolchain{version: lines[0], root: lines[1], cache: lines[2]}, nil
}

// rollerSources returns the roller's Go files, by path in the module, tests
// left out: the cache key and the build are both made of them.
func rollerSources() (map[string][]byte, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(galley.RollerSource, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, "_test.go") {
			return err
		}
		data, err := galley.RollerSource.ReadFile(path)
		files[path] = data
		return err
	})
	return files, err
}

// rollerKey names a build of the roller: a hash of the Go release and every
// source file's path and contents.
func rollerKey(goVersion string, sources map[string][]byte) string {
	h := sha256.New()
	h.Write([]byte(goVersion + "\x00"))
	for _, path := range slices.Sorted(maps.Keys(sources)) {
		h.Write([]byte(path + "\x00"))
		h.Write(sources[path])
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:20]
}

// cacheDir is where compiled rollers are kept: galley's folder in the
// user's cache directory, or in the temporary directory for a user who has
// none.
func cacheDir() string {
	if dir, err := os.UserCacheDir(); err == nil {
		if err := os.MkdirAll(filepath.Join(dir, "galley"), 0o755); err == nil {
			return filepath.Join(dir, "galley")
		}
	}
	return filepath.Join(os.TempDir(), "galley-cache")
}

// scriptSuffix names the cache's file of a roller's script: a hash of how
// wasmScript frames the module, so that a galley that frames it otherwise
// does not read another's script.
var scriptSuffix = func() string {
	h := sha256.Sum256([]byte(scriptBefore + "\x00" + scriptAfter + "\x00base64-std"))
	return ".script-" + hex.EncodeToString(h[:4]) + ".js"
}()

// readRoller reads the roller cached at base. Its WebAssembly and script,
// 7 MB between them that the site writes out unchanged, are mapped from
// the cache rather than read into the heap (see mapFile), which would cost
// every build a page fault for each 4 kB of them. A cache written before
// the script was kept gets it now.
func readRoller(base string) (*Roller, error) {
	wasm, err := mapFile(base + ".wasm")
	if err != nil {
		return nil, err
	}
	glue, err := os.ReadFile(base + ".js")
	if err != nil {
		return nil, err
	}
	r := &Roller{Wasm: wasm, Exec: glue, wasmFile: base + ".wasm", scriptFile: base + scriptSuffix}
	if r.Script, err = mapFile(r.scriptFile); err != nil {
		r.Script, r.scriptFile = wasmScript(wasm), ""
		_ = writeCacheFile(filepath.Dir(base), base+scriptSuffix, r.Script)
	}
	return r, nil
}

// writeRoller stores a build in the cache.
func writeRoller(dir, base string, r *Roller) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range []struct {
		path string
		data []byte
	}{{base + ".js", r.Exec}, {base + scriptSuffix, r.Script}, {base + ".wasm", r.Wasm}} {
		if err := writeCacheFile(dir, f.path, f.data); err != nil {
			return err
		}
	}
	return nil
}

// writeCacheFile writes data to path in the cache directory dir. The file
// is written beside its place and renamed into it, so a galley running at
// the same time reads a whole file or none, and a file another has mapped
// keeps its bytes.
func writeCacheFile(dir, path string, data []byte) error {
	tmp, err := os.CreateTemp(dir, ".new-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// compileRoller writes the sources into a module of their own in a
// temporary directory and builds cmd/roller there for js/wasm. The module
// has galley's path and Go version and no requirements: the engine needs
// nothing but the standard library, so nothing is downloaded.
func compileRoller(ctx context.Context, goCmd string, env goToolchain, sources map[string][]byte) (*Roller, error) {
	tmp, err := os.MkdirTemp("", "galley-roller-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	for path, data := range sources {
		if path == "go.mod" {
			data = bareModule(data)
		}
		target := filepath.Join(tmp, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(target, data, 0o644); err != nil {
			return nil, err
		}
	}
	out := filepath.Join(tmp, "roller.wasm")
	cmd := exec.CommandContext(ctx, goCmd, "build", "-trimpath", "-ldflags=-s -w -buildid=", "-o", out, "./cmd/roller")
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=", "GOWORK=off", "GOTOOLCHAIN=local")
	if env.cache == "" || env.cache == "off" || os.MkdirAll(env.cache, 0o755) != nil {
		// go build needs a build cache; a user with no home has none.
		cmd.Env = append(cmd.Env, "GOCACHE="+filepath.Join(cacheDir(), "go-build"))
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("compiling the dice roller with %s: %w\n%s", env.version, err, stderr.String())
	}
	wasm, err := os.ReadFile(out)
	if err != nil {
		return nil, err
	}
	execJS, err := wasmExec(env.root)
	if err != nil {
		return nil, err
	}
	return &Roller{Wasm: wasm, Exec: execJS, Script: wasmScript(wasm)}, nil
}

// bareModule keeps the module and go lines of galley's go.mod: the roller's
// module requires nothing, and a requirement without its go.sum line would
// stop the build.
func bareModule(goMod []byte) []byte {
	var b bytes.Buffer
	for line := range strings.Lines(string(goMod)) {
		if strings.HasPrefix(line, "module ") || strings.HasPrefix(line, "go ") {
			b.WriteString(line)
		}
	}
	return b.Bytes()
}

// wasmExec reads the JavaScript glue of the Go release at root: in lib/wasm
// since Go 1.24, in misc/wasm before.
func wasmExec(root string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(root, "lib", "wasm", "wasm_exec.js"))
	if errors.Is(err, fs.ErrNotExist) {
		data, err = os.ReadFile(filepath.Join(root, "misc", "wasm", "wasm_exec.js"))
	}
	if err != nil {
		return nil, fmt.Errorf("reading wasm_exec.js of the Go at %s: %w", root, err)
	}
	return data, nil
}
