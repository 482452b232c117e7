package parser

import (
	"errors"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
)

// ConfigFile is the name of a manuscript directory's configuration.
const ConfigFile = "galley.toml"

// Config is a book's galley.toml. Every key is optional.
//
//	title    = "Nests & Insects"
//	subtitle = "A Roguelike Tabletop Roleplaying Game"
//	system   = "fd100"                  # the rules the book's tables are checked against
//	files    = ["front.txt", "rules.txt"] # reading order; default: *.txt by name
//	paper    = "a4"                     # letter, a5, 6x9, digest or 152x229mm: the PDFs' paper
//	toc_depth = 2                       # heading levels in the contents
//	proof    = false                    # mark the tables the engine checked
//	chapters_open_right = false         # PDF chapters start on a right-hand page
//	press    = false                    # the PDF book for a print-on-demand press
//	authors  = ["Ann Author"]           # the cover's and the title page's
//	version  = "1.0"                    # the title page's edition, with date
//	date     = "November 2026"
//	license  = "CC BY 4.0"
//	credits  = ["Art: …", "Playtesting: …"]
//	cover    = "art/cover.png"          # a picture for the cover (see Image)
//	language = "en"                     # the book's language, a BCP 47 tag
//	identifier = "urn:isbn:…"           # the EPUB's identifier (see BookIdentifier)
//	page_weight = "1MB"                 # the most a page of the site may weigh
type Config struct {
	Title    string   `toml:"title" json:"title,omitempty"`
	Subtitle string   `toml:"subtitle" json:"subtitle,omitempty"`
	System   string   `toml:"system" json:"system"`
	Files    []string `toml:"files" json:"files,omitempty"`
	Paper    string   `toml:"paper" json:"paper"`
	// TOCDepth is how many levels of headings the contents list, in the
	// PDF and on the site; the PDF's bookmarks go one level deeper.
	TOCDepth int `toml:"toc_depth" json:"toc_depth"`
	// Proof marks each table the rules engine checked, in the PDF and on
	// the site: a proof for the author, noise for a reader, so off unless
	// asked for (galley build --proof; galley serve shows them).
	Proof bool `toml:"proof" json:"proof,omitempty"`
	// ChaptersOpenRight starts each chapter of the PDF on a right-hand
	// (odd) page, as a printed book's do, leaving the page before it
	// blank when it would fall on the left. Every chapter starts a new
	// page either way.
	ChaptersOpenRight bool `toml:"chapters_open_right" json:"chapters_open_right,omitempty"`
	// Press makes the PDF book ready for a print-on-demand press: pages
	// that bleed past the trim, with their trim and bleed boxes, an sRGB
	// output intent, a page count padded to a multiple of four, and the
	// preflight checks a printer makes, from galley check.
	Press bool `toml:"press" json:"press,omitempty"`
	// Authors, Version, Date, License and Credits are the book's
	// colophon, which the PDF's cover and title page print.
	Authors []string `toml:"authors" json:"authors,omitempty"`
	Version string   `toml:"version" json:"version,omitempty"`
	Date    string   `toml:"date" json:"date,omitempty"`
	License string   `toml:"license" json:"license,omitempty"`
	Credits []string `toml:"credits" json:"credits,omitempty"`
	// Cover is a picture's path, relative to the manuscript directory: the
	// PDF's cover draws it in place of the cover page's art, the site's
	// index shows it (see Document.Cover).
	Cover string `toml:"cover" json:"cover,omitempty"`
	// Language is the book's language as a BCP 47 tag ("en", "de-CH"),
	// which the EPUB declares, for a reading system's voice and
	// hyphenation. Default DefaultLanguage.
	Language string `toml:"language" json:"language,omitempty"`
	// Identifier is the EPUB's unique identifier, an ISBN's URN or any
	// URI the publisher keeps; "" for one derived from the title and the
	// authors (see BookIdentifier).
	Identifier string `toml:"identifier" json:"identifier,omitempty"`
	// PageWeight is the most a page of the site may weigh on first view,
	// in bytes ("1MB", "800KB", "1.5MB"; a kB is 1000 bytes, as browsers
	// count them): a heavier page is a warning (see html's page weight).
	// "" is DefaultPageWeight.
	PageWeight string `toml:"page_weight" json:"page_weight,omitempty"`

	// filesAt is where each of Files is written in galley.toml.
	filesAt []Pos
}

// DefaultSystem is the rules system of a book that names none: Fuzzy d100,
// the system of the book galley was made for.
const DefaultSystem = "fd100"

// DefaultPageWeight is the budget of a site's page in a book whose
// galley.toml sets none: the heaviest page of the bundled book, with its
// stylesheet, scripts and art font, weighs about half of it.
const DefaultPageWeight = "1MB"

// ParseByteSize reads a size in bytes, "1MB", "1.5 MB", "800kB" or
// "250000" (a kB is 1000 bytes, an MB a million), and reports whether s
// is one.
func ParseByteSize(s string) (int64, bool) {
	number := strings.ToLower(strings.TrimSpace(s))
	scale := 1.0
	for _, unit := range []struct {
		suffix string
		scale  float64
	}{{"mb", 1e6}, {"kb", 1e3}, {"b", 1}} {
		if rest, ok := strings.CutSuffix(number, unit.suffix); ok {
			number, scale = strings.TrimSpace(rest), unit.scale
			break
		}
	}
	n, err := strconv.ParseFloat(number, 64)
	if err != nil || n <= 0 || n*scale > 1e15 {
		return 0, false
	}
	return int64(n * scale), true
}

// DefaultLanguage is the language of a book whose galley.toml names none.
const DefaultLanguage = "en"

// DefaultTOCDepth is how many levels of headings the contents list when
// galley.toml does not say: chapters and their sections.
const DefaultTOCDepth = 2

// Systems lists the rules systems a book may name.
var Systems = []string{"fd100", "pool", "2d12", "trigger", "generic"}

// readConfig reads the directory's galley.toml into d.Config, and keeps
// its text for the diagnostics that quote it. A missing file gives the
// defaults; a malformed one gives positioned diagnostics.
func (d *Document) readConfig(dir *BookDir, diags *DiagnosticList) error {
	path := dir.Join(ConfigFile)
	text, err := dir.readFile(ConfigFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if code, msg := fileProblem(ConfigFile, err); code != "" {
		diags.Errorf(Pos{File: path, Line: 1, Col: 1}, code, msg)
		return nil
	}
	if err != nil {
		return err
	}
	d.source[path] = quotedSource(text)
	cfg := defaultConfig()
	meta, err := toml.Decode(text, cfg)
	if err != nil {
		var perr toml.ParseError
		pos := Pos{File: path, Line: 1, Col: 1}
		if errors.As(err, &perr) {
			pos.Line, pos.Col = perr.Position.Line, perr.Position.Col
		}
		diags.Errorf(pos, "config/syntax", "galley.toml: "+firstLine(err.Error()))
		return nil
	}
	for _, key := range meta.Undecoded() {
		diags.Warnf(Pos{File: path, Line: 1, Col: 1}, "config/unknown", `galley.toml: unknown key "`+key.String()+`"`)
	}
	if cfg.System == "" {
		cfg.System = DefaultSystem
	}
	cfg.Paper = strings.ToLower(cfg.Paper)
	if cfg.Paper == "" {
		cfg.Paper = Papers[0]
	}
	if _, err := ParsePaper(cfg.Paper); err != nil {
		at, _ := valuePositions(path, text, "paper")
		diags.Errorf(at, "config/paper", "galley.toml: "+err.Error())
		cfg.Paper = Papers[0]
	}
	if cfg.Language == "" {
		cfg.Language = DefaultLanguage
	}
	if !validLanguageTag(cfg.Language) {
		at, _ := valuePositions(path, text, "language")
		diags.Errorf(at, "config/language", `galley.toml: language "`+cfg.Language+`" is not a language tag such as "en" or "pt-BR"`)
		cfg.Language = DefaultLanguage
	}
	if cfg.PageWeight == "" {
		cfg.PageWeight = DefaultPageWeight
	}
	if _, ok := ParseByteSize(cfg.PageWeight); !ok {
		at, _ := valuePositions(path, text, "page_weight")
		diags.Errorf(at, "config/page_weight", `galley.toml: page_weight "`+cfg.PageWeight+`" is not a size such as "1MB" or "800KB"`)
		cfg.PageWeight = DefaultPageWeight
	}
	if cfg.TOCDepth < 1 {
		at, _ := valuePositions(path, text, "toc_depth")
		diags.Errorf(at, "config/toc_depth", "galley.toml: toc_depth is "+strconv.Itoa(cfg.TOCDepth)+"; the contents list at least the chapters, depth 1")
		cfg.TOCDepth = DefaultTOCDepth
	}
	if !slices.Contains(Systems, cfg.System) {
		at, _ := valuePositions(path, text, "system")
		diags.Errorf(at, "config/system",
			`galley.toml: unknown system "`+cfg.System+`"; galley knows `+strings.Join(Systems, ", "))
	}
	at, files := valuePositions(path, text, "files")
	cfg.filesAt = make([]Pos, len(cfg.Files))
	for i := range cfg.filesAt {
		cfg.filesAt[i] = at
		if i < len(files) {
			cfg.filesAt[i] = files[i]
		}
	}
	if cfg.Cover != "" {
		at, _ := valuePositions(path, text, "cover")
		d.Cover = &Image{blockNode: blockNode{at}, Path: cfg.Cover, PathPos: at, Alt: "Cover of " + cfg.Title}
	}
	d.Config = cfg
	return nil
}

// valuePositions returns where the value of a top-level key starts in a
// TOML document and, when it is an array, where each string in it starts
// (at its quote), for diagnostics about a value: the toml package keeps no
// positions. A key it cannot find is placed at the file's start.
func valuePositions(file, text, key string) (value Pos, strs []Pos) {
	value = Pos{File: file, Line: 1, Col: 1}
	start := -1
	for lineStart, line := 0, 1; lineStart < len(text); line++ {
		end := strings.IndexByte(text[lineStart:], '\n')
		if end < 0 {
			end = len(text) - lineStart
		}
		t := strings.TrimLeft(text[lineStart:lineStart+end], " \t")
		if strings.HasPrefix(t, "[") {
			break // a table: the top-level keys are all above it
		}
		if rest, ok := strings.CutPrefix(t, key); ok {
			if rest = strings.TrimLeft(rest, " \t"); strings.HasPrefix(rest, "=") {
				rest = strings.TrimLeft(rest[1:], " \t")
				start = lineStart + end - len(rest)
				value.Line = line
				value.Col = 1 + utf8.RuneCountInString(text[lineStart:start])
				break
			}
		}
		lineStart += end + 1
	}
	if start < 0 || !strings.HasPrefix(text[start:], "[") {
		return value, nil
	}
	line, col, depth := value.Line, value.Col, 0
	var quote rune // the quote of the string being read, or 0
	escaped, comment := false, false
	for _, r := range text[start:] {
		switch {
		case r == '\n':
			line, col = line+1, 0
			quote, comment = 0, false
		case comment:
		case quote != 0:
			switch {
			case escaped:
				escaped = false
			case r == '\\' && quote == '"':
				escaped = true
			case r == quote:
				quote = 0
			}
		case r == '#':
			comment = true
		case r == '"' || r == '\'':
			strs = append(strs, Pos{File: file, Line: line, Col: col})
			quote = r
		case r == '[':
			depth++
		case r == ']':
			if depth--; depth == 0 {
				return value, strs
			}
		}
		col++
	}
	return value, strs
}

// quotedSource keeps a file that is not a manuscript file, galley.toml,
// for the diagnostics that quote its lines.
func quotedSource(text string) *sourceFile {
	f := &sourceFile{text: text, valid: utf8.ValidString(text)}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			f.ends = append(f.ends, i)
		}
	}
	if !strings.HasSuffix(text, "\n") && text != "" {
		f.ends = append(f.ends, len(text))
	}
	return f
}

// defaultConfig is the configuration of a book without galley.toml.
func defaultConfig() *Config {
	return &Config{System: DefaultSystem, Paper: Papers[0], TOCDepth: DefaultTOCDepth, Language: DefaultLanguage, PageWeight: DefaultPageWeight}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
