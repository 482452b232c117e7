package pipeline

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/galleyhq/galley/internal/pretouch"
	"github.com/galleyhq/galley/render/html"
	"github.com/galleyhq/galley/render/report"
)

// Parts are the parts of a book galley writes, in the order they are built.
// galley build --only names one of them.
var Parts = []Part{
	{Name: "html", Write: writeSite, Prepare: func(ctx context.Context) { html.BuildRoller(ctx) }},
	{Name: "sheets", Write: func(ctx context.Context, book *Book, dir string) (Written, error) {
		n, err := WriteSheets(ctx, book, dir)
		return Written{Summary: report.Count(n, "character sheet")}, err
	}},
	{Name: "pdf", Write: writePDFBook, GrowsHeap: true},
	{Name: "txt", Write: writeASCIIBook},
	{Name: "epub", Write: writeEPUBBook},
}

// PartsNamed returns the part galley build --only names, or every part for
// "".
func PartsNamed(only string) ([]Part, error) {
	if only == "" {
		return Parts, nil
	}
	for _, p := range Parts {
		if p.Name == only {
			return []Part{p}, nil
		}
	}
	return nil, fmt.Errorf("unknown --only %q: galley builds %s", only, strings.Join(PartNames(), ", "))
}

// Prepare starts what parts need before there is a book to write (see
// Part.Prepare), to run while the book is loaded. When no part grows the
// heap past what loading the book takes, the heap is pre-touched in huge
// pages (see pretouch.UseHugePages).
func Prepare(ctx context.Context, parts []Part) {
	if !slices.ContainsFunc(parts, func(p Part) bool { return p.GrowsHeap }) {
		pretouch.UseHugePages()
	}
	for _, p := range parts {
		if p.Prepare != nil {
			go p.Prepare(ctx)
		}
	}
}

// PartNames lists the parts' names, for messages.
func PartNames() []string {
	names := make([]string, len(Parts))
	for i, p := range Parts {
		names[i] = p.Name
	}
	return names
}

// writeSite writes the website, and weighs its pages; a site without its
// dice roller (no Go to compile it with) is still a site, and the build
// warns.
func writeSite(ctx context.Context, book *Book, dir string) (Written, error) {
	summary, err := html.WriteSite(ctx, book.Doc, book.Sheets, dir, html.SiteOptions{Files: book.SiteFiles, Proof: book.Proof()})
	if err != nil {
		return Written{}, err
	}
	written := Written{Summary: "a site of " + report.Count(summary.Pages, "page"), Diagnostics: summary.Diagnostics}
	if summary.NoRoller != nil {
		written.Warnings = append(written.Warnings, "the site has no dice roller: "+summary.NoRoller.Error())
	}
	return written, nil
}
