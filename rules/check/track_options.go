package check

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/galleyhq/galley/parser/ast"
)

// A figure that draws a track of the character sheet, such as an enemy's
// Disposition Track under a special rule, draws options the template's track
// has: seed 000's Termite Soldiers' track starts "○ Rcoiling". trackOptions
// finds each figure row under a track's title (├─<Disposition Track>─┤ or
// ┌[Disposition Track]┐) and reports every "○ Option....." the template's
// track lacks, with the closest it has (statblock/track-option). An option
// may repeat: the Termites' track is Recoiling, Recoiling, Holding,
// Advancing, Advancing.

// trackOption is a radio button and its label, up to the dot leader.
var trackOption = regexp.MustCompile(`○\s*([^.○│]*[^.○│\s])\s*\.`)

// trackOptions checks the options of the tracks drawn in figures.
func (c *checker) trackOptions() {
	if c.sheet == nil {
		return
	}
	tracks := map[string][]string{} // the options of each radio track, by box title
	for _, b := range c.sheet.Boxes() {
		if b.Track != nil && len(b.Track.Options) > 0 && !b.Track.IsLuck() {
			for _, o := range b.Track.Options {
				tracks[b.Title] = append(tracks[b.Title], o.Label)
			}
		}
	}
	ast.WalkBlocks(c.doc.Blocks, func(n ast.Block) {
		fig, ok := n.(*ast.Figure)
		if !ok {
			return
		}
		var track string // the title of the box whose rows these are
		for i, line := range fig.Art {
			if title := drawnTitle(line); title != "" || isBottomBorder(line) {
				track = title
				continue
			}
			options := tracks[track]
			for _, m := range trackOption.FindAllStringSubmatchIndex(line, -1) {
				label := line[m[2]:m[3]]
				if options == nil || contains(options, label) {
					continue
				}
				pos := ast.Pos{File: fig.File, Line: fig.Line + i, Col: fig.Col + utf8.RuneCountInString(line[:m[2]])}
				msg := `"` + label + `" is not an option of the sheet's ` + track
				closest := ast.Closest(label, options)
				if closest != "" {
					msg += ` (did you mean "` + closest + `"?)`
				}
				c.errorAt(pos, "statblock/track-option", msg, closest)
			}
		}
	})
}

// boxTitle reads ┌[Title]─ or ├─<Title>─ at the start of a line's border.
var boxTitle = regexp.MustCompile(`^\s*[┌├]─?[\[<]([^\]>]+)[\]>]`)

// drawnTitle returns the title a line of art opens a box with, or "".
func drawnTitle(line string) string {
	if m := boxTitle.FindStringSubmatch(line); m != nil {
		return m[1]
	}
	return ""
}

// isBottomBorder reports whether a line of art closes a box.
func isBottomBorder(line string) bool {
	t := strings.TrimLeft(line, " ")
	return strings.HasPrefix(t, "└") || strings.HasPrefix(t, "╚")
}
