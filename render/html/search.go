package html

import (
	"bufio"
	"errors"
	"os"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/typo"
	"github.com/galleyhq/galley/render/xhtml"
)

// searchIndexFile is the search index's name under assets/. It is a
// script, not data to fetch, since a page opened from a file (file://) may
// load scripts beside it but fetch nothing.
const searchIndexFile = "search-index.js"

// searchEntry is one thing search can find: a stretch of a page under one
// heading, or a table, figure or box, with its text. The index is a script
// that sets window.galleySearchIndex to an array of entries, written as
// encoding/json writes them; search.js loads it the first time a reader
// searches and looks through it in the browser. The keys, given with each
// field, are short because every entry repeats them.
type searchEntry struct {
	// Title is the heading's title or the caption: what a result shows
	// ("t").
	Title string
	// Page is the title of the page it is on, for context ("p").
	Page string
	// URL is its address from the site's root, with its anchor ("u").
	URL string
	// Text is its words, markup removed; "x", left out when empty.
	Text *searchText
}

// searchIndexWriter writes the index of the whole book, page by page as
// the pages are drawn (see addPage): the index holds the book's whole text,
// typeset as the pages set it, and is written as it is gathered rather
// than built and marshalled whole.
type searchIndexWriter struct {
	file *os.File
	out  *bufio.Writer
	// pool holds the page readers, one for each page being drawn.
	pool sync.Pool

	mu sync.Mutex
	// drawn holds the entries of the pages drawn before the next to
	// write, by page; next is the next page to write, and entries says
	// whether any entry has been written. written holds the buffers of
	// entries written, for the next pages to read into.
	drawn   map[int][]byte
	next    int
	entries bool
	written [][]byte
	err     error
}

// createSearchIndex creates the search index's file for s.
func createSearchIndex(file string, s *site) (*searchIndexWriter, error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	w := &searchIndexWriter{file: f, out: bufio.NewWriterSize(f, 64<<10), drawn: map[int][]byte{}}
	w.pool.New = func() any { return &searchIndex{site: s} }
	w.out.WriteString("window.galleySearchIndex = [")
	return w, nil
}

// addPage adds the entries of page i, drawn with plain the texts of its
// paragraphs, in the order of the pages whatever the order they are
// drawn in: the pages' drawers hand them in as each is drawn, and the
// entries of a page drawn before the page ahead of it wait for it.
func (w *searchIndexWriter) addPage(i int, p *sitePage, plain *xhtml.PlainTexts) {
	ix := w.pool.Get().(*searchIndex)
	w.mu.Lock()
	if n := len(w.written); n > 0 {
		ix.entries, w.written = w.written[n-1], w.written[:n-1]
	}
	w.mu.Unlock()
	ix.readPage(p, plain)
	w.mu.Lock()
	w.drawn[i] = ix.entries
	for {
		entries, ok := w.drawn[w.next]
		if !ok {
			break
		}
		delete(w.drawn, w.next)
		w.next++
		written := entries
		if len(entries) > 0 && !w.entries {
			entries, w.entries = entries[1:], true // the first entry has no comma before it
		}
		if _, err := w.out.Write(entries); err != nil && w.err == nil {
			w.err = err
		}
		w.written = append(w.written, written[:0])
	}
	w.mu.Unlock()
	ix.entries = nil // in drawn or written now
	w.pool.Put(ix)
}

// close ends the index and closes its file.
func (w *searchIndexWriter) close() error {
	w.out.WriteString("];\n")
	err := errors.Join(w.err, w.out.Flush())
	return errors.Join(err, w.file.Close())
}

// searchIndex reads a page into the index's entries.
type searchIndex struct {
	site *site
	// entries are the entries read, each with a comma before it.
	entries []byte
	// page is the page being read, title its title, and plain the texts
	// of its paragraphs as it was drawn.
	page  *sitePage
	title string
	plain *xhtml.PlainTexts
	// cur is the entry of the heading being read, text its words so far.
	cur  searchEntry
	text searchText
	// spare holds the texts of the boxes and tables written, for the next
	// to gather its words into.
	spare []*searchText
}

// readPage cuts a page into entries: one per heading, holding the text up
// to the next heading, and one per box and captioned table or figure,
// holding their own text, so a search for words in a box leads to the box.
func (ix *searchIndex) readPage(p *sitePage, plain *xhtml.PlainTexts) {
	ix.page, ix.title, ix.plain = p, pageTitle(p, ix.site.doc.Config.Title), plain
	ix.cur = searchEntry{Title: ix.title, Page: ix.title, URL: p.Path, Text: &ix.text}
	ix.blocks(p.Blocks, &ix.text)
	ix.flush()
	ix.plain = nil
}

// paragraph adds a paragraph's words to into: its text as the page drew
// it, or as WritePlain writes it.
func (ix *searchIndex) paragraph(p *ast.Paragraph, into *searchText) {
	if text, ok := ix.plain.Text(p); ok {
		into.WriteString(text)
	} else {
		xhtml.WritePlain(into, p.Inlines)
	}
	into.WriteString(" ")
}

// flush writes the current heading's entry.
func (ix *searchIndex) flush() {
	ix.write(ix.cur)
	ix.text.reset()
}

// blocks gathers the words of bs into into; a heading among them ends the
// current heading's entry, even inside a box.
func (ix *searchIndex) blocks(bs []ast.Block, into *searchText) {
	for _, b := range bs {
		switch b := b.(type) {
		case *ast.Heading:
			ix.flush()
			ix.cur = searchEntry{Title: typo.String(b.Title), Page: ix.title, URL: ix.page.Path + "#" + ix.site.links.anchors[b], Text: &ix.text}
		case *ast.Paragraph:
			ix.paragraph(b, into)
		case *ast.List:
			for _, item := range b.Items {
				ix.blocks(item.Blocks, into)
			}
		case *ast.Footnote:
			xhtml.WritePlain(into, b.Inlines)
			into.WriteString(" ")
		case *ast.Formula:
			for _, e := range b.Entries {
				into.WriteString(e.Label)
				into.WriteString(" ")
				into.WriteString(e.Value)
				into.WriteString(" ")
			}
		case *ast.Box:
			inner := ix.spareText()
			ix.blocks(b.Blocks, inner)
			ix.element(b, typo.String(b.Title), inner)
		case *ast.StatBlock:
			// A stat block is titled by the heading it stands under
			// and has no anchor of its own: an entry of its own would
			// be the heading's again, leading to the page's top. Its
			// words are the heading's, and its captioned table and
			// figures have entries of their own.
			ix.blocks(b.Blocks, into)
		case *ast.StatRatings:
			for _, r := range b.Ratings {
				into.WriteString(typo.String(r.Name))
				into.WriteString(" ")
				xhtml.WritePlain(into, r.Value)
				into.WriteString(" ")
			}
		case *ast.Table:
			cells := into
			if b.Caption != nil {
				cells = ix.spareText()
			}
			for _, c := range b.Header {
				cells.WriteString(typo.String(c.Text))
				cells.WriteString(" ")
			}
			for _, row := range b.Rows {
				for _, c := range row {
					cells.WriteString(typo.String(c.Text))
					cells.WriteString(" ")
				}
			}
			if b.Caption != nil {
				ix.element(b, xhtml.CaptionTitle(b.Caption), cells)
			}
		case *ast.Figure:
			if b.Caption != nil {
				ix.element(b, xhtml.CaptionTitle(b.Caption), nil)
			}
		case *ast.Image:
			if b.Caption != nil {
				ix.element(b, xhtml.CaptionTitle(b.Caption), nil)
			}
		}
	}
}

func (ix *searchIndex) spareText() *searchText {
	if n := len(ix.spare); n > 0 {
		t := ix.spare[n-1]
		ix.spare = ix.spare[:n-1]
		return t
	}
	return &searchText{}
}

// element writes the entry of a table, figure or box, linked to its own
// anchor when it has one, else to its page, and keeps its text for the
// next.
func (ix *searchIndex) element(node any, title string, text *searchText) {
	url := ix.page.Path
	if id := ix.site.links.ids[node]; id != "" {
		url += "#" + id
	}
	ix.write(searchEntry{Title: title, Page: ix.title, URL: url, Text: text})
	if text != nil {
		text.reset()
		ix.spare = append(ix.spare, text)
	}
}

// write adds an entry as JSON, with a comma before it.
func (ix *searchIndex) write(e searchEntry) {
	b := append(ix.entries, ',')
	b = appendJSONString(append(b, `{"t":`...), e.Title)
	b = appendJSONString(append(b, `,"p":`...), e.Page)
	b = appendJSONString(append(b, `,"u":`...), e.URL)
	if e.Text != nil && len(e.Text.words) > 0 {
		b = appendJSONString(append(b, `,"x":`...), e.Text.words)
	}
	ix.entries = append(b, '}')
}

// searchText gathers words, one space between each two whatever the
// spaces between them were, as strings.Fields and strings.Join would.
type searchText struct {
	words []byte
	// gap is set when space has been written since the last word.
	gap bool
}

// WriteString adds s, which may begin or end within a word. Words parted
// by one ASCII space, most of a text, are added as one run, space and all.
func (t *searchText) WriteString(s string) (int, error) {
	run := 0 // the start of the words being read
	for i := 0; i < len(s); {
		c, size, space := s[i], 1, false
		if c < utf8.RuneSelf {
			space = asciiSpace[c]
			if c == ' ' && i > run && i+1 < len(s) && s[i+1] < utf8.RuneSelf && !asciiSpace[s[i+1]] {
				i++ // one space between two words: the run goes on
				continue
			}
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			space = unicode.IsSpace(r)
		}
		if space {
			t.addWord(s[run:i])
			t.gap = true
			run = i + size
		}
		i += size
	}
	t.addWord(s[run:])
	return len(s), nil
}

// asciiSpace marks the ASCII characters unicode.IsSpace reports.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

func (t *searchText) addWord(w string) {
	if w == "" {
		return
	}
	if t.gap && len(t.words) > 0 {
		t.words = append(t.words, ' ')
	}
	t.gap = false
	t.words = append(t.words, w...)
}

func (t *searchText) reset() {
	t.words, t.gap = t.words[:0], false
}

// jsonPlain marks the ASCII characters a JSON string holds as they are:
// the rest of ASCII is escaped.
var jsonPlain = func() (plain [utf8.RuneSelf]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		plain[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return plain
}()

// appendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it: markup characters too, so that the index is safe to hold the
// manuscript's text, and the line and paragraph separators, which
// JavaScript reads as line ends.
func appendJSONString[S string | []byte](b []byte, s S) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	done := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if jsonPlain[c] {
				i++
				continue
			}
			b = append(b, s[done:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			}
			i++
			done = i
			continue
		}
		r, size := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(append(b, s[done:i]...), `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(append(b, s[done:i]...), '\\', 'u', '2', '0', '2', hex[r&15])
		default:
			i += size
			continue
		}
		i += size
		done = i
	}
	return append(append(b, s[done:]...), '"')
}
