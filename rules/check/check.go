// Package check recomputes what a book claims and reports each disagreement
// at the place it is written, the way FitNesse marks a table cell red: rules
// tables against the engine, references against the headings and numbers
// that exist, numbering against itself, the toc outline against the
// headings, stat blocks against the sheet template's labels.
//
// It is a package of its own, apart from the engine in package rules, so that
// the engine compiled to WebAssembly does not carry the parser along.
package check

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
	sheetmodel "github.com/galleyhq/galley/parser/sheet"
)

// Result is what checking a book found.
type Result struct {
	Diagnostics ast.DiagnosticList
	// Tables lists every table of the book in order, with the check bound
	// to it, if any.
	Tables []*TableResult
}

// TableResult records how one table was checked.
type TableResult struct {
	Table *ast.Table
	// Check names the engine check the table is bound to, "" when none is.
	Check string
	// OptedOut is set when the author wrote check=none.
	OptedOut bool
}

// Counts returns how many tables an engine check covered and how many it
// did not (opted out or bound to nothing).
func (r *Result) Counts() (checked, unchecked int) {
	for _, t := range r.Tables {
		if t.Check != "" {
			checked++
		} else {
			unchecked++
		}
	}
	return checked, unchecked
}

// CheckOf returns the check bound to a table, for writers that mark checked
// tables; "" when it is not checked.
func (r *Result) CheckOf(t *ast.Table) string {
	for _, tr := range r.Tables {
		if tr.Table == t {
			return tr.Check
		}
	}
	return ""
}

// checker carries what every check needs.
type checker struct {
	doc    *ast.Document
	system string
	diags  ast.DiagnosticList
	// vocabulary knows the book's features and stat-block labels.
	vocabulary *vocabulary
	// sheet is the book's character-sheet template, nil if it has none.
	sheet *sheetmodel.Sheet
	// prose holds the text of each paragraph and caption a check has read
	// as prose, by the paragraph or caption (see proseOf).
	prose map[any]*prose
	// paragraphList is the book's paragraphs, gathered on first use (see
	// paragraphs).
	paragraphList []*ast.Paragraph
	// headers holds each table's header as normalizeHeader writes it (see
	// headerOf).
	headers map[*ast.Table]header
	// classes holds the book's class data by lower-cased class name,
	// gathered once: tables ask for it by their column names.
	classes map[string]*ast.ClassData
	// closest remembers the title suggested for each unresolved
	// reference's words: a book refers to a missing section as often as
	// it would to the section, and each search compares every title.
	closest map[string]string
	// suggestionWork is what the searches have cost so far, in pairs of
	// runes compared; see suggestionBudget.
	suggestionWork int
	// columns is every column name a check binds by, for nearBinding;
	// gathered on first use.
	columns *columnNames
	// numbersHad describes, for each kind of numbered block, the numbers
	// the book has, for every unresolved reference to that kind.
	numbersHad map[ast.RefKind]string
	// binding is the table being bound to a check, for the checks that
	// read its caption or the sentence before it (odds_grid.go).
	binding *ast.Table
	// paragraphBefore is the paragraph before each table, gathered on
	// first use.
	paragraphBefore map[*ast.Table]*ast.Paragraph
	// otherSpelling holds the Degree of Success tables that spell the
	// degrees as the other system of six does, reported together
	// (degreeSpellings).
	otherSpelling []*ast.Table
}

// Book checks a parsed book, whose character sheets are sheets (see
// sheet.OfBook; nil for a book without a template). The diagnostics it
// returns are only the checker's; the parser's and the sheets' own are the
// caller's to merge.
func Book(doc *ast.Document, sheets *sheetmodel.Book) *Result {
	c := &checker{doc: doc, system: doc.Config.System, classes: map[string]*ast.ClassData{}, closest: map[string]string{}, headers: map[*ast.Table]header{}, numbersHad: map[ast.RefKind]string{}, prose: map[any]*prose{}}
	ast.WalkBlocks(doc.Blocks, func(n ast.Block) {
		if cd, ok := n.(*ast.ClassData); ok && c.classes[strings.ToLower(cd.Class)] == nil {
			c.classes[strings.ToLower(cd.Class)] = cd
		}
	})
	var template *sheetmodel.Sheet
	if sheets != nil {
		template = sheets.Template
	}
	c.sheet = template
	c.vocabulary = newVocabulary(template)
	res := &Result{}
	c.references()
	c.numbering()
	c.outline()
	c.tocAreas()
	c.statBlocks()
	c.formulas()
	c.refTopics()
	c.dieResults()
	c.dieNames()
	c.turnTakers()
	c.listCounts()
	c.exampleClasses()
	c.summonsTables()
	c.captionMentions()
	c.ruleConditions()
	c.decileRoles()
	c.captionLabels()
	c.boxNames()
	c.modifierSigns()
	c.ratingRange()
	c.trackOptions()
	c.trackLabels()
	c.oddsCharts()
	c.claims()
	c.successFaces()
	res.Tables = c.tables()
	c.degreeSpellings()
	c.diags.Sort(doc.Files)
	res.Diagnostics = c.diags
	return res
}

// errorAt records an error with the value expected there.
func (c *checker) errorAt(pos ast.Pos, code, msg, expected string) {
	c.diags.Errorf(pos, code, msg).Expected = expected
}
