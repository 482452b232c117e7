package parser

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Parse parses one manuscript file held in memory. name is used in
// positions. It never fails: every problem is a diagnostic.
func Parse(name string, src []byte) (*Document, DiagnosticList) {
	var diags DiagnosticList
	doc := &Document{Config: defaultConfig(), Files: []string{name}}
	doc.Blocks = doc.parseFile(name, src, &diags)
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
	for _, file := range doc.Files {
		src, err := os.ReadFile(file)
		if err != nil {
			return nil, nil, err
		}
		doc.Blocks = append(doc.Blocks, doc.parseFile(file, src, &diags)...)
	}
	finish(doc, &diags)
	return doc, diags, nil
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

// parseFile runs the two line passes over one file.
func (d *Document) parseFile(name string, src []byte, diags *DiagnosticList) []Block {
	all, lines := splitSource(name, src, diags)
	if d.source == nil {
		d.source = map[string][]sourceLine{}
	}
	d.source[name] = all
	segs := scanEnvironments(lines, diags)
	p := &blockParser{diags: diags}
	return p.segmentBlocks(segs)
}

// finish runs the passes that need the whole book: numbering, the outline,
// and the order of the diagnostics.
func finish(doc *Document, diags *DiagnosticList) {
	numberCaptions(doc)
	outline(doc)
	diags.Sort(doc.Files)
}
