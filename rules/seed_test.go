package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// seedPath is where the designer's seeds live beside the repository.
var seedPath = filepath.Join("..", "..", "shared", "seeds")

// seedTable returns the rows of the first \begin{table} … \end{table} block
// in a seed whose header row starts with header, as trimmed cells, header
// row first. Tests that use it skip when the seeds are absent.
func seedTable(t *testing.T, file, header string) [][]string {
	t.Helper()
	tables := seedTables(t, file, header)
	if len(tables) == 0 {
		t.Fatalf("%s: no table starting %q", file, header)
	}
	return tables[0]
}

// seedTables returns every table in a seed whose header row starts with
// header.
func seedTables(t *testing.T, file, header string) [][][]string {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(seedPath, file))
	if err != nil {
		t.Skipf("seed not available: %v", err)
	}
	var tables [][][]string
	var rows [][]string
	inside := false
	for _, line := range strings.Split(string(text), "\n") {
		switch {
		case !inside && strings.HasPrefix(line, header):
			inside = true
		case inside && strings.HasPrefix(line, `\end{table}`):
			tables = append(tables, rows)
			rows, inside = nil, false
		}
		if inside {
			var cells []string
			for _, cell := range strings.Split(line, "&") {
				cells = append(cells, strings.TrimSpace(cell))
			}
			rows = append(rows, cells)
		}
	}
	return tables
}
