package pdf

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/paginate"
	"github.com/galleyhq/galley/render/typo"
)

// coverMargin is the margin around art that fills a page.
const coverMargin = 12.0

// inkGround is the cover's ground, a warm paper colour that runs into the
// bleed of a press book.
var inkGround = rgb{246, 241, 228}

// cover draws the first page: the book's title and subtitle over its
// cover art, centred at a size that leaves the page room round it, and
// its authors at the foot, on a ground of colour to the paper's edge; a
// book whose galley.toml names a cover picture has the picture in place of
// the art, and a book with neither has the title alone. An untitled book's
// cover is its art or picture alone, centred, with no rule to underline
// a title that is not there (see hasCover), as is the cover of a book
// whose art draws its title (cover_has_title in galley.toml).
func (l *layouter) cover() {
	l.pdf.AddPage()
	l.pdf.SetFillColor(inkGround.r, inkGround.g, inkGround.b)
	// The ground runs to the paper's edge, into a press book's bleed.
	l.pdf.Rect(-l.bleed, -l.bleed, l.pageWidth+2*l.bleed, l.pageHeight+2*l.bleed, "F")
	l.front()
}

// front draws the cover's front on its ground: the title, the subtitle,
// the art or picture and the authors, on a page from (0, 0) to
// (pageWidth, pageHeight), as the first page and the press's cover have it.
func (l *layouter) front() {
	cfg := l.doc.Config
	// The art stands in the room from top to bottom, between the title
	// and the authors; without a title, as far below the top as the
	// authors stand above the foot, so that it is centred.
	top, bottom := l.pageHeight*0.18, l.pageHeight*0.82
	// Cover art that draws the title itself (cover_has_title) is not
	// printed over.
	if (cfg.Title != "" || cfg.Subtitle != "") && !cfg.CoverHasTitle {
		y := l.pageHeight * 0.16
		y = l.centred(typo.String(cfg.Title), font{fontSerif, "B", 32}, inkHeading, y)
		y = l.centred(typo.String(cfg.Subtitle), font{fontSerif, "I", 14}, inkHeading, y+2)
		l.rule(l.pageWidth*0.3, y+2, l.pageWidth*0.4, ruleHeavy)
		top = y + 8
	}
	if img := l.doc.Cover; img != nil && embeddable(img) {
		// The picture stands where the art would, in the same room.
		w, h := imageFit(img.Pixels, l.pageWidth*2/3, min(l.pageHeight/2, bottom-top))
		l.drawImage(img, (l.pageWidth-w)/2, top+(bottom-top-h)/2, w, h)
	} else if lines := coverArt(l.doc); len(lines) > 0 {
		// The art is at most two thirds of the page wide and half of it
		// tall. (newArt sets artColumns columns across the measure it is
		// given.)
		a := newArt(lines, 1)
		measure := float64(max(a.columns, artColumns)) / float64(a.columns)
		a = newArt(lines, measure*l.pageWidth*2/3)
		if h := a.leading * float64(len(a.lines)); h > l.pageHeight/2 {
			a = newArt(lines, measure*l.pageWidth*2/3*(l.pageHeight/2)/h)
		}
		x := (l.pageWidth - a.width()) / 2
		artTop := top + (bottom-top-a.leading*float64(len(a.lines)))/2
		for i := range a.lines {
			l.drawArtLine(a, i, x, artTop+float64(i)*a.leading, inkText)
		}
	}
	l.centred(strings.Join(cfg.Authors, ", "), font{fontSerif, "", 13}, inkText, l.pageHeight*0.86)
}

// hasCover reports whether the book has a cover to draw: a title, a
// picture or art. A book with none of them (a single Markdown file, say)
// would have a blank page of colour, so it starts at its contents instead.
// A book for the press has its cover apart, and starts at its title page.
func (l *layouter) hasCover() bool {
	if l.press != nil {
		return false // the press's cover is a file of its own (see WriteCover)
	}
	cfg := l.doc.Config
	return cfg.Title != "" || cfg.Subtitle != "" ||
		(l.doc.Cover != nil && embeddable(l.doc.Cover)) || len(coverArt(l.doc)) > 0
}

// coverArt returns the book's cover art without the frame of the ASCII
// book's page it is drawn in, which on the cover would stand a hair from
// the trim: a page of art's first and last lines, its shadow and its
// sides, and the blank lines and columns round what is left.
func coverArt(doc *ast.Document) []string {
	var lines []string
	for _, b := range doc.Blocks {
		if c, ok := b.(*ast.CoverPage); ok {
			lines = paginate.TrimBlank(c.Lines)
			break
		}
	}
	if !paginate.IsPageArt(lines) {
		return lines
	}
	var inner []string
	for _, line := range lines[1:] {
		runes := []rune(line)
		if len(runes) < 3 || runes[0] != '║' {
			break // the frame's foot
		}
		end := len(runes) - 1
		for end > 0 && runes[end] != '║' {
			end--
		}
		inner = append(inner, string(runes[1:end]))
	}
	return trimColumns(paginate.TrimBlank(inner))
}

// trimColumns drops the blank columns that stand left of every line, and
// the spaces that end each.
func trimColumns(lines []string) []string {
	indent := -1
	for _, line := range lines {
		if strings.TrimSpace(line) == "" {
			continue
		}
		n := len([]rune(line)) - len([]rune(strings.TrimLeft(line, " ")))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	out := make([]string, len(lines))
	for i, line := range lines {
		runes := []rune(line)
		out[i] = strings.TrimRight(string(runes[min(max(indent, 0), len(runes)):]), " ")
	}
	return out
}

// centred draws text centred on the page with its top at y, wrapped to
// the measure, and returns where the next line goes; nothing for an empty
// text.
func (l *layouter) centred(text string, f font, color rgb, y float64) float64 {
	if text == "" {
		return y
	}
	lead := f.size * ptMM * 1.3
	space := l.set.width(" ", f)
	for _, line := range l.set.wrap(l.set.words([]span{{text: text, font: f, color: color}}, nil), l.body().width, space) {
		line.last = true
		l.set.drawLine(line, (l.pageWidth-line.natural)/2, y+baseline(f, lead), line.natural, space, lead)
		y += lead
	}
	return y
}

// artPage draws art that is a page of its own, frame and all, as large as
// the paper allows and centred on it.
func (l *layouter) artPage(lines []string) {
	l.pdf.AddPage()
	a := newArt(lines, l.pageWidth-2*coverMargin)
	x := (l.pageWidth - a.width()) / 2
	y := (l.pageHeight - a.leading*float64(len(a.lines))) / 2
	for i := range a.lines {
		l.drawArtLine(a, i, x, y+float64(i)*a.leading, inkText)
	}
}

// titlePage draws the title page, the back of the cover: the title, the
// subtitle and the authors, the edition and its date, and at its foot the
// credits and the licence. An untitled book's title page prints whichever
// of the others galley.toml sets (see ast.Config.HasTitlePage).
func (l *layouter) titlePage() {
	l.pdf.AddPage()
	cfg := l.doc.Config
	y := l.margins.top + l.bodyHeight()*0.18
	y = l.centred(typo.String(cfg.Title), font{fontSerif, "B", 24}, inkHeading, y)
	y = l.centred(typo.String(cfg.Subtitle), font{fontSerif, "I", 13}, inkHeading, y+1)
	y = l.centred(strings.Join(cfg.Authors, ", "), font{fontSerif, "", 12}, inkText, y+8)
	var edition []string
	if cfg.Version != "" {
		edition = append(edition, "Version "+cfg.Version)
	}
	if cfg.Date != "" {
		edition = append(edition, cfg.Date)
	}
	l.centred(strings.Join(edition, ", "), font{fontSerif, "", 10}, inkMuted, y+2)

	var foot []string
	for _, c := range cfg.Credits {
		foot = append(foot, typo.String(c))
	}
	if cfg.License != "" {
		foot = append(foot, "", typo.String(cfg.License))
	}
	f := font{fontSerif, "", 9}
	lead := f.size * ptMM * 1.3
	y = l.margins.top + l.bodyHeight() - lead*float64(len(foot))
	for _, line := range foot {
		y = l.centred(line, f, inkText, y)
		if line == "" {
			y += lead
		}
	}
}
