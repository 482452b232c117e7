// Package html writes a book's website: a page per section under a landing
// page per chapter, with search, the dice roller (the rules engine compiled to
// WebAssembly) and the character sheets as fillable forms.
package html

import (
	"bytes"
	"context"
	"errors"
	"html/template"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/galleyhq/galley/internal/parallel"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/xhtml"
	"github.com/galleyhq/galley/rules"
	"github.com/galleyhq/galley/templates"
)

// rollerFile is the template of the dice roller's panel on every page, by
// its name in package templates. The rest of a page is drawn in Go (see
// drawPage).
const rollerFile = "roller.html.tmpl"

// embeddedRoller draws the roller's panel with the template galley embeds.
var embeddedRoller = template.Must(template.New("site").ParseFS(templates.FS, rollerFile))

// SiteOptions change how WriteSite works; the zero value is what galley
// build uses.
type SiteOptions struct {
	// Files holds the roller's template, the stylesheet and the scripts by
	// their names in package templates; nil means the copies galley
	// embeds. galley serve passes the templates directory of galley's
	// source tree when it has one, so that an edit to one shows at once.
	Files fs.FS
	// Roller provides the dice roller; nil means BuildRoller.
	Roller func(context.Context) (*Roller, error)
	// Proof returns the name of the check the rules engine bound to a
	// table, "" for none, which a proof marks under the table (see
	// Config.Proof); nil in a reader's site, which marks nothing.
	Proof func(*ast.Table) string
}

// SiteSummary says what WriteSite wrote.
type SiteSummary struct {
	// Pages counts the HTML pages.
	Pages int
	// NoRoller is why the site has no dice roller, nil when it has one:
	// ErrNoGo, or why the go command could not compile it (a Go older than
	// galley's, say). The site is complete without it, but for the rolls;
	// the build should warn.
	NoRoller error
	// Diagnostics are the pages heavier than the book's page_weight.
	Diagnostics ast.DiagnosticList
}

// site is the book laid out as pages, with everything the pages share.
type site struct {
	doc *ast.Document
	// proof names the check bound to each table, which a proof (the
	// book's Config.Proof) marks; nil in a reader's site.
	proof func(*ast.Table) string
	// system is the book's system, the context of its dice and charts.
	system string
	pages  []*sitePage
	links  *links
	sheets *sheet.Book
	// toc is the book's outline, where its contents stand.
	toc *ast.TOC
	// headings are the book's headings in order, found once: the
	// anchors, the contents page, the index page and the dice names read
	// them all.
	headings []*ast.Heading
	roller   bool
	// rollerPanel is the dice roller's panel, the same on every page, so
	// drawn once.
	rollerPanel string
	// search is the search index the pages' text goes into as they are
	// drawn; nil when no index is written, as when the pages are only
	// weighed.
	search *searchIndexWriter
	// pictures are the files of the book's pictures.
	pictures pictures
	// diceNames are the names dice notation in the text may stand in,
	// where it does not roll.
	diceNames diceNames

	// rollable caches whether the engine reads each dice notation.
	rollableMu sync.Mutex
	rollable   map[string]bool
	// forms caches each character sheet's form, which is the same
	// wherever it is placed.
	formsMu sync.Mutex
	forms   map[*sheet.Filled]string
}

// WriteSite writes the book's website into dir: index.html with the cover
// and the table of contents, CHAPTER/index.html for each chapter,
// CHAPTER/SECTION.html for each section, 404.html for an address with no
// page, sitemap.xml when the book has a base_url, and assets/ with the stylesheet,
// the scripts, the art font, the search index and the dice roller, which is
// the rules engine compiled to WebAssembly (see BuildRoller). The pages show
// the character sheets of sheets (nil for none) as forms, and link their
// own pages under sheets/, which the sheets part writes.
//
// The site is the same, byte for byte, for the same book: pages are drawn in
// parallel but each from its own data, and nothing depends on the time or on
// a map's order.
func WriteSite(ctx context.Context, doc *ast.Document, sheets *sheet.Book, dir string, opts SiteOptions) (*SiteSummary, error) {
	panel, files := embeddedRoller, fs.FS(templates.FS)
	if opts.Files != nil {
		var err error
		if panel, err = template.New("site").ParseFS(opts.Files, rollerFile); err != nil {
			return nil, err
		}
		files = opts.Files
	}
	buildRoller := opts.Roller
	if buildRoller == nil {
		buildRoller = BuildRoller
	}
	// The art's font is subset and compressed while the site is laid
	// out: neither needs the other.
	type subset struct {
		font []byte
		err  error
	}
	artFontMade := parallel.Go(func() subset {
		font, err := artFont(doc)
		return subset{font, err}
	})
	summary := &SiteSummary{}
	roller, err := buildRoller(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		// A site without dice is still the book; the build says why.
		summary.NoRoller = err
	}
	s := newSite(doc, sheets, opts.Proof, roller != nil)
	if err := s.drawRollerPanel(panel); err != nil {
		return nil, err
	}
	art := artFontMade()
	if art.err != nil {
		return nil, art.err
	}
	shared, err := s.sharedFiles(files, roller, art.font)
	if err != nil {
		return nil, err
	}
	// The shared files (the roller's some 7 MB among them) are written
	// into the assets while the pages are drawn, and the search index, the
	// site's largest file, as they are (see searchIndexWriter); both are
	// finished before WriteSite returns, whatever happens.
	if err := os.MkdirAll(filepath.Join(dir, assetsDir), 0o755); err != nil {
		return nil, err
	}
	sharedWritten := parallel.Go(func() error { return parallel.Catch(func() error { return writeFiles(dir, shared, roller.copies()) }) })
	if s.search, err = createSearchIndex(filepath.Join(dir, assetsDir, searchIndexFile), s); err != nil {
		return nil, errors.Join(err, sharedWritten())
	}
	dirs, err := makePageDirs(dir, s.pages)
	if err != nil {
		return nil, errors.Join(err, sharedWritten(), s.search.close())
	}
	weights, err := s.drawPages(ctx, newPageWeigher(shared), func(p *sitePage, page []byte) error {
		return writePage(dir, p, page, dirs[path.Dir(p.Path)])
	})
	if err := errors.Join(err, sharedWritten(), s.search.close(), s.writeNotFound(dir), s.writeSitemap(dir)); err != nil {
		return nil, err
	}
	summary.Pages = len(s.pages)
	summary.Diagnostics = s.pageWeightWarnings(weights)
	return summary, nil
}

// drawRollerPanel draws the dice roller's panel, which every page shows,
// with panel's "roller" template.
func (s *site) drawRollerPanel(panel *template.Template) error {
	var drawn bytes.Buffer
	if err := panel.ExecuteTemplate(&drawn, "roller", rollerView{Roller: s.roller, System: s.system, Systems: rules.SystemNames()}); err != nil {
		return err
	}
	s.rollerPanel = drawn.String()
	return nil
}

// rollerView is what the "roller" template draws.
type rollerView struct {
	Roller bool
	// System is the book's system, the roller's default context; Systems
	// are all it knows.
	System  string
	Systems []string
}

func newSite(doc *ast.Document, sheets *sheet.Book, proof func(*ast.Table) string, roller bool) *site {
	s := &site{doc: doc, sheets: sheets, system: doc.Config.System, roller: roller, rollable: map[string]bool{}, forms: map[*sheet.Filled]string{}}
	if doc.Config.Proof {
		s.proof = proof
	}
	if _, err := rules.ParseSystem(s.system); err != nil || s.system == "" {
		s.system = "generic"
	}
	s.headings = doc.Headings()
	anchors := newAnchors(s.headings)
	s.pages = splitPages(doc, anchors)
	if doc.Index != nil {
		s.pages = addIndexPage(s.pages, anchors)
	}
	s.links = newLinks(doc, s.pages, anchors)
	s.toc = doc.TOC()
	s.pictures = collectPictures(doc)
	s.diceNames = newDiceNames(doc.Config.Title, s.headings)
	return s
}

// canRoll reports whether the engine reads the dice notation in the book's
// system, so that only notation the roller can throw becomes a roll link.
func (s *site) canRoll(expr string) bool {
	s.rollableMu.Lock()
	defer s.rollableMu.Unlock()
	ok, seen := s.rollable[expr]
	if !seen {
		_, err := rules.Odds(expr, s.system)
		ok = err == nil
		s.rollable[expr] = ok
	}
	return ok
}

// sheetForm returns the HTML form of a character sheet (see SheetForm),
// drawn once however often the book places the sheet.
func (s *site) sheetForm(f *sheet.Filled) (string, error) {
	s.formsMu.Lock()
	defer s.formsMu.Unlock()
	form, ok := s.forms[f]
	if !ok {
		var b strings.Builder
		if err := SheetForm(&b, f, SheetOptions{Book: s.doc.Config.Title}); err != nil {
			return "", err
		}
		form = b.String()
		s.forms[f] = form
	}
	return form, nil
}

// drawPages draws every page, as many at a time as there are processors,
// weighs it with w and hands it to write, when write is not nil. It
// returns the pages' weights, in order.
func (s *site) drawPages(ctx context.Context, w *pageWeigher, write func(p *sitePage, page []byte) error) ([]int64, error) {
	weights := make([]int64, len(s.pages))
	errs := make([]error, len(s.pages))
	parallel.For(len(s.pages), func(i int) {
		if ctx.Err() != nil {
			return
		}
		content, page := buffers.Get().(*bytes.Buffer), buffers.Get().(*bytes.Buffer)
		var plain *xhtml.PlainTexts
		if s.search != nil {
			plain = plainTexts.Get().(*xhtml.PlainTexts)
		}
		defer func() {
			content.Reset()
			page.Reset()
			buffers.Put(content)
			buffers.Put(page)
			if plain != nil {
				plain.Reset()
				plainTexts.Put(plain)
			}
		}()
		p := s.pages[i]
		fetched, err := s.drawPage(ctx, p, page, content, plain)
		if err == nil && s.search != nil {
			s.search.addPage(i, p, plain)
		}
		if err == nil && write != nil {
			err = write(p, page.Bytes())
		}
		weights[i], errs[i] = w.weigh(page.Len(), fetched), err
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return weights, errors.Join(errs...)
}

// buffers holds the buffers pages are drawn in, which grow to the size of a
// page and are used again for the next, rather than grown anew for each.
var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// plainTexts holds where pages keep their paragraphs' texts for the search
// index (see xhtml.PlainTexts), used again from page to page likewise.
var plainTexts = sync.Pool{New: func() any { return new(xhtml.PlainTexts) }}

// makePageDirs makes the directories of the pages, each once, rather than
// have each page ask for its own: a large book's pages share a handful. It
// returns a lock for each, by its path from the site's root, for
// writePage.
func makePageDirs(dir string, pages []*sitePage) (map[string]*sync.Mutex, error) {
	dirs := map[string]*sync.Mutex{}
	for _, p := range pages {
		if sub := path.Dir(p.Path); dirs[sub] == nil {
			dirs[sub] = new(sync.Mutex)
			if err := os.MkdirAll(filepath.Join(dir, filepath.FromSlash(sub)), 0o755); err != nil {
				return nil, err
			}
		}
	}
	return dirs, nil
}

// writePage writes a page's file, which it creates holding created, the
// lock of the file's directory: the kernel lets one file at a time be
// created in a directory, and a second writer would spin waiting, on the
// processor that another page's drawing could use.
func writePage(dir string, p *sitePage, page []byte, created *sync.Mutex) error {
	created.Lock()
	f, err := createFile(filepath.Join(dir, filepath.FromSlash(p.Path)))
	created.Unlock()
	if err != nil {
		return err
	}
	_, err = f.Write(page)
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	return err
}
