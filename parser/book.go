package parser

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/galleyhq/galley/internal/regular"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/markdown"
	"github.com/galleyhq/galley/parser/markup"
	"github.com/galleyhq/galley/parser/outline"
	"github.com/galleyhq/galley/parser/prose"
)

// Parse parses one manuscript file held in memory. name is used in
// positions. It never fails: every problem is a diagnostic.
func Parse(name string, src []byte) (*ast.Document, ast.DiagnosticList) {
	return parse(name, src, markup.MinChunkLines, FormatGalley)
}

// ParseMarkdown parses one Markdown file held in memory, as Parse does a
// file of the markup.
func ParseMarkdown(name string, src []byte) (*ast.Document, ast.DiagnosticList) {
	return parse(name, src, markup.MinChunkLines, FormatMarkdown)
}

// ParseOutline parses one numbered outline held in memory, as Parse does a
// file of the markup.
func ParseOutline(name string, src []byte) (*ast.Document, ast.DiagnosticList) {
	return parse(name, src, markup.MinChunkLines, FormatOutline)
}

// parse is Parse with the line pass cut into chunks of at least chunkLines
// lines (see prose.Parser), never when chunkLines is 0, reading src in
// format.
func parse(name string, src []byte, chunkLines int, format Format) (*ast.Document, ast.DiagnosticList) {
	var diags ast.DiagnosticList
	srcs := prose.Sources{}
	doc := &ast.Document{Config: defaultConfig(), Files: []string{name}, Source: srcs}
	p := prose.NewParser(&diags, chunkLines)
	doc.Blocks = parseFile(p, srcs, name, string(src), format)
	doc.NumbersChecked = format == FormatOutline
	finish(doc, p, nil)
	return doc, diags
}

// ParseBook reads a manuscript: one file, or a directory of files read in the
// order its galley.toml gives, else in name order (every *.txt). The error
// is for what stops galley from reading at all (a missing path, an
// unreadable file); problems in the book are diagnostics, a file that
// galley.toml names but that is missing or outside the directory among
// them. Each file is read in the format its extension names, or its
// text shows (see FormatOf).
func ParseBook(path string) (*ast.Document, ast.DiagnosticList, error) {
	return ParseBookFrom(path, "")
}

// ParseBookFrom is ParseBook reading every file whose extension names no
// format in from: Markdown for --from markdown, whatever the file is
// called. A book in which its reader finds no heading at all is warned of:
// it is likelier written in another format than the one it was read in.
func ParseBookFrom(path string, from Format) (*ast.Document, ast.DiagnosticList, error) {
	var diags ast.DiagnosticList
	info, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	srcs := prose.Sources{}
	doc := &ast.Document{Config: defaultConfig(), Source: srcs}
	var texts []string
	// newest is the latest modification time of the files read.
	var newest time.Time
	// imageDir is the directory the pictures' paths are read from: the
	// manuscript directory, or a single file's.
	var imageDir *BookDir
	if info.IsDir() {
		dir, err := NewBookDir(path)
		if err != nil {
			return nil, nil, err
		}
		doc.Dir, imageDir = dir, dir
		filesAt, err := readConfig(doc, srcs, dir, &diags)
		if err != nil {
			return nil, nil, err
		}
		if doc.Files, texts, err = readManuscriptFiles(dir, doc.Config, filesAt, &diags); err != nil {
			return nil, nil, err
		}
		if doc.Static, err = dir.staticFiles(&diags); err != nil {
			return nil, nil, err
		}
		newest = dir.newestFile()
	} else {
		text, err := readSource(path)
		if err != nil {
			return nil, nil, err
		}
		doc.Files, texts = []string{path}, []string{text}
		if imageDir, err = NewBookDir(filepath.Dir(path)); err != nil {
			return nil, nil, err
		}
		newest = info.ModTime()
	}
	if doc.Config.Title == "" {
		doc.Config.Title = titleFromName(path, info.IsDir())
	}
	if doc.Date, err = bookDate(newest); err != nil {
		return nil, nil, err
	}
	p := prose.NewParser(&diags, markup.MinChunkLines)
	formats := make([]Format, len(doc.Files))
	for i, file := range doc.Files {
		formats[i] = FormatOf(file, texts[i], from)
		doc.Blocks = append(doc.Blocks, parseFile(p, srcs, file, texts[i], formats[i])...)
		doc.NumbersChecked = doc.NumbersChecked || formats[i] == FormatOutline
	}
	if len(doc.Blocks) >= minBlocksForHeadings && !doc.HasHeading() {
		warnNoHeadings(doc.Files[0], formats[0], &diags)
	}
	finish(doc, p, imageDir)
	return doc, diags, nil
}

// titleFromName is the title of an untitled book read from path: its
// directory's name, or its file's without the extension, when that name
// reads as words (letters, with spaces, '-' or '_' between them; those two
// read as spaces, and the first letter is a capital), so that "rules.md"
// is "Rules" and "the_hollow-mill" is "The hollow mill". Any other name
// ("000_9527e596835b1710", "draft2") is no title: "" rather than a title
// no author would write.
func titleFromName(path string, isDir bool) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs // "." names the working directory
	}
	name := filepath.Base(path)
	if !isDir {
		name = strings.TrimSuffix(name, filepath.Ext(name))
	}
	words := strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '-' || r == '_' })
	for _, word := range words {
		for _, r := range word {
			if !unicode.IsLetter(r) {
				return ""
			}
		}
	}
	title := strings.Join(words, " ")
	first, size := utf8.DecodeRuneInString(title)
	if size == 0 {
		return ""
	}
	return string(unicode.ToUpper(first)) + title[size:]
}

// readSource reads a manuscript file named on the command line: a regular
// file, never a FIFO, which would keep galley waiting (see package
// regular).
func readSource(path string) (string, error) {
	f, err := regular.Open(path, false)
	if err != nil {
		return "", err
	}
	defer f.Close()
	return readAll(f)
}

// readAll reads a file as a string. The tree's strings are slices of it.
// The file is read straight into the bytes the string then holds, as
// os.ReadFile reads and strings.Builder hands its bytes over: io.Copy
// would pass a 12 MB book through a 32 KB buffer, a copy of the book.
func readAll(f *os.File) (string, error) {
	size := 0
	if info, err := f.Stat(); err == nil {
		size = int(info.Size())
	}
	// One byte more than the file holds lets the read that finds its
	// end do so without growing the slice.
	data := make([]byte, 0, size+1)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
		if len(data) == cap(data) {
			// The file grew since it was measured.
			data = slices.Grow(data, len(data))
		}
	}
	return unsafe.String(unsafe.SliceData(data), len(data)), nil
}

// readManuscriptFiles reads a directory's manuscript files, in reading
// order, and returns their paths and texts. A file galley.toml names that
// is missing or outside the directory is an error at its name there, and
// a *.txt file that links out of the directory is one at the file; neither
// is read. Every file is read before any is parsed, so that one that cannot
// be read stops galley before the prose workers start.
func readManuscriptFiles(dir *BookDir, cfg *ast.Config, filesAt []ast.Pos, diags *ast.DiagnosticList) (files, texts []string, err error) {
	names, at := cfg.Files, filesAt
	listed := len(names) == 0
	entries, err := os.ReadDir(dir.Path)
	if err != nil {
		return nil, nil, err
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".txt") && !isMarkdownName(e.Name()) {
			continue
		}
		switch {
		case listed:
			names = append(names, e.Name())
			at = append(at, ast.Pos{File: dir.Join(e.Name()), Line: 1, Col: 1})
		case e.Type().IsRegular() && !slices.ContainsFunc(cfg.Files, func(f string) bool { return filepath.Clean(filepath.FromSlash(f)) == e.Name() }) && !isReadme(e.Name()):
			// A chapter added beside the others is easily left out of
			// files, and the book then goes on without it, silently.
			diags.Warnf(at[len(at)-1], "book/unlisted", "galley.toml: "+e.Name()+" is in the manuscript's directory but not in files, so the book leaves it out: add it to files where it belongs in the reading order")
		}
	}
	for i, name := range names {
		text, err := dir.readFile(name)
		if code, msg := fileProblem(name, err); code != "" {
			if !listed {
				msg = "galley.toml: " + msg
			}
			diags.Errorf(at[i], code, msg)
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		files = append(files, dir.Join(name))
		texts = append(texts, text)
	}
	return files, texts, nil
}

// isReadme reports whether a file is the directory's README, which
// describes the book's repository rather than being a chapter of it.
func isReadme(name string) bool {
	return strings.HasPrefix(strings.ToLower(name), "readme.")
}

// parseFile reads one file with the reader of its format, and keeps the
// file in srcs. The inlines of its prose are parsed by p.Prose, and are
// all there once p.Finish returns.
func parseFile(p *prose.Parser, srcs prose.Sources, name, text string, format Format) []ast.Block {
	source := prose.ReadFile(name, text, p.Diags)
	srcs[name] = source
	switch format {
	case FormatMarkdown:
		return markdown.Read(p, name, source)
	case FormatOutline:
		return outline.Read(p, name, source)
	}
	return markup.Read(p, name, source)
}

// minBlocksForHeadings is how many blocks a book has before one without a
// heading is warned of: a handout of a few paragraphs and a table needs
// none, but a book of pages without one has no contents and no chapters,
// and was most likely read in the wrong format.
const minBlocksForHeadings = 20

// warnNoHeadings warns that no heading was found in a book whose first
// file, file, was read as format, and says how to read it as another.
func warnNoHeadings(file string, format Format, diags *ast.DiagnosticList) {
	var others []string
	for _, f := range Formats {
		if f != format {
			others = append(others, "--from "+string(f)+" reads it as "+f.name())
		}
	}
	diags.Warnf(ast.Pos{File: file, Line: 1, Col: 1}, "book/no-headings", "no heading was found reading the book as "+format.name()+
		", so it has no contents and no chapters: if it is written otherwise, "+strings.Join(others, ", and "))
}

// finish runs the passes that need the whole book, once every file is
// read: the readers' own (see prose.Parser.Finish), the pictures, and the
// order of the diagnostics. imageDir is where the pictures' paths are read
// from, nil for a book parsed from memory.
func finish(doc *ast.Document, p *prose.Parser, imageDir *BookDir) {
	p.Finish(doc)
	resolveImages(doc, imageDir, p.Diags)
	p.Diags.Sort(doc.Files)
}
