package outline

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// BenchmarkOutlineSeed reads seed 001; its MB/s is the yardstick for the
// pathological shapes below.
func BenchmarkOutlineSeed(b *testing.B) {
	src, err := os.ReadFile(seedPath)
	if err != nil {
		b.Skipf("seed 001 is not beside the repository (%v); skipping", err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		read("seed.txt", src)
	}
}

// framed frames text as the outline does, 93 characters wide when text
// fits.
func framed(text string) string {
	return "║ " + text + strings.Repeat(" ", max(89-len(text), 0)) + " ║\n"
}

// pathological are the shapes that could make the outline's reader
// superlinear, each built at scale k: bench/parse_ratios.sh runs each at
// k = 1 and k = 10, and the larger must take about ten times as long.
var pathological = map[string]func(k int) string{
	// A thousand indents deeper each line, items of lists in lists, k
	// times over.
	"nested-indents": func(k int) string {
		var b strings.Builder
		for range k {
			for depth := range 1000 {
				b.WriteString(strings.Repeat("\t", depth) + "* an item one indent deeper\n")
			}
		}
		return b.String()
	},
	// Boxes drawn in boxes, a thousand deep, k times over.
	"nested-boxes": func(k int) string {
		var b strings.Builder
		for range k {
			for depth := range 1000 {
				b.WriteString("║ " + strings.Repeat("│ ", depth) + "┌[Example 1]──┐ ║\n")
			}
		}
		return b.String()
	},
	// A framed table and a line of prose, each line 100 KB wide times k:
	// a megabyte wide at k = 10. One row is one word under every column.
	"wide-frame": func(k int) string {
		header := strings.Repeat("Column  ", 12800*k)
		row := strings.Repeat("cell    ", 12800*k)
		return framed(header) + framed(strings.Repeat("─", len(header))) + framed(row) + framed(strings.Repeat("w", len(row))) +
			framed(strings.Repeat("─", len(header))) + framed(strings.Repeat("prose ", 17000*k))
	},
	// A framed table of 10,000 rows times k: 100,000 at k = 10.
	"table-rows": func(k int) string {
		var b strings.Builder
		b.WriteString(framed("d20 Result    Ability") + framed(strings.Repeat("─", 40)))
		for i := range 10000 * k {
			b.WriteString(framed(strconv.Itoa(i%20+1) + "             Gain a die"))
		}
		return b.String()
	},
	// A frame whose first line has no closing bar, and a box never
	// closed, at the top of a long file of framed prose.
	"unclosed-frame": func(k int) string {
		var b strings.Builder
		b.WriteString("║ A first line that runs on past the frame without its bar\n║ ┌[Example 1]────────\n")
		for range 10000 * k {
			b.WriteString(framed("│ The Characters explore the Nest and roll a d10 for each Event."))
		}
		return b.String()
	},
	// Sections numbered under the parent after theirs, each a run of its
	// own, and sections out of sequence: every heading is warned of.
	"misnumbered": func(k int) string {
		var b strings.Builder
		for i := range 5000 * k {
			n := strconv.Itoa(i + 1)
			b.WriteString("1." + n + ".0.0 Section\n\t1." + strconv.Itoa(i+2) + ".1.0 Subsection\n\t1.1.1.0 Again\n")
		}
		return b.String()
	},
}

func BenchmarkOutlinePathological(b *testing.B) {
	for name, input := range pathological {
		for _, k := range []int{1, 10} {
			src := []byte(input(k))
			b.Run(name+"/"+strconv.Itoa(k), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					read("input.txt", src)
				}
			})
		}
	}
}
