package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
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
// warnings are named with it: its columns left short where a table kept
// whole did not fit and too little text followed it to fill the room,
// which check says (layout/short-column); the wrong twin's layout is
// another book's and is not compared.
func TestSampleBooks(t *testing.T) {
	for _, tc := range []struct {
		book    string
		checked string
		wrong   []string // the wrong twin's diagnostics, as file:line:col code
		layout  []string // the book's own layout warnings, as file:line:col code
	}{
		{"pool", "tables: 16 checked, 0 unchecked", []string{"12:15 table/net-hits", "41:102 table/odds", "63:1 table/roll-table", "64:1 table/roll-table", "91:36 table/odds", "104:49 table/odds", "123:49 table/odds", "130:18 claim/value", "143:27 table/generate"}, nil},
		{"trigger", "tables: 11 checked, 0 unchecked", []string{"13:44 table/odds", "13:54 table/odds", "34:1 table/roll-table", "56:96 table/odds", "66:49 table/odds", "66:59 table/odds", "76:49 table/odds", "87:39 table/odds"}, []string{"book.txt:34:1 layout/short-column"}},
		{"2d12", "tables: 11 checked, 0 unchecked", []string{"14:40 table/odds", "22:24 claim/value", "29:25 table/odds", "43:1 table/roll-table", "44:1 table/roll-table", "64:33 table/odds", "79:58 table/odds"}, []string{"book.txt:70:1 layout/short-column"}},
		{"fd100", "tables: 14 checked, 0 unchecked", []string{"16:121 table/odds", "40:74 table/odds", "59:48 table/odds", "72:46 table/odds", "85:38 table/odds"}, []string{"book.txt:49:1 layout/short-column", "book.txt:54:1 layout/short-column", "book.txt:147:1 layout/short-column"}},
		{"twin-markdown", "tables: 2 checked, 0 unchecked", []string{"10:31 table/odds", "15:32 claim/value", "34:3 table/roll-table", "35:3 table/roll-table"}, nil},
		{"lantern", "tables: 7 checked, 0 unchecked", []string{"16:18 table/net-hits", "42:23 table/odds", "54:5 table/roll-table", "116:3 table/roll-table", "117:3 table/roll-table", "130:23 ref/unresolved"}, nil},
	} {
		t.Run(tc.book, func(t *testing.T) {
			dir := filepath.Join("..", "..", "testdata", "books", tc.book)
			var out, errs bytes.Buffer
			if code := run([]string{"check", dir}, &out, &errs); code != exitClean {
				t.Fatalf("galley check %s exited %d:\n%s%s", dir, code, out.String(), errs.String())
			}
			var layout []string
			for _, m := range layoutWarning.FindAllStringSubmatch(out.String(), -1) {
				layout = append(layout, filepath.Base(m[1])+" "+m[2])
			}
			if !slices.Equal(layout, tc.layout) {
				t.Errorf("galley check %s: layout warnings\ngot  %q\nwant %q\n%s", dir, layout, tc.layout, out.String())
			}
			summary := fmt.Sprintf("0 errors, %d warnings; ", len(tc.layout))
			if len(tc.layout) == 1 {
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
				if !strings.HasPrefix(fields[7], "layout/") {
					got = append(got, fields[3]+":"+fields[5]+" "+fields[7])
				}
			}
			if !slices.Equal(got, tc.wrong) {
				t.Errorf("the wrong twin's diagnostics:\ngot  %v\nwant %v\n%s", got, tc.wrong, out.String())
			}
		})
	}
}

// layoutWarning finds a layout warning in galley check's output: its
// file:line:column and its code.
var layoutWarning = regexp.MustCompile(`(?m)^(\S+:\d+:\d+): warning: .*\[(layout/[a-z-]+)\]$`)
