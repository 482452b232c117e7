package check

import (
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/rules"
)

// The dice pool's degrees by net hits (seed 001): rows such as "+5 or
// more", "+3, +4", "-1, 0" and "-4 or less", each with the degree every net
// in it gives.

var netHitsCheck = &tableCheck{
	name:    "net-hits",
	columns: []string{"Net Hits", "Degree of Success"},
	systems: []string{"pool"},
	binds: func(h header, _ *checker) bool {
		return len(h) == 2 && h[0] == "net hits" && h[1] == "degree of success"
	},
	run: netHits,
}

// netRow is the nets one row stands for: the nets it lists, or one net
// and every net above it ("+5 or more") or below it ("-4 or less").
type netRow struct {
	nets           []int
	orMore, orLess bool
}

// parseNetRow reads a row's Net Hits cell.
func parseNetRow(cell string) (netRow, bool) {
	s := strings.TrimSpace(cell)
	for _, end := range []string{" or more", " or less"} {
		if base, ok := strings.CutSuffix(s, end); ok {
			n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(base), "+"))
			return netRow{nets: []int{n}, orMore: end == " or more", orLess: end == " or less"}, err == nil
		}
	}
	var row netRow
	for _, part := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(part), "+"))
		if err != nil {
			return netRow{}, false
		}
		row.nets = append(row.nets, n)
	}
	return row, len(row.nets) > 0
}

// sample returns nets the row stands for, its open end followed ten nets
// beyond, for comparing their degrees.
func (row netRow) sample() []int {
	nets := slices.Clone(row.nets)
	for i := 1; i < 10; i++ {
		switch {
		case row.orMore:
			nets = append(nets, row.nets[0]+i)
		case row.orLess:
			nets = append(nets, row.nets[0]-i)
		}
	}
	return nets
}

// netHits checks each row's degree, and that the rows, best first, give
// every net hits a degree once: open at both ends, with no net left out
// between and none in two rows.
func netHits(t *tableRun) {
	nets := t.rowKeys("net", "nets", "table/net-hits")
	var top, bottom *int
	var below *int // the fewest net hits of the rows so far
	for r := range t.table.Rows {
		netCell, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		row, ok := parseNetRow(netCell.Text)
		if !ok {
			t.problem(netCell, "table/net-hits", `"`+netCell.Text+`" is not a list of net hits such as "+3, +4" or "-4 or less"`)
			nets.skip()
			continue
		}
		for _, n := range row.nets {
			nets.add(signedNet(n), netCell)
		}
		if most := slices.Max(row.nets); below != nil && most >= *below {
			t.problem(netCell, "table/net-hits", "net hits "+signedNet(most)+" come after "+signedNet(*below)+": the rows run from the most net hits to the fewest")
		}
		below = new(slices.Min(row.nets))
		if row.orMore {
			top = &row.nets[0]
		}
		if row.orLess {
			bottom = &row.nets[0]
		}
		t.netDegree(r, netCell, row.sample())
	}
	if nets.unread {
		return
	}
	if top == nil || bottom == nil {
		t.c.errorAt(t.table.Pos, "table/net-hits", `the rows must be open at both ends, "+N or more" first and "-N or less" last: a roll can net any number of hits`, "")
		return
	}
	var between []string
	for n := *bottom; n <= *top; n++ {
		between = append(between, signedNet(n))
	}
	nets.requireAll(between)
}

// netDegree checks that every net of a row gives the degree the row says.
func (t *tableRun) netDegree(r int, netCell *ast.Cell, nets []int) {
	want := rules.PoolDegreeOf(nets[0]).String()
	for _, n := range nets[1:] {
		if got := rules.PoolDegreeOf(n).String(); got != want {
			t.problem(netCell, "table/net-hits", "net hits "+netCell.Text+" span two degrees: "+want+" and "+got)
			return
		}
	}
	t.expect(r, 1, want, "table/net-hits")
}

// signedNet writes net hits as the table does: "+3", "0", "-2".
func signedNet(n int) string {
	if n > 0 {
		return "+" + itoa(n)
	}
	return itoa(n)
}
