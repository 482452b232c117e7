package ast

import (
	"strconv"
	"strings"
)

// ConfigFile is the name of a manuscript directory's configuration, which
// Config holds.
const ConfigFile = "galley.toml"

// StaticDir is the directory of a manuscript whose files a build copies
// into the output as they are, as Hugo's static/: CNAME, .nojekyll, images
// (see Document.Static).
const StaticDir = "static"

// Config is a book's galley.toml. Every key is optional.
//
//	title    = "Nests & Insects"          # default: the manuscript's name, if it is words
//	subtitle = "A Roguelike Tabletop Roleplaying Game"
//	system   = "fd100"                  # the rules the book's tables are checked against; default: inferred
//	files    = ["front.txt", "rules.txt"] # reading order; default: *.txt by name
//	paper    = "a4"                     # letter, a5, 6x9, digest or 152x229mm: the PDFs' paper
//	toc_depth = 2                       # heading levels in the contents
//	proof    = false                    # mark the tables the engine checked
//	chapters = "page"                   # page, right or continue: where a PDF chapter starts
//	press    = false                    # the PDF book for a print-on-demand press: true or "kdp", "lulu", "ingram", "drivethrurpg"
//	paper_stock = "white"               # the press's paper, "white", "cream" or "colour": the cover's spine
//	blurb    = "…"                      # the back cover's text
//	authors  = ["Ann Author"]           # the cover's and the title page's
//	version  = "1.0"                    # the title page's edition, with date
//	date     = "November 2026"
//	license  = "CC BY 4.0"
//	credits  = ["Art: …", "Playtesting: …"]
//	cover    = "art/cover.png"          # a picture for the cover (see Image)
//	language = "en"                     # the book's language, a BCP 47 tag
//	identifier = "urn:isbn:…"           # the EPUB's identifier (see BookIdentifier)
//	page_weight = "1MB"                 # the most a page of the site may weigh
//	base_url = "https://example.org/book/" # where the site is published: its sitemap
//	cover_has_title = false             # the cover picture draws the title itself
//	picture_megapixels = 40             # the most pixels a picture may have
type Config struct {
	// Title is the book's title. Left out, a book read from disk takes
	// its manuscript's name for one when the name reads as words: the
	// directory "the_hollow-mill" is "The hollow mill", the file
	// "rules.md" is "Rules"; a name with digits or other signs leaves the
	// book untitled, "", and every writer then does without a title.
	Title    string `toml:"title" json:"title,omitempty"`
	Subtitle string `toml:"subtitle" json:"subtitle,omitempty"`
	// System is the rules system the book's tables are checked against
	// and its dice read in. The parser leaves it "" when galley.toml
	// names none; the pipeline then infers it, and says why in
	// SystemInferred.
	System string   `toml:"system" json:"system"`
	Files  []string `toml:"files" json:"files,omitempty"`
	Paper  string   `toml:"paper" json:"paper"`
	// TOCDepth is how many levels of headings the contents list, in the
	// PDF and on the site; the PDF's bookmarks go one level deeper.
	TOCDepth int `toml:"toc_depth" json:"toc_depth"`
	// Proof marks each table the rules engine checked, in the PDF and on
	// the site: a proof for the author, noise for a reader, so off unless
	// asked for (galley build --proof; galley serve shows them).
	Proof bool `toml:"proof" json:"proof,omitempty"`
	// Chapters is where each chapter of the PDF starts: ChaptersPage, on
	// a new page (the default); ChaptersRight, on a right-hand (odd) page,
	// as a printed book's do, leaving the page before it blank when it
	// would fall on the left; ChaptersContinue, on after the chapter
	// before, as a quick reference's short chapters run.
	Chapters string `toml:"chapters" json:"chapters"`
	// Index says which entries the back-of-book index holds: IndexAuto
	// (the default), the terms galley infers from the book's vocabulary
	// and the author's \index marks; IndexManual, the marks alone;
	// IndexOff, no index.
	Index string `toml:"index" json:"index"`
	// IndexExclude lists terms the index leaves out, compared without
	// regard to case: an inferred term the author does not want.
	IndexExclude []string `toml:"index_exclude" json:"index_exclude,omitempty"`
	// ChaptersOpenRight is the old name of Chapters = ChaptersRight, read
	// as it when Chapters is not set.
	ChaptersOpenRight bool `toml:"chapters_open_right" json:"chapters_open_right,omitempty"`
	// Press names the print-on-demand press the PDF book is made ready
	// for, one of Presses, or "" for a reader's book: its pages bleed past
	// the trim, with their trim and bleed boxes, its colours and output
	// intent are the press's, its page count is padded to the press's
	// multiple, a cover of its own is written beside it, and galley check
	// makes the preflight checks a printer makes (see render/pdf's press
	// table).
	Press PressName `toml:"press" json:"press,omitempty"`
	// PaperStock is the paper a press prints the book on, one of
	// PaperStocks (default "white"): the cover's spine is as thick as the
	// press says a page of it is.
	PaperStock string `toml:"paper_stock" json:"paper_stock,omitempty"`
	// Blurb is the text of the press cover's back.
	Blurb string `toml:"blurb" json:"blurb,omitempty"`
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
	// which the site's pages and the EPUB declare, for a browser's or a
	// reading system's voice and hyphenation. Default DefaultLanguage.
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
	// BaseURL is the address the site is published at, ending in "/"
	// ("https://example.org/book/"): the site then has a sitemap.xml of
	// its pages' addresses, and each page its canonical address. "" for
	// a site that does not know where it stands, which has neither.
	BaseURL string `toml:"base_url" json:"base_url,omitempty"`
	// CoverHasTitle says that the cover picture draws the book's title
	// and subtitle itself, as a designed cover does: the PDF's cover then
	// prints no title over it.
	CoverHasTitle bool `toml:"cover_has_title" json:"cover_has_title,omitempty"`
	// SystemInferred says, when galley.toml names no system, what the
	// book holds that System was inferred from ("the prose names it 15
	// times"); "" when galley.toml names it.
	SystemInferred string `toml:"-" json:"system_inferred,omitempty"`
	// PictureMegapixels is the most pixels, in millions, that a PNG or a
	// JPEG of the book may have: each is decoded whole before the book is
	// written, and the budget bounds what that takes (four bytes a pixel,
	// eight for a 16-bit PNG). The parser sets the default, 40.
	PictureMegapixels float64 `toml:"picture_megapixels" json:"picture_megapixels,omitempty"`

	// Positions are where galley.toml writes the values the books print,
	// by key (title, subtitle, authors, version, date, license, credits,
	// identifier, cover), for the diagnostics of a writer's own checks of
	// them (see ValuePos); the parser sets them.
	Positions map[string]ConfigPos `toml:"-" json:"-"`
}

// ConfigPos is where galley.toml writes a value: the value, and each string
// of an array (authors, credits).
type ConfigPos struct {
	Value   Pos
	Strings []Pos
}

// ValuePos returns where galley.toml writes the value of key, or for an
// array the string at index i of it; false for a key galley.toml does not
// write, as a book without galley.toml has none.
func (c *Config) ValuePos(key string, i int) (Pos, bool) {
	at, ok := c.Positions[key]
	if !ok {
		return Pos{}, false
	}
	if i >= 0 && i < len(at.Strings) {
		return at.Strings[i], true
	}
	return at.Value, true
}

// MaxPicturePixels returns the budget of a picture's pixels (see
// PictureMegapixels).
func (c *Config) MaxPicturePixels() int64 { return int64(c.PictureMegapixels * 1e6) }

// HasTitlePage reports whether the book has anything for a title page to
// print: a title, a subtitle or a colophon. The print and e-books leave out
// a title page that would be blank; one with a colophon but no title keeps
// it, since the credits and the licence are there because the author asked
// for them.
func (c *Config) HasTitlePage() bool {
	return c.Title != "" || c.Subtitle != "" || len(c.Authors) > 0 ||
		c.Version != "" || c.Date != "" || len(c.Credits) > 0 || c.License != ""
}

// Where a chapter of the PDF starts (see Config.Chapters).
const (
	ChaptersPage     = "page"
	ChaptersRight    = "right"
	ChaptersContinue = "continue"
)

// The index settings (see Config.Index).
const (
	IndexAuto   = "auto"
	IndexManual = "manual"
	IndexOff    = "off"
)

// IndexSettings lists the values of Config.Index.
var IndexSettings = []string{IndexAuto, IndexManual, IndexOff}

// ChapterStarts are the values Config.Chapters takes, the default first.
var ChapterStarts = []string{ChaptersPage, ChaptersRight, ChaptersContinue}

// StarterSystem is the system of the book galley new starts when not told
// another: Fuzzy d100, the system of the book galley was made for. A book
// whose galley.toml names no system has one inferred from what it holds
// (see SystemInferred).
const StarterSystem = "fd100"

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
	// Neither NaN, which compares false with every bound, nor less than a
	// byte, which would make a budget of 0.
	if err != nil || !(n*scale >= 1 && n*scale <= 1e15) {
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
