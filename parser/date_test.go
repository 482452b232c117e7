package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBookDate checks a book's date: its file's modification time, to the
// second in UTC, or SOURCE_DATE_EPOCH, which must be a date.
func TestBookDate(t *testing.T) {
	file := filepath.Join(t.TempDir(), "book.txt")
	if err := os.WriteFile(file, []byte("A book\n======\n\nText.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	modified := time.Date(2023, 7, 8, 9, 10, 11, 120000000, time.FixedZone("CEST", 2*3600))
	if err := os.Chtimes(file, modified, modified); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		epoch string
		want  time.Time
		err   string
	}{
		{"", time.Date(2023, 7, 8, 7, 10, 11, 0, time.UTC), ""},
		{"1700000000", time.Unix(1700000000, 0).UTC(), ""},
		{"0", time.Unix(0, 0).UTC(), ""},
		{"yesterday", time.Time{}, `SOURCE_DATE_EPOCH="yesterday" is not a date`},
		{"-1", time.Time{}, "is not a date"},
		{"253402300800", time.Time{}, "is not a date"}, // the year 10000
	} {
		t.Setenv(SourceDateEpoch, tt.epoch)
		doc, _, err := ParseBook(file)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("SOURCE_DATE_EPOCH=%q: error %v, want %q", tt.epoch, err, tt.err)
			}
		case err != nil:
			t.Errorf("SOURCE_DATE_EPOCH=%q: %v", tt.epoch, err)
		case !doc.Date.Equal(tt.want) || doc.Date.Location() != time.UTC:
			t.Errorf("SOURCE_DATE_EPOCH=%q: date %v, want %v", tt.epoch, doc.Date, tt.want)
		}
	}
}
