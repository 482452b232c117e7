package pdf

import (
	"context"
	"testing"
	"time"

	"github.com/galleyhq/galley/internal/testbook"
	"github.com/galleyhq/galley/parser"
	"github.com/galleyhq/galley/parser/ast"
)

// TestUntitledBoxStripe checks that a box without a title, as a Markdown
// note is, opens with a thin stripe in its kind's colour rather than an
// empty title bar, and that a titled box keeps its bar.
func TestUntitledBoxStripe(t *testing.T) {
	doc, diags := parser.ParseMarkdown("notes.md", []byte("{{note\nKeep your dice in the tray.\n}}\n\n{{note\n##### Tray\nAnd the tray on the table.\n}}\n"))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if len(doc.Blocks) != 2 {
		t.Fatalf("%d blocks, want two boxes", len(doc.Blocks))
	}
	pdf, err := New("", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	l := newLayouter(context.Background(), pdf, doc, testbook.SheetsOf(doc))
	for i, want := range []float64{untitledBand, bandHeight} {
		box := doc.Blocks[i].(*ast.Box)
		if got := l.box(box, l.column()).items[0].Height; got != want {
			t.Errorf("box %q opens with a bar %.1f mm tall, want %.1f", box.Title, got, want)
		}
	}
}
