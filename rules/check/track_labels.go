package check

import (
	"regexp"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// The labels under a track's options (└<^-30%>──<^Doing Good>──┘) give a
// modifier its sign and its %: fd100's modifiers are percentile ratings. A
// figure drawing a track writes them as the rest of the track does: seed
// 000's Termite Soldiers' track labels its ends "-30" and "+30" beside
// "-30%" and "+30%". trackLabels warns at a modifier label without the %
// the track's other modifier labels carry (statblock/track-label).

// trackLabel is a label under an option: "<^-30%>".
var trackLabel = regexp.MustCompile(`<\^([^>]*)>`)

// signedModifier is a label that is a modifier: "-30", "+30%".
var signedModifier = regexp.MustCompile(`^[+\-−]\d+(%?)$`)

// trackLabels checks the modifier labels of the tracks drawn in figures.
func (c *checker) trackLabels() {
	c.walkBlocks(func(n ast.Block) {
		fig, ok := n.(*ast.Figure)
		if !ok {
			return
		}
		inTrack := false
		for i, line := range fig.Art {
			if title := drawnTitle(line); title != "" {
				inTrack = c.isTrackTitle(title)
				continue
			}
			if !inTrack || !isBottomBorder(line) {
				continue
			}
			inTrack = false
			labels := trackLabel.FindAllStringSubmatchIndex(line, -1)
			percent := 0
			for _, m := range labels {
				if sm := signedModifier.FindStringSubmatch(line[m[2]:m[3]]); sm != nil && sm[1] == "%" {
					percent++
				}
			}
			if percent == 0 {
				continue
			}
			for _, m := range labels {
				label := line[m[2]:m[3]]
				if sm := signedModifier.FindStringSubmatch(label); sm != nil && sm[1] == "" {
					pos := ast.Pos{File: fig.File, Line: fig.Line + i, Col: fig.Col + utf8.RuneCountInString(line[:m[2]])}
					c.diags.Warnf(pos, "statblock/track-label", `the modifier "`+label+`" lacks the % the track's other modifiers carry ("`+
						label+`%")`).Expected = label + "%"
				}
			}
		}
	})
}

// isTrackTitle reports whether a box title names a track: the sheet's
// Disposition Track, or any title ending "Track".
func (c *checker) isTrackTitle(title string) bool {
	if c.sheet != nil {
		for _, b := range c.sheet.Boxes() {
			if b.Title == title && b.Track != nil {
				return true
			}
		}
	}
	return len(title) > 5 && title[len(title)-5:] == "Track"
}
