package main

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSampleBooks runs galley check, end to end, on the sample books
// (testdata/books): the three systems other than fd100, fd100's combat
// rules beyond the bundled book's, and a pool book written as a numbered
// outline (lantern). Each must check clean with every table
// bound to its engine, and its twin with wrong tables and prose claims must
// fail at exactly the cells and claims that were broken. A book's layout
// warnings are named with it: the pool book's page 5 is left a column
// short by a table set across the page that no text after it can pass
// (issue 29's floats), and check says so.
func TestSampleBooks(t *testing.T) {
	for _, tc := range []struct {
		book    string
		checked string
		wrong   []string // the wrong twin's diagnostics, as file:line:col code
		layout  string   // the book's own layout warning, as file:line:col code
	}{
		{"pool", "tables: 16 checked, 0 unchecked", []string{"12:15 table/net-hits", "41:102 table/odds", "63:1 table/roll-table", "64:1 table/roll-table", "91:36 table/odds", "104:49 table/odds", "123:49 table/odds", "130:18 claim/value", "134:1 layout/underfull", "143:27 table/generate"}, "book.txt:134:1 layout/underfull"},
		{"trigger", "tables: 11 checked, 0 unchecked", []string{"13:44 table/odds", "13:54 table/odds", "34:1 table/roll-table", "56:96 table/odds", "66:49 table/odds", "66:59 table/odds", "76:49 table/odds", "87:39 table/odds"}, ""},
		{"2d12", "tables: 11 checked, 0 unchecked", []string{"14:40 table/odds", "22:24 claim/value", "29:25 table/odds", "43:1 table/roll-table", "44:1 table/roll-table", "64:33 table/odds", "79:58 table/odds"}, ""},
		{"fd100", "tables: 14 checked, 0 unchecked", []string{"16:121 table/odds", "40:74 table/odds", "59:48 table/odds", "72:46 table/odds", "85:38 table/odds"}, ""},
		{"twin-markdown", "tables: 2 checked, 0 unchecked", []string{"10:31 table/odds", "15:32 claim/value", "34:3 table/roll-table", "35:3 table/roll-table"}, ""},
		{"lantern", "tables: 7 checked, 0 unchecked", []string{"16:18 table/net-hits", "42:23 table/odds", "54:5 table/roll-table", "116:3 table/roll-table", "117:3 table/roll-table", "130:23 ref/unresolved"}, ""},
	} {
		t.Run(tc.book, func(t *testing.T) {
			dir := filepath.Join("..", "..", "testdata", "books", tc.book)
			var out, errs bytes.Buffer
			if code := run([]string{"check", dir}, &out, &errs); code != exitClean {
				t.Fatalf("galley check %s exited %d:\n%s%s", dir, code, out.String(), errs.String())
			}
			summary := "0 errors, 0 warnings; "
			if tc.layout != "" {
				file, code, _ := strings.Cut(tc.layout, " ")
				if !strings.Contains(out.String(), file+": warning") || !strings.Contains(out.String(), "["+code+"]") {
					t.Errorf("galley check %s said %q, want the warning %s", dir, out.String(), tc.layout)
				}
				summary = "0 errors, 1 warning; "
			}
			if !strings.Contains(out.String(), summary+tc.checked) {
				t.Errorf("galley check %s said %q, want every table checked (%s)", dir, out.String(), summary+tc.checked)
			}

			out.Reset()
			if code := run([]string{"check", "--format", "github", dir + "-wrong"}, &out, &errs); code != exitBookError {
				t.Fatalf("galley check %s-wrong exited %d, want %d", dir, code, exitBookError)
			}
			var got []string
			for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
				// ::error file=F,line=L,col=C,title=CODE::message
				fields := strings.FieldsFunc(strings.SplitN(line, "::", 3)[1], func(r rune) bool { return r == ',' || r == '=' })
				got = append(got, fields[3]+":"+fields[5]+" "+fields[7])
			}
			if !slices.Equal(got, tc.wrong) {
				t.Errorf("the wrong twin's diagnostics:\ngot  %v\nwant %v\n%s", got, tc.wrong, out.String())
			}
		})
	}
}
