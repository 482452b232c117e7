package check

import (
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

// trackOptionLabels returns where the label of each radio button of a line
// starts and ends: the words after ○ up to the dot leader,
// `○\s*([^.○│]*[^.○│\s])\s*\.`.
func trackOptionLabels(line string) [][2]int {
	var labels [][2]int
	for i := 0; ; {
		at := strings.Index(line[i:], "○")
		if at < 0 {
			return labels
		}
		start, _ := skipSpace(line, i+at+len("○"))
		stop := start + strings.IndexFunc(line[start:], func(r rune) bool { return r == '.' || r == '○' || r == '│' })
		if stop < start || line[stop] != '.' {
			i = i + at + len("○") // another button may start at the stop
			continue
		}
		end, _ := skipSpaceBack(line, stop)
		if end > start {
			labels = append(labels, [2]int{start, end})
		}
		i = stop + 1
	}
}

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
	c.walkBlocks(func(n ast.Block) {
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
			for _, m := range trackOptionLabels(line) {
				label := line[m[0]:m[1]]
				if options == nil || contains(options, label) {
					continue
				}
				pos := ast.Pos{File: fig.File, Line: fig.Line + i, Col: fig.Col + utf8.RuneCountInString(line[:m[0]])}
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

// drawnTitle returns the title a line of art opens a box with, or "": it
// reads ┌[Title]─ or ├─<Title>─ at the start of a line's border,
// `^\s*[┌├]─?[\[<]([^\]>]+)[\]>]`.
func drawnTitle(line string) string {
	i, _ := skipSpace(line, 0)
	i, ok := wordAt(line, i, false, "┌", "├")
	if !ok {
		return ""
	}
	i, _ = wordAt(line, i, false, "─")
	if i == len(line) || line[i] != '[' && line[i] != '<' {
		return ""
	}
	title := line[i+1:]
	if end := strings.IndexAny(title, "]>"); end > 0 {
		return title[:end]
	}
	return ""
}

// isBottomBorder reports whether a line of art closes a box.
func isBottomBorder(line string) bool {
	t := strings.TrimLeft(line, " ")
	return strings.HasPrefix(t, "└") || strings.HasPrefix(t, "╚")
}
