package xhtml

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/typo"
)

// IndexLink is a link from an index entry to one of its places: the
// address of the section that holds it, and the section's title, which
// labels the link where a page number would stand in print.
type IndexLink struct {
	Href, Label string
	// Defines marks the place that defines the term, set in bold.
	Defines bool
}

// Index draws the book's index (see ast.Index) under its letter groups,
// each entry its term, a link to each of its places (one a section: links
// gives them) and its cross-references, linked to the entries they name;
// sub-entries in a list inside their entry's item. For an EPUB it marks
// the structure with EPUB 3's index vocabulary (EPUB Indexes 1.0:
// index-group, index-entry-list, index-entry, index-term, index-locator,
// index-xref-preferred, index-xref-related), which a reading system may
// offer its own index view for. The caller writes the heading and the
// element around it.
func (w *Writer) Index(idx *ast.Index, links func(e *ast.IndexEntry) []IndexLink) {
	ids := ast.NewNames()
	entryIDs := map[string]string{}
	for _, e := range idx.Entries {
		entryIDs[e.Term] = ids.Unique("index-" + ast.Slug(e.Term))
	}
	letters := []string{}
	for _, e := range idx.Entries {
		if l := e.Letter(); len(letters) == 0 || letters[len(letters)-1] != l {
			letters = append(letters, l)
		}
	}
	letterID := func(l string) string {
		if l == "#" {
			return "index-symbols"
		}
		return "index-letter-" + l
	}
	w.Raw(`<nav class="index-letters" aria-label="Letters"><p>`)
	for i, l := range letters {
		if i > 0 {
			w.Raw(" ")
		}
		w.Raw(`<a href="#` + letterID(l) + `">`)
		w.Text(l)
		w.Raw("</a>")
	}
	w.Raw("</p></nav>\n")
	for i := 0; i < len(idx.Entries); {
		letter := idx.Entries[i].Letter()
		w.Raw(`<section class="index-group"` + w.epubType("index-group") + ` id="` + letterID(letter) + `">` + "\n<h2>")
		w.Text(letter)
		w.Raw("</h2>\n")
		j := i
		for j < len(idx.Entries) && idx.Entries[j].Letter() == letter {
			j++
		}
		w.indexEntries(idx.Entries[i:j], entryIDs, true, links)
		w.Raw("</section>\n")
		i = j
	}
}

// epubType returns the epub:type attribute of an index element in an
// EPUB, "" on the site.
func (w *Writer) epubType(t string) string {
	if !w.opts.EPUB {
		return ""
	}
	return ` epub:type="` + t + `"`
}

// indexEntries draws a list of entries; top says they are the index's
// own, not sub-entries, whose ids cross-references link to.
func (w *Writer) indexEntries(entries []*ast.IndexEntry, entryIDs map[string]string, top bool, links func(*ast.IndexEntry) []IndexLink) {
	w.Raw(`<ul class="index-entries"` + w.epubType("index-entry-list") + ">\n")
	for _, e := range entries {
		w.Raw("<li" + w.epubType("index-entry"))
		if top {
			w.IDAttr(entryIDs[e.Term])
		}
		w.Raw("><span class=\"index-term\"" + w.epubType("index-term") + ">")
		w.Text(typo.String(e.Term))
		w.Raw("</span>")
		for _, l := range links(e) {
			w.Raw(`, <a` + w.epubType("index-locator") + ` href="`)
			w.Href(l.Href)
			w.Raw(`">`)
			if l.Defines {
				w.Raw("<strong>")
			}
			w.Text(typo.String(l.Label))
			if l.Defines {
				w.Raw("</strong>")
			}
			w.Raw("</a>")
		}
		if e.See != "" {
			w.Raw(", <em>see</em> ")
			w.indexReference(e.See, entryIDs, "index-xref-preferred")
		}
		for i, also := range e.SeeAlso {
			if i == 0 {
				w.Raw(". <em>See also</em> ")
			} else {
				w.Raw("; ")
			}
			w.indexReference(also, entryIDs, "index-xref-related")
		}
		if len(e.Sub) > 0 {
			w.Raw("\n")
			w.indexEntries(e.Sub, entryIDs, false, links)
		}
		w.Raw("</li>\n")
	}
	w.Raw("</ul>\n")
}

// indexReference writes a cross-reference to another entry, a link to it
// when the index has it.
func (w *Writer) indexReference(term string, entryIDs map[string]string, epubType string) {
	id, ok := entryIDs[term]
	if !ok {
		w.Text(typo.String(term))
		return
	}
	w.Raw(`<a` + w.epubType(epubType) + ` href="#`)
	w.Text(id)
	w.Raw(`">`)
	// EPUB Indexes 1.0: a cross-reference holds the term it names.
	if w.opts.EPUB {
		w.Element(`<span epub:type="index-term">`, typo.String(term), "</span>")
	} else {
		w.Text(typo.String(term))
	}
	w.Raw("</a>")
}

// IndexLinks returns the links of an index entry to its places, one a
// section, for a writer without page numbers: each labelled with its
// section's title (a title the book repeats, "Description" under each
// class, after the title of the section it stands under), the section that
// defines the term in bold. where gives the address of a heading of
// headings, the book's, or of the book's start for nil, and the label of
// that start.
func IndexLinks(headings []*ast.Heading, where func(h *ast.Heading) (href, startLabel string)) func(e *ast.IndexEntry) []IndexLink {
	byID := map[string]*ast.Heading{}
	labels := map[*ast.Heading]string{}
	repeated := map[string]int{}
	var outer []*ast.Heading // the headings the current one stands under
	for _, h := range headings {
		byID[h.ID] = h
		repeated[h.Title]++
		for len(outer) > 0 && outer[len(outer)-1].Depth >= h.Depth {
			outer = outer[:len(outer)-1]
		}
		labels[h] = h.Title
		if len(outer) > 0 {
			labels[h] = outer[len(outer)-1].Title + ": " + h.Title
		}
		outer = append(outer, h)
	}
	return func(e *ast.IndexEntry) []IndexLink {
		var links []IndexLink
		at := map[string]int{}
		for _, loc := range e.Locators {
			h := byID[loc.Anchor]
			href, label := where(h)
			if h != nil {
				label = h.Title
				if repeated[h.Title] > 1 {
					label = labels[h]
				}
			}
			if i, ok := at[href]; ok {
				links[i].Defines = links[i].Defines || loc.Defines
				continue
			}
			at[href] = len(links)
			links = append(links, IndexLink{Href: href, Label: label, Defines: loc.Defines})
		}
		return links
	}
}
