package pdf

import (
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/render/paginate"
	"github.com/galleyhq/galley/render/typo"
)

// coverMargin is the margin around art that fills a page.
const coverMargin = 12.0

// cover draws the first page: the book's coverpage art, or a title page.
func (l *layouter) cover() {
	for _, b := range l.doc.Blocks {
		if c, ok := b.(*parser.CoverPage); ok {
			if lines := paginate.TrimBlank(c.Lines); len(lines) > 0 {
				l.artPage(lines)
				return
			}
		}
	}
	l.titlePage()
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

// titlePage typesets the title and subtitle of a book that has no cover
// art, a third of the way down the page.
func (l *layouter) titlePage() {
	l.pdf.AddPage()
	cfg := l.doc.Config
	body := l.body()
	y := l.pageHeight / 3
	for _, line := range []struct {
		text string
		font font
	}{
		{typo.String(cfg.Title), font{fontSans, "B", 30}},
		{typo.String(cfg.Subtitle), font{fontSans, "", 15}},
	} {
		if line.text == "" {
			continue
		}
		text := fitText(l.set, line.text, line.font, body.width)
		w := l.set.width(text, line.font)
		l.set.draw((l.pageWidth-w)/2, y, text, line.font, inkHeading)
		y += line.font.size * ptMM * 2
	}
	if cfg.Title != "" {
		l.rule(body.x+body.width/4, y, body.width/2, ruleHeavy)
	}
}
