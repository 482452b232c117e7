package pdf

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The structure test of a fillable sheet: what the book's structure test
// checks (tag_test.go), and what PDF/UA-1 asks of a form: each widget
// annotation in the tree under a Form element, by an /OBJR and by its
// /StructParent's key in the parent tree, each field named for a screen
// reader (/TU), and the page's tab order the structure's (/Tabs /S).

var (
	qdfObject    = regexp.MustCompile(`(?m)^(\d+) 0 obj\n`)
	structParent = regexp.MustCompile(`/StructParent (\d+)`)
	numsArray    = regexp.MustCompile(`(?s)/Nums \[(.*?)\]\s*>>`)
	// numsEntry is a key of a number tree's leaf and the object it maps
	// to, once the leaf's arrays (a page's elements) are taken out.
	numsEntry = regexp.MustCompile(`(\d+)\s+(\d+) 0 R`)
	pageArray = regexp.MustCompile(`\[[^\[\]]*\]`)
)

// qdfObjects returns the objects of a QDF file by number.
func qdfObjects(qdf string) map[string]string {
	byNum := map[string]string{}
	for _, obj := range objects(qdf) {
		if m := qdfObject.FindStringSubmatchIndex(obj); m != nil {
			byNum[obj[m[2]:m[3]]] = obj[m[1]:]
		}
	}
	return byNum
}

// formProblems reports a widget annotation outside the tree (no Form
// element's /OBJR, or its /StructParent not mapped to a Form element by
// the parent tree), a field without /TU, and a page of widgets without
// /Tabs /S; listing is pdfinfo -struct's.
func formProblems(qdf, listing string) []string {
	var problems []string
	byNum := qdfObjects(qdf)
	// The parent tree's keys that map to one element, an annotation's.
	parents := map[string]string{}
	for _, nums := range numsArray.FindAllStringSubmatch(qdf, -1) {
		for _, e := range numsEntry.FindAllStringSubmatch(pageArray.ReplaceAllString(nums[1], " "), -1) {
			parents[e[1]] = e[2]
		}
	}
	widgets := 0
	for _, obj := range byNum {
		if strings.Contains(obj, "/FT /") && !strings.Contains(obj, "/TU ") {
			problems = append(problems, "a field has no /TU: "+strings.Join(strings.Fields(obj), " "))
		}
		if strings.Contains(obj, "/Type /Page\n") || strings.Contains(obj, "/Type /Page ") {
			if strings.Contains(obj, "/Annots") && !strings.Contains(obj, "/Tabs /S") {
				problems = append(problems, "a page with annotations has no /Tabs /S")
			}
		}
		if !strings.Contains(obj, "/Subtype /Widget") {
			continue
		}
		widgets++
		m := structParent.FindStringSubmatch(obj)
		if m == nil {
			continue // catalogProblems reports it
		}
		if elem, ok := parents[m[1]]; !ok || !strings.Contains(byNum[elem], "/S /Form") {
			problems = append(problems, fmt.Sprintf("the parent tree does not map widget key %s to a Form element", m[1]))
		}
	}
	inForms := 0
	parseStructure(listing).walk(func(n *structNode) {
		if n.typ == "Form" {
			inForms++
		}
	})
	objrs := strings.Count(listing, "Object ")
	switch {
	case widgets == 0:
		problems = append(problems, "the sheet has no widgets")
	case objrs != widgets:
		problems = append(problems, fmt.Sprintf("%d widgets, %d of them in the structure tree", widgets, objrs))
	case inForms == 0:
		problems = append(problems, "no Form element")
	}
	return problems
}

// sheetFormListing checks that every annotation pdfinfo lists is a Form
// element's.
func sheetFormListing(listing string) []string {
	var problems []string
	element := ""
	for _, line := range strings.Split(listing, "\n") {
		switch line = strings.TrimSpace(line); {
		case strings.HasPrefix(line, "Object "):
			if element != "Form" {
				problems = append(problems, "an annotation is not under a Form element: "+line)
			}
		case line != "" && !strings.HasPrefix(line, "/") && !strings.HasPrefix(line, "\""):
			element = strings.Fields(line)[0]
		}
	}
	return problems
}

// readingAfter returns the n things a reader comes to after the text
// first in the structure tree's reading (see readTree): each text, and
// "field" for each widget. (pdfinfo -struct-text lists the same, but
// renders the page again for each element, some 6 s of CPU for a sheet.)
func readingAfter(parts []string, first string, n int) string {
	var read []string
	for _, part := range parts {
		switch part = strings.TrimSpace(part); {
		case part == objectRead:
			read = append(read, "field")
		case part != "":
			read = append(read, part)
		}
	}
	i := slices.Index(read, first)
	if i < 0 {
		return ""
	}
	return strings.Join(read[i+1:min(len(read), i+1+n)], ", ")
}

// sheetProblems reports everything the structure test finds wrong in a
// fillable sheet.
func sheetProblems(t *testing.T, data []byte) []string {
	q := qdf(t, data)
	listing := structure(t, data)
	problems := append(catalogProblems(q), contentProblems(q)...)
	problems = append(problems, formProblems(q, listing)...)
	problems = append(problems, treeProblems(listing)...)
	return append(problems, sheetFormListing(listing)...)
}

// TestTaggedSheets finds nothing wrong in the blank sheet and a class's,
// and reads the labels from the tree, and the areas' and boxes' titles
// as headings.
func TestTaggedSheets(t *testing.T) {
	needTools(t)
	for _, class := range []string{"blank", "wasp"} {
		t.Run(class, func(t *testing.T) {
			data := bundledSheet(t, class, "a4")
			for _, p := range sheetProblems(t, data) {
				t.Error(p)
			}
			read := readText(t, data)
			for _, label := range []string{"Name", "Speed", "Inventory"} {
				if !strings.Contains(read, label) {
					t.Errorf("the tree does not read %q", label)
				}
			}
			// A rating is read as it is written: its label, its value's
			// field and the %, then the XP box's field.
			if got, want := readingAfter(readTree(t, data), "Speed", 3), "field, %, field"; got != want {
				t.Errorf("after Speed the tree reads %q, want %q", got, want)
			}
			headings := map[string]int{}
			parseStructure(structure(t, data)).walk(func(n *structNode) { headings[n.typ]++ })
			if headings["H1"] != 1 || headings["H2"] == 0 || headings["H3"] == 0 {
				t.Errorf("headings %v: want the sheet's H1, the areas' H2 and the boxes' H3", headings)
			}
		})
	}
}

// TestTaggedSheetProblemsFound makes each fault on purpose in the wasp's
// sheet and shows it found.
func TestTaggedSheetProblemsFound(t *testing.T) {
	needTools(t)
	data := bundledSheet(t, "wasp", "a4")
	q := qdf(t, data)
	listing := structure(t, data)
	if p := sheetProblems(t, data); len(p) > 0 {
		t.Fatalf("the sheet has problems before any is made: %v", p)
	}
	all := func(q, listing string) []string {
		problems := append(catalogProblems(q), contentProblems(q)...)
		problems = append(problems, formProblems(q, listing)...)
		problems = append(problems, treeProblems(listing)...)
		return append(problems, sheetFormListing(listing)...)
	}
	// unmark removes the first sequence opened by open, its EMC with it.
	unmark := func(open string) string {
		page := contentStreams(q)[0]
		at := strings.Index(page, open)
		end := strings.Index(page[at:], "\n") + at + 1
		emc := strings.Index(page[end:], "EMC\n") + end
		return strings.Replace(q, page, page[:at]+page[end:emc]+page[emc+len("EMC\n"):], 1)
	}
	widgetKey := structParent.FindString(q[strings.Index(q, "/Subtype /Widget"):])
	objr := regexp.MustCompile(`(?m)^\s*Object \d+ 0\n`)
	cases := []struct {
		name       string
		q, listing string
		want       string
	}{
		{"untagged label", unmark("/P <</MCID"), listing, "neither tagged nor an artifact"},
		{"rule not an artifact", unmark("/Artifact BMC"), listing, "neither tagged nor an artifact"},
		{"missing language", catalogLang.ReplaceAllString(q, ""), listing, "no /Lang"},
		{"not marked", strings.Replace(q, "/Marked true", "/Marked false", 1), listing, "/Marked true"},
		{"no structure tree", strings.Replace(q, "/StructTreeRoot", "/XtructTreeRoot", 1), listing, "no /StructTreeRoot"},
		{"widget without its key", strings.Replace(q, widgetKey, "/XtructParent 0", 1), listing, "not in the structure tree"},
		{"widget key not in the parent tree", strings.Replace(q, widgetKey, "/StructParent 99999", 1), listing, "does not map widget key"},
		{"field without /TU", strings.Replace(q, "/TU ", "/XU ", 1), listing, "has no /TU"},
		{"no tab order", strings.Replace(q, "/Tabs /S", "/Tabs /R", 1), listing, "no /Tabs /S"},
		{"widget not in the tree", q, strings.Replace(listing, objr.FindString(listing), "", 1), "in the structure tree"},
		{"widget not under a Form", q, strings.Replace(listing, "Form\n", "Sect\n", 1), "not under a Form"},
		{"skipped heading level", q, strings.Replace(listing, "H2", "H3", 1), "H3 follows H1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.q == q && c.listing == listing {
				t.Fatal("the fault was not made")
			}
			found := false
			problems := all(c.q, c.listing)
			for _, p := range problems {
				found = found || strings.Contains(p, c.want)
			}
			if !found {
				t.Errorf("%q not found in %v", c.want, problems)
			}
		})
	}
}
