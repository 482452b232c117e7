package check

import "testing"

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
