package html

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/xhtml"
)

// indexLinks returns, for the index's page p, the links of an entry to
// its places, one a section (see xhtml.IndexLinks): the site has no page
// numbers.
func (s *site) indexLinks(p *sitePage) func(e *ast.IndexEntry) []xhtml.IndexLink {
	return xhtml.IndexLinks(s.headings, func(h *ast.Heading) (string, string) {
		if h == nil {
			return target{page: s.pages[0]}.from(p), pageTitle(s.pages[0], s.doc.Config.Title)
		}
		return s.links.heading[h].from(p), ""
	})
}
