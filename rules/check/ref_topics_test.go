package check

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser"
)

// TestRefTopicsLinear judges a sentence of n references at two sizes four
// times apart: the bigger must allocate about four times as much, not
// sixteen, as when each reference rescanned the sentence for the others
// and folded its words again (9.8 s at 10,000). Bytes allocated, unlike
// time, do not depend on the machine.
func TestRefTopicsLinear(t *testing.T) {
	judge := func(n int) uint64 {
		var b strings.Builder
		b.WriteString("Examples\n========\n\n")
		for i := 1; i <= 3; i++ {
			b.WriteString("\\begin{box}[Example " + strconv.Itoa(i) + "]\nA beetle digs a tunnel.\n\\end{box}\n\n")
		}
		b.WriteString("The wasp flies over")
		for i := range n {
			b.WriteString(" Example " + strconv.Itoa(1+i%3) + ",")
		}
		b.WriteString(" and lands.\n")
		doc, _ := parser.Parse("book.txt", []byte(b.String()))
		c := &checker{doc: doc}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		c.refTopics()
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	small, big := judge(1000), judge(4000)
	if big > 6*small {
		t.Errorf("%d bytes for 1000 references in a sentence, %d for 4000: %.1f times as much for 4 times as many", small, big, float64(big)/float64(small))
	}
}
