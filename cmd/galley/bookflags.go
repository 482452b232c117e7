package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/galleyhq/galley/parser/ast"
)

// bookFlags are the flags that change a book's settings for one run:
// build's, and check's, since each of them changes what check reports (the
// PDF's layout warnings are of the paper the book is laid out on, the
// press's preflight of the press book, a proof's marks take room on the
// page), so that check says what the same build would.
type bookFlags struct {
	paper, press string
	proof        bool
}

// register adds the flags to cmd.
func (f *bookFlags) register(cmd *cobra.Command) {
	flags := cmd.Flags()
	flags.StringVar(&f.paper, "paper", "", "paper of the PDFs: a4, letter, a5, 6x9, digest or WxH with a unit, 152x229mm (default: galley.toml's paper)")
	flags.StringVar(&f.press, "press", "", "the PDF book's interior and cover for the print-on-demand press `NAME` ("+strings.Join(ast.Presses, ", ")+"; bare, "+ast.GenericPress+"), beside the reader's PDF: the press's bleed, boxes, colours and page multiple, and the preflight (default: galley.toml's press)")
	flags.Lookup("press").NoOptDefVal = ast.GenericPress
	flags.BoolVar(&f.proof, "proof", false, "mark the tables the rules engine checked, in the site and the PDF, for the author (default: galley.toml's proof)")
}

// configure checks the flags and returns what changes a book's settings by
// them: those given on the command line, over galley.toml's.
func (f *bookFlags) configure(cmd *cobra.Command) (func(*ast.Config), error) {
	paper := strings.ToLower(f.paper)
	if _, err := ast.ParsePaper(paper); paper != "" && err != nil {
		return nil, cannotRun(fmt.Errorf("--paper: %w", err))
	}
	var press ast.PressName
	switch name := strings.ToLower(f.press); name {
	case "true":
		press = ast.GenericPress
	case "", "false":
	default:
		if !slices.Contains(ast.Presses, name) {
			return nil, cannotRun(fmt.Errorf("--press: unknown press %q: use %s", f.press, strings.Join(ast.Presses, ", ")))
		}
		press = ast.PressName(name)
	}
	return func(cfg *ast.Config) {
		if paper != "" {
			cfg.Paper = paper
		}
		if cmd.Flags().Changed("proof") {
			cfg.Proof = f.proof
		}
		if cmd.Flags().Changed("press") {
			cfg.Press = press
		}
	}, nil
}

// joinPressName lets --press take its press's name after a space (galley
// build --press kdp), as a flag with a value does: pflag reads a word
// after a flag that may stand bare (--press, the generic press) as an
// argument, so the word is joined to the flag, unless it is a flag or a
// book's path (galley build --press manuscript), which it then leaves bare.
func joinPressName(args []string) []string {
	joined := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		if args[i] == "--press" && i+1 < len(args) && pressName(args[i+1]) {
			joined = append(joined, "--press="+args[i+1])
			i++
			continue
		}
		joined = append(joined, args[i])
	}
	return joined
}

// pressName reports whether the word after a bare --press is its value: a
// press's name, or a word that is neither a flag nor a path and which
// --press then reports as no press's name.
func pressName(word string) bool {
	if slices.Contains(ast.Presses, strings.ToLower(word)) {
		return true
	}
	if strings.HasPrefix(word, "-") {
		return false
	}
	_, err := os.Stat(word)
	return err != nil
}
