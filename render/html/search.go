package html

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser"
)

// searchIndexFile is the search index's name under assets/.
const searchIndexFile = "search.json"

// searchEntry is one thing search can find: a stretch of a page under one
// heading, or a table, figure or box, with its text. search.js fetches the
// index the first time a reader searches and looks through it in the
// browser; the keys are short because every entry repeats them.
type searchEntry struct {
	// Title is the heading's title or the caption: what a result shows.
	Title string `json:"t"`
	// Page is the title of the page it is on, for context.
	Page string `json:"p"`
	// URL is its address from the site's root, with its anchor.
	URL string `json:"u"`
	// Text is its words, markup removed.
	Text string `json:"x,omitempty"`
}

// writeSearchIndex writes the index of the whole book.
func writeSearchIndex(file string, s *site) error {
	var entries []searchEntry
	for _, p := range s.pages {
		entries = append(entries, s.searchPage(p)...)
	}
	data, err := json.Marshal(entries)
	if err != nil {
		return err
	}
	return os.WriteFile(file, data, 0o644)
}

// searchPage cuts a page into entries: one per heading, holding the text up
// to the next heading, and one per box and captioned table or figure,
// holding their own text, so a search for words in a box leads to the box.
func (s *site) searchPage(p *sitePage) []searchEntry {
	title := pageTitle(p, s.doc.Config.Title)
	cur := searchEntry{Title: title, Page: title, URL: p.Path}
	var entries []searchEntry
	var text strings.Builder
	flush := func() {
		cur.Text = strings.Join(strings.Fields(text.String()), " ")
		entries = append(entries, cur)
		text.Reset()
	}
	var add func(blocks []parser.Block, into *strings.Builder)
	add = func(blocks []parser.Block, into *strings.Builder) {
		for _, b := range blocks {
			switch b := b.(type) {
			case *parser.Heading:
				flush()
				cur = searchEntry{Title: b.Title, Page: title, URL: p.Path + "#" + s.links.anchors[b]}
			case *parser.Paragraph:
				into.WriteString(plainText(b.Inlines) + " ")
			case *parser.List:
				for _, item := range b.Items {
					add(item.Blocks, into)
				}
			case *parser.Footnote:
				into.WriteString(plainText(b.Inlines) + " ")
			case *parser.Formula:
				for _, e := range b.Entries {
					into.WriteString(e.Label + " " + e.Value + " ")
				}
			case *parser.Box:
				var inner strings.Builder
				add(b.Blocks, &inner)
				entries = append(entries, s.element(p, b, b.Title, inner.String()))
			case *parser.Table:
				var cells strings.Builder
				for _, c := range b.Header {
					cells.WriteString(c.Text + " ")
				}
				for _, row := range b.Rows {
					for _, c := range row {
						cells.WriteString(c.Text + " ")
					}
				}
				if b.Caption != nil {
					entries = append(entries, s.element(p, b, captionTitle(b.Caption), cells.String()))
				} else {
					into.WriteString(cells.String())
				}
			case *parser.Figure:
				if b.Caption != nil {
					entries = append(entries, s.element(p, b, captionTitle(b.Caption), ""))
				}
			}
		}
	}
	add(p.Blocks, &text)
	flush()
	return entries
}

// element is the entry of a table, figure or box: linked to its own anchor
// when it has one, else to its page.
func (s *site) element(p *sitePage, node any, title, text string) searchEntry {
	url := p.Path
	if id := s.links.ids[node]; id != "" {
		url += "#" + id
	}
	return searchEntry{Title: title, Page: pageTitle(p, s.doc.Config.Title), URL: url, Text: strings.Join(strings.Fields(text), " ")}
}

func captionTitle(c *parser.Caption) string {
	return c.Label + " " + strconv.Itoa(c.Number) + ": " + plainText(c.Inlines)
}
