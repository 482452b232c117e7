package check

import (
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// A table that compares the book's classes, a row per class, says what each
// is best or worst at in words ("Best at: Swarming, Construction"), and
// those words are claims about the class data that fills the sheets: no
// class may rate higher a Feature another is said to be best at. Each class
// has a row, once. Columns that compare nothing ("Role") are the
// author's description.

var classComparisonCheck = &tableCheck{
	name:    "class-comparison",
	columns: append([]string{"Class"}, comparisonNames()...),
	binds: func(h header, c *checker) bool {
		if len(h) < 2 || h[0] != "class" || len(c.classes) == 0 {
			return false
		}
		return slices.ContainsFunc(h[1:], func(col string) bool { return comparisonOf(col) != nil })
	},
	run: compareClasses,
}

// classComparison is what a column says of each Feature it names for a class.
type classComparison struct {
	headers []string
	// says words the claim for a message: "the best at".
	says string
	// superlative marks a claim only one class can make of a Feature
	// (best, worst), as against a judgement of degree (a weak spot).
	superlative bool
	// holds reports whether a class's rating of a Feature makes the claim
	// true, given every class's rating of it.
	holds func(rating int, all []int) bool
}

// classComparisons are the columns a class comparison reads. "Best at" is a
// superlative: no class rates the Feature higher. "Weak spots" is not:
// the class rates it below the classes' average, as a Feature a crew would
// rather another class covered.
var classComparisons = []*classComparison{
	{headers: []string{"best at", "best", "highest"}, says: "the best at", superlative: true, holds: func(r int, all []int) bool { return r >= slices.Max(all) }},
	{headers: []string{"worst at", "worst", "lowest"}, says: "the worst at", superlative: true, holds: func(r int, all []int) bool { return r <= slices.Min(all) }},
	{headers: []string{"strengths", "strong at"}, says: "above the average at", holds: func(r int, all []int) bool { return r*len(all) > sum(all) }},
	{headers: []string{"weak spots", "weaknesses", "weak at"}, says: "below the average at", holds: func(r int, all []int) bool { return r*len(all) < sum(all) }},
}

func comparisonOf(column string) *classComparison {
	for _, c := range classComparisons {
		if slices.Contains(c.headers, column) {
			return c
		}
	}
	return nil
}

// comparisonNames lists the comparison columns as a book heads them.
func comparisonNames() []string {
	var names []string
	for _, c := range classComparisons {
		for _, h := range c.headers {
			names = append(names, titleCase(h))
		}
	}
	return names
}

func sum(ns []int) int {
	total := 0
	for _, n := range ns {
		total += n
	}
	return total
}

func compareClasses(t *tableRun) {
	classes := t.rowKeys("class", "classes", "table/class-comparison")
	var names []string
	for _, cd := range t.c.classes {
		names = append(names, className(cd))
	}
	slices.Sort(names)
	for r := range t.table.Rows {
		classCell, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		class := t.c.classes[strings.ToLower(strings.TrimSpace(classCell.Text))]
		if class == nil {
			closest := ast.Closest(classCell.Text, names)
			msg := `"` + classCell.Text + `" is not a class the book has data for`
			if closest != "" {
				msg += ` (did you mean "` + closest + `"?)`
			}
			t.c.errorAt(classCell.Pos, "table/class-comparison", msg, closest)
			classes.skip()
			continue
		}
		if !classes.add(className(class), classCell) {
			continue
		}
		for col := 1; col < len(t.header); col++ {
			if comp := comparisonOf(t.header[col]); comp != nil {
				if cell, ok := t.cell(r, col); ok {
					t.compareClass(cell, class, comp)
				}
			}
		}
	}
	classes.requireAll(names)
}

// compareClass checks each Feature a cell names against every class's
// rating of it.
func (t *tableRun) compareClass(cell *ast.Cell, class *ast.ClassData, comp *classComparison) {
	for _, name := range featureNames(cell.Text) {
		rating, ok := classRating(class, name)
		if !ok {
			if !t.c.vocabulary.isFeature(name) {
				t.c.unknownFeature(name, cell.Pos, "table/class-comparison")
			} else {
				t.problem(cell, "table/class-comparison", `the class data of `+className(class)+` rates no "`+name+`"`)
			}
			return
		}
		var all []int
		var others []string
		for _, other := range t.c.classes {
			if r, ok := classRating(other, name); ok {
				all = append(all, r)
				if other != class {
					others = append(others, className(other)+" "+itoa(r))
				}
			}
		}
		if !comp.holds(rating, all) {
			slices.Sort(others)
			t.problem(cell, "table/class-comparison", className(class)+" is not "+comp.says+" "+name+": "+className(class)+" has "+itoa(rating)+
				", the other classes "+strings.Join(others, ", "))
			return
		}
	}
}

// className is the class's name as its data spells it ("Class: Ants"),
// else as the charsheet environment does.
func className(class *ast.ClassData) string {
	if name, ok := classValue(class, "Class"); ok && name != "" {
		return name
	}
	return class.Class
}

// classRating reads a class's rating of a Feature as a number: "45%" is
// 45, and a count over its maximum ("Wounds/Max: 0/8") is the maximum.
func classRating(class *ast.ClassData, name string) (int, bool) {
	value, ok := classValue(class, name)
	if !ok {
		value, ok = classValue(class, name+"/Max")
	}
	if !ok {
		return 0, false
	}
	fields := strings.Fields(value)
	if len(fields) == 0 {
		return 0, false
	}
	number := fields[0]
	if _, max, isCount := strings.Cut(number, "/"); isCount {
		number = max
	}
	n, err := strconv.Atoi(strings.TrimSuffix(number, "%"))
	return n, err == nil
}
