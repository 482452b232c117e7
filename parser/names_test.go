package parser

import "testing"

func TestNames(t *testing.T) {
	n := NewNames()
	n.Reserve("box")
	n.Reserve("box-3")
	var got []string
	for range 4 {
		got = append(got, n.Unique("box"))
	}
	got = append(got, n.UniqueWith("page", ".html"), n.UniqueWith("page", ".html"), n.Unique("page"))
	want := []string{"box-2", "box-4", "box-5", "box-6", "page.html", "page-2.html", "page"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("handed out %q, want %q", got, want)
		}
	}
	if !n.Taken("box-5") || n.Taken("box-7") {
		t.Error("Taken disagrees with what was handed out")
	}
}
