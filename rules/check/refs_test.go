package check

import (
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser"
)

// TestSuggestionsAreBounded checks that a book with thousands of headings and
// as many distinct broken references is checked without a suggestion for
// each: every suggestion compares the reference with every title, and all of
// them would take the checker most of a minute.
func TestSuggestionsAreBounded(t *testing.T) {
	const n = 2000
	var book strings.Builder
	for i := range n {
		title := "Heading " + strconv.Itoa(i) + " of the nest"
		book.WriteString(title + "\n" + strings.Repeat("-", len(title)) + "\n\n")
		book.WriteString(`See Section "Missing ` + strconv.Itoa(i) + ` of the beetles".` + "\n\n")
	}
	doc, _ := parser.Parse("book.txt", []byte(book.String()))
	unresolved, suggested := 0, 0
	for _, d := range checkBook(doc).Diagnostics {
		if d.Code == "ref/unresolved" {
			unresolved++
			if d.Expected != "" {
				suggested++
			}
		}
	}
	if unresolved != n {
		t.Fatalf("%d references reported unresolved, want %d", unresolved, n)
	}
	if suggested == 0 || suggested == n {
		t.Errorf("%d of %d unresolved references have a suggestion; want the first few, not none or all", suggested, n)
	}
}

// TestDescribeNumbers checks that the numbers a book has are written as
// ranges, and that a book numbered with many gaps gets a message of the
// same length as one with few: each unresolved reference repeats it.
func TestDescribeNumbers(t *testing.T) {
	odd := make([]int, 0, 500)
	for n := 999; n > 0; n -= 2 {
		odd = append(odd, n)
	}
	tests := []struct {
		nums []int
		want string
	}{
		{nil, ""},
		{[]int{3, 1, 2, 9, 5, 6}, "1-3, 5-6, 9"},
		{[]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, "1-10"},
		{odd, "1, 3, 5, 7, 9, 11, 13, …, 999"},
	}
	for _, tt := range tests {
		if got := describeNumbers(tt.nums); got != tt.want {
			t.Errorf("describeNumbers(%v) = %q, want %q", tt.nums, got, tt.want)
		}
	}
}
