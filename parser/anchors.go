package parser

import "github.com/galleyhq/galley/parser/ast"

// assignAnchors gives each heading a unique, stable id: its slug, qualified
// by its parent's slug when several headings share a title ("ants-
// description", "beetle-description"), and numbered only if that is not
// enough. The id depends on the heading's title and parent, not on how many
// sections come before it.
func assignAnchors(headings []*ast.Heading) {
	slugs := make([]string, len(headings))
	count := make(map[string]int, len(headings))
	for i, h := range headings {
		slugs[i] = ast.Slug(h.Title)
		count[slugs[i]]++
	}
	var parents []int // the open headings, by depth
	ids := NewNames()
	for i, h := range headings {
		for len(parents) > 0 && headings[parents[len(parents)-1]].Depth >= h.Depth {
			parents = parents[:len(parents)-1]
		}
		id := slugs[i]
		if count[id] > 1 && len(parents) > 0 {
			id = slugs[parents[len(parents)-1]] + "-" + id
		}
		h.ID = ids.Unique(id)
		parents = append(parents, i)
	}
}
