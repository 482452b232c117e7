package html

import (
	"bytes"
	"context"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/galleyhq/galley/internal/golden"
	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/rules/check"
)

// stubRoller stands in for the compiled roller where a test looks at the
// pages, not at the dice: compiling it is BuildRoller's test's business.
func stubRoller(context.Context) (*Roller, error) {
	return &Roller{Wasm: []byte("\x00asm stub"), Exec: []byte("// wasm_exec.js stub\n")}, nil
}

// buildSite parses and checks the book at path and writes its site into a
// new directory.
func buildSite(t *testing.T, path string, roller func(context.Context) (*Roller, error)) (string, *SiteSummary) {
	t.Helper()
	doc, diags, err := parser.ParseBook(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diags {
		t.Errorf("%s: %v", path, d)
	}
	check.Fill(doc) // as galley build loads a book
	dir := t.TempDir()
	sheets := testbook.SheetsOf(doc)
	summary, err := WriteSite(context.Background(), doc, sheets, dir, SiteOptions{Roller: roller, Proof: check.Book(doc, sheets).CheckOf})
	if err != nil {
		t.Fatal(err)
	}
	return dir, summary
}

// readTree returns every file under dir by its slash path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

const (
	testBook   = "testdata/site/book"
	goldenSite = "testdata/site/golden"
)

// TestSiteGolden compares the pages and the search index of a small book
// that has one of every construct with testdata/site/golden; -update
// rewrites them. The stylesheet, scripts and font are copied as they are
// and not compared.
func TestSiteGolden(t *testing.T) {
	dir, summary := buildSite(t, testBook, stubRoller)
	if summary.Pages != 6 || summary.NoRoller != nil {
		t.Errorf("summary %+v, want 6 pages and a roller", summary)
	}
	got := map[string][]byte{}
	for name, data := range readTree(t, dir) {
		if strings.HasSuffix(name, ".html") || name == "assets/"+searchIndexFile || name == "assets/"+outlineFile {
			got[name] = data
		}
	}
	if *update {
		if err := os.RemoveAll(goldenSite); err != nil {
			t.Fatal(err)
		}
		for name, data := range got {
			file := filepath.Join(goldenSite, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	want := readTree(t, goldenSite)
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if _, ok := got[name]; !ok {
			t.Errorf("%s: in the golden site, not written", name)
		}
	}
	for name, data := range got {
		w, ok := want[name]
		switch {
		case !ok:
			t.Errorf("%s: written, not in the golden site (go test ./render/html -run TestSiteGolden -update)", name)
		case !bytes.Equal(data, w):
			t.Errorf("%s differs from the golden site (go test ./render/html -run TestSiteGolden -update):\n%s", name, golden.FirstDifference(string(data), string(w)))
		}
	}
}

// TestSiteDeterministic builds the bundled book twice and requires the
// same files, byte for byte: pages are drawn in parallel, and nothing may
// depend on which finishes first or on a map's order.
func TestSiteDeterministic(t *testing.T) {
	first, _ := buildSite(t, testbook.Dir(), stubRoller)
	second, _ := buildSite(t, testbook.Dir(), stubRoller)
	a, b := readTree(t, first), readTree(t, second)
	if len(a) != len(b) {
		t.Fatalf("%d files, then %d", len(a), len(b))
	}
	for name, data := range a {
		if !bytes.Equal(data, b[name]) {
			t.Errorf("%s differs between two builds", name)
		}
	}
}

// TestSiteOneContents checks that a book with many outlines shows one
// table of contents, where its first outline stands, on the same pages as
// the book without the others. Each outline once listed every heading
// again.
func TestSiteOneContents(t *testing.T) {
	doc := testbook.WithOutlines(t, 100)
	dir := t.TempDir()
	summary, err := WriteSite(context.Background(), doc, testbook.SheetsOf(doc), dir, SiteOptions{Roller: stubRoller})
	if err != nil {
		t.Fatal(err)
	}
	book := testbook.Book(t)
	want := len(newSite(book, testbook.SheetsOf(book), nil, true).pages)
	contents := 0
	for _, page := range readTree(t, dir) {
		contents += bytes.Count(page, []byte(`<nav class="contents"`))
	}
	if contents != 1 || summary.Pages != want {
		t.Errorf("%d tables of contents on %d pages, want 1 on %d", contents, summary.Pages, want)
	}
}

// TestSiteProofAndContents checks that the "✓ checked" marks are in a
// proof only, and that toc_depth limits the index's table of contents.
func TestSiteProofAndContents(t *testing.T) {
	for _, tt := range []struct {
		proof   bool
		depth   int
		marks   int
		entries int
	}{
		{false, 2, 0, 5},
		{true, 1, 2, 2},
		{false, 3, 0, 6},
	} {
		doc, _, err := parser.ParseBook(testBook)
		if err != nil {
			t.Fatal(err)
		}
		doc.Config.Proof, doc.Config.TOCDepth = tt.proof, tt.depth
		dir := t.TempDir()
		sheets := testbook.SheetsOf(doc)
		if _, err := WriteSite(context.Background(), doc, sheets, dir, SiteOptions{Roller: stubRoller, Proof: check.Book(doc, sheets).CheckOf}); err != nil {
			t.Fatal(err)
		}
		marks := 0
		var index []byte
		for name, page := range readTree(t, dir) {
			marks += bytes.Count(page, []byte(`<span class="checked"`))
			if name == "index.html" {
				index = page
			}
		}
		_, contents, _ := bytes.Cut(index, []byte(`<nav class="contents"`))
		contents, _, _ = bytes.Cut(contents, []byte("</nav>"))
		if entries := bytes.Count(contents, []byte("<li>")); marks != tt.marks || entries != tt.entries {
			t.Errorf("proof %v, toc_depth %d: %d marks and %d contents entries, want %d and %d",
				tt.proof, tt.depth, marks, entries, tt.marks, tt.entries)
		}
	}
}

// TestSiteWithoutGo builds the site as on a machine without Go: every page
// is written, without the roller's files, and the roller's panel says why.
func TestSiteWithoutGo(t *testing.T) {
	dir, summary := buildSite(t, testBook, func(context.Context) (*Roller, error) { return nil, ErrNoGo })
	if summary.NoRoller != ErrNoGo || summary.Pages != 6 {
		t.Errorf("summary %+v, want 6 pages and ErrNoGo", summary)
	}
	files := readTree(t, dir)
	for _, name := range []string{"assets/roller.wasm", "assets/wasm_exec.js", "assets/" + rollerScriptFile} {
		if _, ok := files[name]; ok {
			t.Errorf("%s written without a roller", name)
		}
	}
	page := string(files["basics/dice.html"])
	for _, want := range []string{`data-roller="missing"`, "The dice roller needs Go to build", `id="roller-result"`} {
		if !strings.Contains(page, want) {
			t.Errorf("basics/dice.html lacks %q", want)
		}
	}
	if strings.Contains(page, `id="roller-input"`) {
		t.Error("basics/dice.html has a roller form without a roller")
	}
}

// TestSiteEscapesManuscriptText writes a book whose every kind of text
// holds markup and quotes, and requires them escaped everywhere: the
// manuscript is text, never HTML, and the search index is JSON that is
// safe to hold markup too. Each place the pages show text is checked for
// the text escaped, since each kind of block is drawn by code of its own.
func TestSiteEscapesManuscriptText(t *testing.T) {
	const (
		evil    = `<script>alert("x")</script>`
		escaped = `&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;`
		// set is evil escaped in the text the site sets with typographic
		// quotes, which need no escaping; art and formulas keep "x".
		set = `&lt;script&gt;alert(“x”)&lt;/script&gt;`
	)
	dir := t.TempDir()
	book := strings.Join([]string{
		"Chapter " + evil,
		"=============================",
		"",
		"Section \"quoted\" & <b>bold</b>",
		"-------------------------------",
		"",
		"_Label " + evil + "_ Text " + evil + " with a 2d12+3 and \"quotes\" & <img src=x onerror=alert(1)>.",
		`See Section "Other <i>one</i> & 'more'".`,
		"",
		`\begin{box}[Example 1: ` + evil + `]`,
		"* item " + evil,
		`\end{box}`,
		"",
		`\begin{box}[Aside ` + evil + `]`,
		"Inside.",
		`\end{box}`,
		"",
		`\begin{table}[4]`,
		"Name " + evil + ` & Value`,
		evil + ` & "1"`,
		`\end{table}`,
		"Table 1: Caption " + evil,
		"",
		"┌────────┐",
		"│ <&\"'> │",
		"└────────┘",
		"──────────",
		"Figure 1: Art " + evil,
		"",
		`\alt{Drawn ` + evil + `}`,
		"┌──┐",
		"└──┘",
		"",
		"Label " + evil + " ....... Value " + evil,
		"",
		`\odds{2d6}`,
		"",
		"Footnoted¹.",
		"",
		"______",
		"",
		"¹ Note " + evil,
		"",
		"Other <i>one</i> & 'more'",
		"-------------------------",
		"",
		"Text.",
	}, "\n") + "\n"
	if err := os.WriteFile(filepath.Join(dir, "book.txt"), []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	site, _ := buildSite(t, dir, stubRoller)
	files := readTree(t, site)
	checked := 0
	for name, data := range files {
		if !strings.HasSuffix(name, ".html") && !strings.HasSuffix(name, ".json") {
			continue
		}
		checked++
		text := string(data)
		for _, raw := range []string{"<script>alert", "<b>bold", "<img src=x", "<i>one"} {
			if strings.Contains(text, raw) {
				t.Errorf("%s holds the manuscript's %q unescaped", name, raw)
			}
		}
		if strings.Count(text, "<script") != strings.Count(text, `<script src="`) {
			t.Errorf("%s has an inline script", name)
		}
	}
	if checked < 3 {
		t.Errorf("checked %d files; the book has at least two pages and an index", checked)
	}
	page := string(files["chapter-script-alert-x-script/section-quoted-b-bold-b.html"])
	for place, want := range map[string]string{
		"chapter link":   `<a href="../chapter-script-alert-x-script/index.html">Chapter ` + set + `</a></p>`,
		"heading":        `">Section “quoted” &amp; &lt;b&gt;bold&lt;/b&gt; <a class="permalink"`,
		"title":          `<title>Section “quoted” &amp; &lt;b&gt;bold&lt;/b&gt;</title>`,
		"run-in":         `<strong class="run-in">Label ` + set + `</strong>`,
		"paragraph":      " Text " + set + " with a ",
		"more text":      `“quotes” &amp; &lt;img src=x onerror=alert(1)&gt;.`,
		"dice":           `data-roll="2d12&#43;3" title="Roll 2d12&#43;3">2d12&#43;3</a>`,
		"reference":      `">Section “Other &lt;i&gt;one&lt;/i&gt; &amp; ‘more’”</a>`,
		"box subtitle":   `<span class="box-label">Example 1</span> <span class="box-subtitle">` + set + `</span>`,
		"box title":      `<span class="box-subtitle">Aside ` + set + `</span>`,
		"list item":      `<li>item ` + set + `</li>`,
		"table header":   `<th scope="col">Name ` + set + `</th>`,
		"table cell":     `<td>` + set + `</td><td>“1”</td>`,
		"table caption":  `<span class="caption-label">Table 1:</span> Caption ` + set + `</figcaption>`,
		"figure label":   `role="img" aria-label="Figure 1: Art ` + set + `">`,
		"figure art":     `│ &lt;&amp;&#34;&#39;&gt; │`,
		"figure caption": `<span class="caption-label">Figure 1:</span> Art ` + set + `</figcaption>`,
		"art's alt text": `role="img" aria-label="Drawn ` + escaped + `">`,
		"formula":        `<dt>Label ` + escaped + `</dt><dd>Value ` + escaped + `</dd>`,
		"footnote":       `role="doc-backlink" aria-label="Back to the text">¹</a> Note ` + set + `</p>`,
		"next page":      `<span>Next</span> Other &lt;i&gt;one&lt;/i&gt; &amp; ‘more’</a>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the section's page lacks the %s escaped, %q", place, want)
		}
	}
}

// TestRollerSources requires the embedded sources to be the whole roller:
// the packages cmd/roller needs, for js/wasm, are the standard library,
// rules and cmd/roller itself, and every Go file of those two is embedded,
// so that the cache key changes whenever the engine does.
func TestRollerSources(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	_, file, _, _ := runtime.Caller(0)
	module := filepath.Join(filepath.Dir(file), "..", "..")
	cmd := exec.Command(goCmd, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "./cmd/roller")
	cmd.Dir = module
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	deps := strings.Fields(string(out))
	want := []string{"github.com/galleyhq/galley/rules", "github.com/galleyhq/galley/cmd/roller"}
	if !slices.Equal(deps, want) {
		t.Errorf("cmd/roller for js/wasm depends on %v, want %v: embed any new package in roller_source.go", deps, want)
	}
	sources, err := rollerSources()
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"rules", "cmd/roller"} {
		onDisk, _ := filepath.Glob(filepath.Join(module, dir, "*.go"))
		for _, f := range onDisk {
			name := dir + "/" + filepath.Base(f)
			if strings.HasSuffix(name, "_test.go") {
				if _, ok := sources[name]; ok {
					t.Errorf("%s is a test, yet is part of the roller's sources", name)
				}
				continue
			}
			data, _ := os.ReadFile(f)
			if !bytes.Equal(sources[name], data) {
				t.Errorf("%s is not embedded as it is on disk", name)
			}
		}
	}
	if !bytes.HasPrefix(bareModule(sources["go.mod"]), []byte("module github.com/galleyhq/galley\n")) {
		t.Errorf("the roller's go.mod is %q", bareModule(sources["go.mod"]))
	}
}

// TestRollerKey requires the cache key to change with the Go release and
// with any source file, and only with them.
func TestRollerKey(t *testing.T) {
	sources := map[string][]byte{"rules/a.go": []byte("package rules"), "cmd/roller/main.go": []byte("package main")}
	base := rollerKey("go1.26.0", sources)
	if rollerKey("go1.26.0", map[string][]byte{"cmd/roller/main.go": []byte("package main"), "rules/a.go": []byte("package rules")}) != base {
		t.Error("the key depends on the map's order")
	}
	if rollerKey("go1.26.1", sources) == base {
		t.Error("the key ignores the Go release")
	}
	changed := map[string][]byte{"rules/a.go": []byte("package rules // changed"), "cmd/roller/main.go": []byte("package main")}
	if rollerKey("go1.26.0", changed) == base {
		t.Error("the key ignores a source's contents")
	}
	renamed := map[string][]byte{"rules/b.go": []byte("package rules"), "cmd/roller/main.go": []byte("package main")}
	if rollerKey("go1.26.0", renamed) == base {
		t.Error("the key ignores a source's name")
	}
}

// TestLocalVersion reads the release from the VERSION file of the GOROOT
// the go command sits in, through a symlink as Debian's /usr/bin/go is, or
// of $GOROOT; and gives up when there is none.
func TestLocalVersion(t *testing.T) {
	t.Setenv("GOROOT", "")
	root := t.TempDir()
	goCmd := filepath.Join(root, "bin", "go")
	if err := os.MkdirAll(filepath.Dir(goCmd), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(goCmd, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	if v, ok := localVersion(goCmd); ok {
		t.Errorf("without a VERSION file: %q", v)
	}
	if err := os.WriteFile(filepath.Join(root, "VERSION"), []byte("go1.99.1\ntime 2026-11-01T00:00:00Z\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "go")
	if err := os.Symlink(goCmd, link); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{goCmd, link} {
		if v, ok := localVersion(cmd); !ok || v != "go1.99.1" {
			t.Errorf("localVersion(%s) = %q, %v", cmd, v, ok)
		}
	}
	t.Setenv("GOROOT", t.TempDir())
	if v, ok := localVersion(goCmd); ok {
		t.Errorf("with $GOROOT elsewhere, read %q from the go command's own", v)
	}
}

// TestLocalVersionIsGoEnvs checks that the VERSION file names the release
// go env does, when there is a go command: the cache key is the same
// either way.
func TestLocalVersionIsGoEnvs(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	v, ok := localVersion(goCmd)
	if !ok {
		t.Skip("this toolchain has no VERSION file")
	}
	t.Setenv("GOTOOLCHAIN", "local")
	env, err := goEnv(context.Background(), goCmd)
	if err != nil {
		t.Fatal(err)
	}
	if v != env.version {
		t.Errorf("VERSION says %q, go env %q", v, env.version)
	}
}

// TestRollerCache stores a roller and reads it back, as a second galley
// build does.
func TestRollerCache(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "roller-key")
	if _, err := readRoller(base); err == nil {
		t.Fatal("read a roller from an empty cache")
	}
	want := &Roller{Wasm: []byte("wasm"), Exec: []byte("exec"), Script: wasmScript([]byte("wasm"))}
	if err := writeRoller(dir, base, want); err != nil {
		t.Fatal(err)
	}
	got, err := readRoller(base)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Wasm, want.Wasm) || !bytes.Equal(got.Exec, want.Exec) || !bytes.Equal(got.Script, want.Script) {
		t.Errorf("read back %q, %q, %q", got.Wasm, got.Exec, got.Script)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("the cache holds %d files, want 3 (no temporary files left)", len(entries))
	}
	// A cache written before the script was kept gets it when read.
	if err := os.Remove(base + scriptSuffix); err != nil {
		t.Fatal(err)
	}
	if got, err = readRoller(base); err != nil || !bytes.Equal(got.Script, want.Script) {
		t.Errorf("without its script, the cache read back %q, %v", got.Script, err)
	}
	if _, err := os.Stat(base + scriptSuffix); err != nil {
		t.Errorf("the script was not stored back: %v", err)
	}
}

// TestRollerCopied writes a cached roller's files into a site by copying
// the cache's, and writes the bytes it holds when the cache has lost one.
func TestRollerCopied(t *testing.T) {
	cache := t.TempDir()
	base := filepath.Join(cache, "roller-key")
	if err := writeRoller(cache, base, &Roller{Wasm: []byte("wasm"), Exec: []byte("exec"), Script: wasmScript([]byte("wasm"))}); err != nil {
		t.Fatal(err)
	}
	roller, err := readRoller(base)
	if err != nil {
		t.Fatal(err)
	}
	copies := roller.copies()
	if len(copies) != 2 {
		t.Fatalf("the site copies %v from the cache, want the module and its script", copies)
	}
	files := map[string][]byte{
		assetsDir + "/roller.wasm":         roller.Wasm,
		assetsDir + "/" + rollerScriptFile: roller.Script,
		assetsDir + "/wasm_exec.js":        roller.Exec,
	}
	check := func(site string) {
		t.Helper()
		for name, want := range files {
			got, err := os.ReadFile(filepath.Join(site, filepath.FromSlash(name)))
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s holds %q, %v; want %q", name, got, err, want)
			}
			if info, err := os.Stat(filepath.Join(site, filepath.FromSlash(name))); err == nil && info.Mode().Perm()&0o044 != 0o044 {
				t.Errorf("%s has mode %v: a web server running as another user cannot read it", name, info.Mode())
			}
		}
	}
	site := t.TempDir()
	if err := writeFiles(site, files, copies); err != nil {
		t.Fatal(err)
	}
	check(site)
	// The mapping keeps the bytes of a file the cache has since lost.
	if err := os.Remove(base + ".wasm"); err != nil {
		t.Fatal(err)
	}
	site = t.TempDir()
	if err := writeFiles(site, files, copies); err != nil {
		t.Fatal(err)
	}
	check(site)
}
