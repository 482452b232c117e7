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

	"github.com/galleyhq/galley/internal/parallel"
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
	// blockList is the book's blocks in the order ast.WalkBlocks visits
	// them (see walkBlocks).
	blockList []ast.Block
	// paragraphList is the book's paragraphs, each with its prose (see
	// paragraphs).
	paragraphList []paragraph
	// paragraphProse and captionProse hold the text of each paragraph
	// and caption as prose, made before the passes and shared by them (see
	// proseOf), by pointers: a map keyed by an interface hashes and
	// compares the type too, and every pass asks. ownProse is what else a
	// pass has read as prose.
	paragraphProse map[*ast.Paragraph]*prose
	captionProse   map[*ast.Caption]*prose
	ownProse       map[any]*prose
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
	// paragraphBefore is the paragraph before each table.
	paragraphBefore map[*ast.Table]*ast.Paragraph
	// otherSpelling holds the Degree of Success tables that spell the
	// degrees as the other system of six does, reported together
	// (degreeSpellings).
	otherSpelling []*ast.Table
}

// passes are the checks Book runs, each on a checker of its own and at
// once with the others: none changes the book or what the checkers share,
// and each writes its diagnostics to its own list, merged in this order
// (so that two findings at one place come out as they always have). The
// tables' binding reports the tables it bound, and the degrees' spellings
// read what it found, so the two are one pass.
var passes = []func(c *checker, res *Result){
	func(c *checker, _ *Result) { c.references() },
	func(c *checker, _ *Result) { c.numbering() },
	func(c *checker, _ *Result) { c.outline() },
	func(c *checker, _ *Result) { c.tocAreas() },
	func(c *checker, _ *Result) { c.statBlocks() },
	func(c *checker, _ *Result) { c.formulas() },
	func(c *checker, _ *Result) { c.refTopics() },
	func(c *checker, _ *Result) { c.dieResults() },
	func(c *checker, _ *Result) { c.dieNames() },
	func(c *checker, _ *Result) { c.turnTakers() },
	func(c *checker, _ *Result) { c.listCounts() },
	func(c *checker, _ *Result) { c.exampleClasses() },
	func(c *checker, _ *Result) { c.summonsTables() },
	func(c *checker, _ *Result) { c.captionMentions() },
	func(c *checker, _ *Result) { c.ruleConditions() },
	func(c *checker, _ *Result) { c.decileRoles() },
	func(c *checker, _ *Result) { c.captionLabels() },
	func(c *checker, _ *Result) { c.boxNames() },
	func(c *checker, _ *Result) { c.modifierSigns() },
	func(c *checker, _ *Result) { c.ratingRange() },
	func(c *checker, _ *Result) { c.trackOptions() },
	func(c *checker, _ *Result) { c.trackLabels() },
	func(c *checker, _ *Result) { c.oddsCharts() },
	func(c *checker, _ *Result) { c.claims() },
	func(c *checker, _ *Result) { c.successFaces() },
	func(c *checker, res *Result) {
		res.Tables = c.tables()
		c.degreeSpellings()
	},
}

// startOrder returns the pass that starts ith. The last, the tables'
// binding, takes as long as a dozen others (a third of the passes' time
// in a 12 MB book) and starts first: started last, as its place in the
// list would have it, it ran alone while the other cores waited.
func startOrder(i int) int {
	if i == 0 {
		return len(passes) - 1
	}
	return i - 1
}

// Book checks a parsed book, whose character sheets are sheets (see
// sheet.OfBook; nil for a book without a template). The diagnostics it
// returns are only the checker's; the parser's and the sheets' own are the
// caller's to merge.
//
// What several passes read (the class data, the paragraphs, the prose of
// every paragraph and caption, the tables' headers) is gathered first, in
// one walk and on every core, and is not changed after: the passes then
// run at once, on every core.
func Book(doc *ast.Document, sheets *sheetmodel.Book) *Result {
	shared := gather(doc)
	if sheets != nil {
		shared.sheet = sheets.Template
	}
	shared.vocabulary = newVocabulary(shared.sheet)
	found := make([]ast.DiagnosticList, len(passes))
	res := &Result{}
	parallel.For(len(passes), func(i int) {
		i = startOrder(i)
		c := *shared
		passes[i](&c, res)
		found[i] = c.diags
	})
	for _, diags := range found {
		res.Diagnostics = append(res.Diagnostics, diags...)
	}
	res.Diagnostics.Sort(doc.Files)
	return res
}

// gather makes the checker every pass starts from: the book's class data
// by lower-cased name, its paragraphs in order, the paragraph before each
// table, the prose of every paragraph and caption, and each table's
// header, all found in one walk.
func gather(doc *ast.Document) *checker {
	c := &checker{doc: doc, system: doc.Config.System, classes: map[string]*ast.ClassData{}, headers: map[*ast.Table]header{}, paragraphBefore: map[*ast.Table]*ast.Paragraph{}}
	var paragraphs []*ast.Paragraph
	var captions []*ast.Caption
	var tables []*ast.Table
	var last *ast.Paragraph
	// Most of a book's blocks stand at the top; the lists and boxes hold
	// about as many again. A list that grew from nothing would be copied
	// a dozen times over, a quarter larger each time once it is long.
	c.blockList = make([]ast.Block, 0, 2*len(doc.Blocks))
	ast.WalkBlocks(doc.Blocks, func(n ast.Block) {
		c.blockList = append(c.blockList, n)
		switch n := n.(type) {
		case *ast.ClassData:
			if c.classes[strings.ToLower(n.Class)] == nil {
				c.classes[strings.ToLower(n.Class)] = n
			}
		case *ast.Paragraph:
			last = n
			paragraphs = append(paragraphs, n)
		case *ast.Table:
			c.paragraphBefore[n] = last
			tables = append(tables, n)
			if n.Caption != nil {
				captions = append(captions, n.Caption)
			}
		case *ast.Figure:
			if n.Caption != nil {
				captions = append(captions, n.Caption)
			}
		}
	})
	// The prose is made in one array, and in runs of a few hundred
	// paragraphs a core: a book has tens of thousands, each quickly made.
	proses := make([]prose, len(paragraphs)+len(captions))
	headers := make([]header, len(tables))
	const run = 256
	runs := (len(proses) + run - 1) / run
	parallel.For(runs+len(tables), func(r int) {
		if r >= runs {
			headers[r-runs] = normalizeHeader(tables[r-runs].Header)
			return
		}
		inlinesOf := func(i int) []ast.Inline {
			if i < len(paragraphs) {
				return paragraphs[i].Inlines
			}
			return captions[i-len(paragraphs)].Inlines
		}
		lo, hi := r*run, min((r+1)*run, len(proses))
		total := 0 // the run's spans, allocated at once
		for i := lo; i < hi; i++ {
			_, spans := measureProse(inlinesOf(i))
			total += spans
		}
		slab := make([]proseSpan, total)
		for i := lo; i < hi; i++ {
			proses[i].make(inlinesOf(i), &slab)
		}
	})
	c.paragraphList = make([]paragraph, len(paragraphs))
	c.paragraphProse = make(map[*ast.Paragraph]*prose, len(paragraphs))
	for i, p := range paragraphs {
		c.paragraphList[i] = paragraph{p, &proses[i]}
		c.paragraphProse[p] = &proses[i]
	}
	c.captionProse = make(map[*ast.Caption]*prose, len(captions))
	for i, caption := range captions {
		c.captionProse[caption] = &proses[len(paragraphs)+i]
	}
	for i, t := range tables {
		c.headers[t] = headers[i]
	}
	return c
}

// walkBlocks visits the book's blocks as ast.WalkBlocks does, from the
// list gather made: most passes look at every block, and a list is
// cheaper to go through than the tree.
func (c *checker) walkBlocks(visit func(ast.Block)) {
	for _, b := range c.blockList {
		visit(b)
	}
}

// headings returns the book's headings in order, as Document.Headings
// does, from gather's list of blocks rather than another walk of the tree.
func (c *checker) headings() []*ast.Heading {
	var headings []*ast.Heading
	for _, b := range c.blockList {
		if h, ok := b.(*ast.Heading); ok {
			headings = append(headings, h)
		}
	}
	return headings
}

// errorAt records an error with the value expected there.
func (c *checker) errorAt(pos ast.Pos, code, msg, expected string) {
	c.diags.Errorf(pos, code, msg).Expected = expected
}
