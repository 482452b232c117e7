package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/galleyhq/galley/parser"
)

// manuscriptFormat is --from: the markup of the manuscript files whose
// extension names none (a .md file is Markdown whatever it says), "" for
// galley's markup.
var manuscriptFormat parser.Format

// fromFlag sets manuscriptFormat.
type fromFlag struct{}

func (fromFlag) String() string { return string(manuscriptFormat) }

func (fromFlag) Type() string { return "markup" }

func (fromFlag) Set(s string) error {
	f, ok := parser.ParseFormat(s)
	if !ok {
		return errors.New(`the markup is "galley", "markdown" or "outline"`)
	}
	manuscriptFormat = f
	return nil
}

// addFromFlag gives cmd the --from flag. Each run of galley builds its
// commands afresh, and so starts from each file's own markup.
func addFromFlag(cmd *cobra.Command) {
	manuscriptFormat = ""
	cmd.Flags().Var(fromFlag{}, "from", "read manuscript files as `galley` markup, markdown, or a numbered outline, whatever their extension or look (.md files are always Markdown)")
}
