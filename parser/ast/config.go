package ast

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

	// filesAt is where each of Files is written in galley.toml.
	filesAt []Pos
}

// DefaultSystem is the rules system of a book that names none: Fuzzy d100,
// the system of the book galley was made for.
const DefaultSystem = "fd100"

// DefaultTOCDepth is how many levels of headings the contents list when
// galley.toml does not say: chapters and their sections.
const DefaultTOCDepth = 2

// Systems lists the rules systems a book may name.
var Systems = []string{"fd100", "pool", "2d12", "trigger", "generic"}
