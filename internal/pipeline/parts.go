package pipeline

import (
	"context"
	"strconv"

	"github.com/galleyhq/galley/render/html"
)

// Parts are the parts of a book galley writes, in the order they are built.
// galley build --only names one of them.
var Parts = []Part{
	{Name: "html", Write: writeSite, Prepare: func(ctx context.Context) { html.BuildRoller(ctx) }},
	{Name: "sheets", Write: func(ctx context.Context, book *Book, dir string) (Written, error) {
		n, err := WriteSheets(ctx, book.Doc, dir, book.Doc.Config.Paper)
		return Written{Summary: strconv.Itoa(n) + " character sheets"}, err
	}},
	{Name: "pdf", Write: func(ctx context.Context, book *Book, dir string) (Written, error) {
		return WritePDFBook(ctx, book.Doc, book.Checks, dir)
	}},
	{Name: "txt", Write: func(ctx context.Context, book *Book, dir string) (Written, error) {
		return WriteASCIIBook(ctx, book.Doc, dir)
	}},
	{Name: "epub", Write: func(ctx context.Context, book *Book, dir string) (Written, error) {
		return WriteEPUBBook(ctx, book.Doc, dir)
	}},
}

// writeSite writes the website; a site without its dice roller (no Go to
// compile it with) is still a site, and the build warns.
func writeSite(ctx context.Context, book *Book, dir string) (Written, error) {
	summary, err := html.WriteSite(ctx, book.Doc, book.Checks, dir, html.SiteOptions{Files: book.SiteFiles})
	if err != nil {
		return Written{}, err
	}
	written := Written{Summary: "a site of " + strconv.Itoa(summary.Pages) + " pages", Diagnostics: summary.Diagnostics}
	if summary.NoRoller != nil {
		written.Warnings = append(written.Warnings, "the site has no dice roller: "+summary.NoRoller.Error())
	}
	return written, nil
}

// PartNames lists the parts' names, for messages.
func PartNames() []string {
	names := make([]string, len(Parts))
	for i, p := range Parts {
		names[i] = p.Name
	}
	return names
}
