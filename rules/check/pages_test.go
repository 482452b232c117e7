package check

import (
	"strconv"
	"strings"
	"testing"

	"github.com/galleyhq/galley/parser"
)

// pagesBook has an outline with a right page, a wrong one, a TODO and an
// entry no heading matches.
const pagesBook = `\begin{toc}
Burrows ......... 3
  Galleries ..... 3
  Chambers ...... 4
Digging ......... TODO
Nowhere ......... 7
\end{toc}

Burrows
=======

Galleries
---------

Chambers
--------

Digging
=======
`

func TestTOCPages(t *testing.T) {
	doc, diags := parser.Parse("book.txt", []byte(pagesBook))
	if len(diags) > 0 {
		t.Fatalf("the book does not parse cleanly: %v", diags)
	}
	pages := map[string]int{"burrows": 3, "galleries": 3, "chambers": 5, "digging": 8}
	var got []string
	for _, d := range TOCPages(doc, pages) {
		got = append(got, strconv.Itoa(d.Line)+":"+strconv.Itoa(d.Col)+" "+d.Severity.String()+" "+d.Code+" expected="+d.Expected)
	}
	want := []string{"4:19 warning toc/page expected=5"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

func TestTOCPagesWithoutOutline(t *testing.T) {
	doc, _ := parser.Parse("book.txt", []byte("Burrows\n=======\n"))
	if diags := TOCPages(doc, map[string]int{"burrows": 2}); len(diags) != 0 {
		t.Errorf("a book without an outline got %v", diags)
	}
}
