package main

import (
	"fmt"
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
	paper        string
	press, proof bool
}

// register adds the flags to cmd.
func (f *bookFlags) register(cmd *cobra.Command) {
	flags := cmd.Flags()
	flags.StringVar(&f.paper, "paper", "", "paper of the PDFs: a4, letter, a5, 6x9, digest or WxH with a unit, 152x229mm (default: galley.toml's paper)")
	flags.BoolVar(&f.press, "press", false, "the PDF book for a print-on-demand press: bleed, trim and bleed boxes, pages in fours, and the preflight (default: galley.toml's press)")
	flags.BoolVar(&f.proof, "proof", false, "mark the tables the rules engine checked, in the site and the PDF, for the author (default: galley.toml's proof)")
}

// configure checks the flags and returns what changes a book's settings by
// them: those given on the command line, over galley.toml's.
func (f *bookFlags) configure(cmd *cobra.Command) (func(*ast.Config), error) {
	paper := strings.ToLower(f.paper)
	if _, err := ast.ParsePaper(paper); paper != "" && err != nil {
		return nil, cannotRun(fmt.Errorf("--paper: %w", err))
	}
	return func(cfg *ast.Config) {
		if paper != "" {
			cfg.Paper = paper
		}
		if cmd.Flags().Changed("proof") {
			cfg.Proof = f.proof
		}
		if cmd.Flags().Changed("press") {
			cfg.Press = f.press
		}
	}, nil
}
