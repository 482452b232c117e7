package parser

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Parse parses one manuscript file held in memory. name is used in
// positions. It never fails: every problem is a diagnostic.
func Parse(name string, src []byte) (*Document, DiagnosticList) {
	return parse(name, src, minChunkLines)
}

// parse is Parse with the line pass cut into chunks of at least chunkLines
// lines (see chunkBlocks), never when chunkLines is 0.
func parse(name string, src []byte, chunkLines int) (*Document, DiagnosticList) {
	var diags DiagnosticList
	doc := &Document{Config: defaultConfig(), Files: []string{name}}
	p := &blockParser{diags: &diags, chunkLines: chunkLines}
	doc.Blocks = doc.parseFile(p, name, string(src))
	p.prose.wait()
	finish(doc, &diags)
	return doc, diags
}

// ParseBook reads a manuscript: one file, or a directory of files read in the
// order its galley.toml gives, else in name order (every *.txt). The error
// is for what stops galley from reading at all (a missing path, an
// unreadable file); problems in the book are diagnostics.
func ParseBook(path string) (*Document, DiagnosticList, error) {
	var diags DiagnosticList
	info, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	doc := &Document{Config: defaultConfig()}
	if info.IsDir() {
		if doc.Config, err = readConfig(path, &diags); err != nil {
			return nil, nil, err
		}
		if doc.Files, err = manuscriptFiles(path, doc.Config); err != nil {
			return nil, nil, err
		}
	} else {
		doc.Files = []string{path}
	}
	// Every file is read before any is parsed, so that one that cannot be
	// read stops galley before the prose workers start.
	texts := make([]string, len(doc.Files))
	for i, file := range doc.Files {
		if texts[i], err = readSource(file); err != nil {
			return nil, nil, err
		}
	}
	p := &blockParser{diags: &diags, chunkLines: minChunkLines}
	for i, file := range doc.Files {
		doc.Blocks = append(doc.Blocks, doc.parseFile(p, file, texts[i])...)
	}
	p.prose.wait()
	finish(doc, &diags)
	return doc, diags, nil
}

// readSource reads a manuscript file as a string. The tree's strings are
// slices of it; reading straight into a string spares a copy of the book.
func readSource(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var b strings.Builder
	if info, err := f.Stat(); err == nil {
		b.Grow(int(info.Size()))
	}
	if _, err := io.Copy(&b, f); err != nil {
		return "", err
	}
	return b.String(), nil
}

// manuscriptFiles lists a directory's manuscript files in reading order.
func manuscriptFiles(dir string, cfg *Config) ([]string, error) {
	if len(cfg.Files) > 0 {
		files := make([]string, len(cfg.Files))
		for i, f := range cfg.Files {
			files[i] = filepath.Join(dir, f)
		}
		return files, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".txt") {
			files = append(files, filepath.Join(dir, e.Name()))
		}
	}
	slices.Sort(files)
	return files, nil
}

// parseFile runs the two line passes over one file. The inlines of its
// prose are parsed by p.prose, and are all there once p.prose.wait returns.
func (d *Document) parseFile(p *blockParser, name, text string) []Block {
	source, lines := splitSource(name, text, p.diags)
	if d.source == nil {
		d.source = map[string]*sourceFile{}
	}
	d.source[name] = source
	// Never nil, so that an empty file's tree says so: "blocks": [].
	return p.chunkBlocks(lines)
}

// finish runs the passes that need the whole book: numbering, the outline,
// and the order of the diagnostics.
func finish(doc *Document, diags *DiagnosticList) {
	numberCaptions(doc)
	outline(doc)
	diags.Sort(doc.Files)
}
