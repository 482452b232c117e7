package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/galleyhq/galley/rules"
)

// namedRolls are the forms of each system's named rolls, one or more a
// line, a long line going on indented.
var namedRolls = []struct {
	system string
	lines  []string
}{
	{"fd100", []string{
		"fd100 effort=60 resistance=40 [static=+30,-20] [dramatic=+25] [shift=-1]\n      [disposition=Advancing] [wounds=2] [swarming=80] [poisoned=30] [starving]",
		"fd100 effort=55 [resistance=45 contested]",
		"fd100 attack threat=60 survival=40 [flying=20] [carapace=40 keywords=Crushing]\n      [close] [flies], and static=, dramatic=, shift= and the words of condition",
		"fd100 luck=11 [rolls=10] | fd100 set=d60 [reading=2] | fd100 increase=d40 rating=30",
		"fd100 decrease=d80 rating=50 | fd100 initiative=50 rivals=50,60",
		"fd100 intimidate|rally|encourage effort=60 resistance=40 [at=Holding] [track=soldier]",
		"fd100 charm|confuse effort=60 resistance=40 [rating=20] [ally]",
		"fd100 resist|focus|shake effort=55 effect=40 [die=d60]",
		"fd100 effort=60 resistance=40 luck=33 (Luck saves a Critical Failure)",
		"fd100 bleeding=40|infected=40|stunned=40 [resist=55] turns=3 | fd100 hunger=60 rises=2",
		"fd100 alarm swarming=90 chances=80,60,30,25",
		"fd100 alarmgun nasutes=4 | fd100 guardians specials=3",
	}},
	{"pool", []string{
		"pool dice=6 difficulty=2 [success=5] [mods=+2,-3] [charging] | pool dice=6 vs=4 [wounds]",
		"      [close|ranged|area] [carapace=2] [flight=2] [swarms=3]",
		"      [room=2] [darkness=1] [blind=1]",
		"pool dice=3 initiative | pool events=costs|risks|rewards|5+level,level level=3",
		"pool explore dice=5 level=3 events=rewards | pool encounter level=5 | pool effects=3,2,1",
		"pool hunger=7 level=3 | pool spoilage=4 | pool obstacle|swarmlings dice=5 level=3",
		"pool infection dice=5 level=3 [infected=1] | pool heal dice=6 wounds=3",
	}},
	{"2d12", []string{
		"2d12 mod=+3 target=16 [adv|dis|adv2|dis2] [kind=check|save|attack] [damage=1d8+2]",
		"2d12 mod=+3 vs=+5 | 2d12 mod=+3 target=16 take=13 | 2d12 take=24 tries=100",
		"2d12 level=5 stat=15 sup=6 target=20 kind=save (their bonuses add to mod=)",
		"2d12 bonus|dc level=6 stat=18 sup=14 | 2d12 mod=+3 target=16 margin",
		"2d12 fall=60 [huge] [mod=+2 target=14]",
	}},
	{"trigger", []string{
		"trigger dice=7 difficulty=2 [success=5] [mods=+1S,-1T] [helpers=4,3] [quality]",
		"trigger dice=7 vs=5 [draws] | trigger dice=6,5 difficulty=2,3 [quality]",
		"trigger dice=6 complex=10 rolls=3 [helpers=4]",
		"      any of them [ego=2] [encumbrance=5 carry=3]",
		"trigger dice=5 initiative [bonus] | trigger dice=6 difficulty=2 damage=4 [armor=2]",
		"trigger dice=5 difficulty=2 heal | trigger dice=6 defend=5 [close]",
	}},
}

// namedRollLines returns the forms of system's named rolls, or of every
// system's for the generic one, indented by indent.
func namedRollLines(system, indent string) string {
	var b strings.Builder
	for _, named := range namedRolls {
		if system != rules.GenericSystem.String() && named.system != system {
			continue
		}
		for _, line := range named.lines {
			b.WriteString(indent + strings.ReplaceAll(line, "\n", "\n"+indent) + "\n")
		}
	}
	return b.String()
}

// systemFlags are the flags that say which system an expression is read
// in: a d20 is 0 to 19 in fd100, and a named roll may leave out its
// system's name.
type systemFlags struct {
	system string
	book   string
}

func (f *systemFlags) add(flags *pflag.FlagSet) {
	flags.StringVar(&f.system, "system", "", "system context: "+strings.Join(rules.SystemNames(), ", ")+" (default: the book's, else generic)")
	flags.StringVar(&f.book, "book", "", "read expressions in the system of the book at `PATH` (default: the book galley build reads here, if any)")
}

// context returns the system expressions are read in, as the site's roller
// reads them: --system when given; else the system of the book --book
// names or, without it, of the book the other commands read by default
// (see manuscriptPath) when there is one; else generic. from names the
// book the system came from, or is empty.
func (f *systemFlags) context(cmd *cobra.Command) (system, from string, err error) {
	if cmd.Flags().Changed("system") {
		return f.system, "", nil
	}
	book := f.book
	if book == "" {
		book = manuscriptPath(nil)
		if _, err := os.Stat(book); err != nil {
			return rules.GenericSystem.String(), "", nil
		}
	}
	doc, _, err := readBook(cmd, book)
	if err != nil {
		return "", "", err
	}
	return doc.Config.System, book, nil
}

// readIn says which system an expression is read in, and why: "the
// generic system", "2d12, the system of the book at rules".
func readIn(system, from string) string {
	if from == "" {
		return "the " + system + " system"
	}
	return system + ", the system of " + bookName(from)
}

// bookName names the book at path for a message.
func bookName(path string) string {
	if path == "." {
		return "this directory's book"
	}
	return "the book at " + path
}

// printAccepted tells what the command, run with no expression, accepts in
// system, which the book at from gives when from is not empty.
func printAccepted(out io.Writer, command, system, from string) {
	named := "a named roll of one of the systems"
	if system != rules.GenericSystem.String() {
		named = "one of " + system + "'s named rolls"
	}
	fmt.Fprintf(out, "galley %s EXPR, where EXPR is dice notation:\n\n%s\nor %s:\n\n%s\n", command, notationLines("  "), named, namedRollLines(system, "  "))
	fmt.Fprintf(out, "EXPR is read in %s; --system or --book\nchoose another, and galley %s --help says more.\n", readIn(system, from), command)
}
