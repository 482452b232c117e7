package check

import (
	"strconv"
	"strings"

	"github.com/galleyhq/galley/rules"
)

// The dice pool's degrees by net hits (seed 001): rows such as "+5 or
// more", "+3, +4", "-1, 0" and "-4 or less", each with the degree every net
// in it gives.

func init() {
	register(&tableCheck{
		name:    "net-hits",
		columns: []string{"Net Hits", "Degree of Success"},
		systems: []string{"pool"},
		binds: func(h header, _ *checker) bool {
			return len(h) == 2 && h[0] == "net hits" && h[1] == "degree of success"
		},
		run: netHits,
	})
}

// netValues reads the nets a row stands for; "or more" and "or less" open
// ends stand for the nets up to ten beyond.
func netValues(cell string) ([]int, bool) {
	s := strings.TrimSpace(cell)
	for _, end := range []struct {
		suffix string
		step   int
	}{{" or more", 1}, {" or less", -1}} {
		if base, ok := strings.CutSuffix(s, end.suffix); ok {
			n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(base), "+"))
			if err != nil {
				return nil, false
			}
			nets := make([]int, 0, 10)
			for i := 0; i < 10; i++ {
				nets = append(nets, n+i*end.step)
			}
			return nets, true
		}
	}
	var nets []int
	for _, part := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(part), "+"))
		if err != nil {
			return nil, false
		}
		nets = append(nets, n)
	}
	return nets, len(nets) > 0
}

func netHits(t *tableRun) {
	for r := range t.table.Rows {
		netCell, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		nets, ok := netValues(netCell.Text)
		if !ok {
			t.problem(netCell, "table/net-hits", `"`+netCell.Text+`" is not a list of net hits such as "+3, +4" or "-4 or less"`)
			continue
		}
		want := rules.PoolDegreeOf(nets[0]).String()
		for _, n := range nets[1:] {
			if got := rules.PoolDegreeOf(n).String(); got != want {
				t.problem(netCell, "table/net-hits", "net hits "+netCell.Text+" span two degrees: "+want+" and "+got)
				want = ""
				break
			}
		}
		if want != "" {
			t.expect(r, 1, want, "table/net-hits")
		}
	}
}
