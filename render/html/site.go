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
	"path/filepath"
	"runtime"
	"sync"

	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/rules"
	"github.com/galleyhq/galley/rules/check"
	"github.com/galleyhq/galley/templates"
)

// siteFiles are the templates, stylesheet and scripts of the site, by
// their names in package templates.
var siteFiles = []string{"site.html.tmpl", "blocks.html.tmpl"}

// embeddedTemplates draws the pages with the templates galley embeds:
// "page", the layout, and the blocks and inlines it includes.
var embeddedTemplates = template.Must(template.New("site").ParseFS(templates.FS, siteFiles...))

// SiteOptions change how WriteSite works; the zero value is what galley
// build uses.
type SiteOptions struct {
	// Files holds the site's templates, stylesheet and scripts by their
	// names in package templates; nil means the copies galley embeds.
	// galley serve passes the templates directory of galley's source tree
	// when it has one, so that an edit to a template shows at once.
	Files fs.FS
	// Roller provides the dice roller; nil means BuildRoller.
	Roller func(context.Context) (*Roller, error)
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
}

// site is the book laid out as pages, with everything the pages share.
type site struct {
	doc    *parser.Document
	checks *check.Result
	// system is the book's system, the context of its dice and charts.
	system string
	pages  []*sitePage
	links  *links
	sheets *parser.BookSheets
	roller bool
	// templates draws the pages.
	templates *template.Template

	// rollable caches whether the engine reads each dice notation.
	rollableMu sync.Mutex
	rollable   map[string]bool
}

// WriteSite writes the book's website into dir: index.html with the cover
// and the table of contents, CHAPTER/index.html for each chapter,
// CHAPTER/SECTION.html for each section, and assets/ with the stylesheet,
// the scripts, the art font, the search index and the dice roller, which is
// the rules engine compiled to WebAssembly (see BuildRoller). The pages link
// the character sheets under sheets/, which the sheets part writes. checks
// marks the tables the engine checked; it may be nil.
//
// The site is the same, byte for byte, for the same book: pages are drawn in
// parallel but each from its own data, and nothing depends on the time or on
// a map's order.
func WriteSite(ctx context.Context, doc *parser.Document, checks *check.Result, dir string, opts SiteOptions) (*SiteSummary, error) {
	pages, files := embeddedTemplates, fs.FS(templates.FS)
	if opts.Files != nil {
		var err error
		if pages, err = template.New("site").ParseFS(opts.Files, siteFiles...); err != nil {
			return nil, err
		}
		files = opts.Files
	}
	buildRoller := opts.Roller
	if buildRoller == nil {
		buildRoller = BuildRoller
	}
	summary := &SiteSummary{}
	roller, err := buildRoller(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		// A site without dice is still the book; the build says why.
		summary.NoRoller = err
	}
	s := newSite(doc, checks, roller != nil)
	s.templates = pages
	if err := writeAssets(filepath.Join(dir, assetsDir), files, roller); err != nil {
		return nil, err
	}
	if err := writeSearchIndex(filepath.Join(dir, assetsDir, searchIndexFile), s); err != nil {
		return nil, err
	}
	var outline bytes.Buffer
	if err := s.templates.ExecuteTemplate(&outline, "outline", s.outline()); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, assetsDir, outlineFile), outline.Bytes(), 0o644); err != nil {
		return nil, err
	}
	if err := s.writePages(ctx, dir); err != nil {
		return nil, err
	}
	summary.Pages = len(s.pages)
	return summary, nil
}

func newSite(doc *parser.Document, checks *check.Result, roller bool) *site {
	s := &site{doc: doc, checks: checks, system: doc.Config.System, roller: roller, rollable: map[string]bool{}}
	if _, err := rules.ParseSystem(s.system); err != nil || s.system == "" {
		s.system = "generic"
	}
	anchors := newAnchors(doc.Headings())
	s.pages = splitPages(doc, anchors)
	s.links = newLinks(doc, s.pages, anchors)
	s.sheets, _ = doc.CharacterSheets()
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

// writePages draws every page, as many at a time as there are processors,
// and writes each to its file.
func (s *site) writePages(ctx context.Context, dir string) error {
	jobs := make(chan *sitePage)
	errs := make([]error, len(s.pages))
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for p := range jobs {
				errs[p.Order] = s.writePage(dir, p)
			}
		})
	}
	for _, p := range s.pages {
		if ctx.Err() != nil {
			break
		}
		jobs <- p
	}
	close(jobs)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	return errors.Join(errs...)
}

func (s *site) writePage(dir string, p *sitePage) error {
	var b bytes.Buffer
	if err := s.templates.ExecuteTemplate(&b, "page", s.pageView(p)); err != nil {
		return err
	}
	file := filepath.Join(dir, filepath.FromSlash(p.Path))
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	return os.WriteFile(file, b.Bytes(), 0o644)
}
