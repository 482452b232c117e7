package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/galleyhq/galley/render/report"
)

func newBuildCommand() *cobra.Command {
	var out string
	var allowErrors bool
	cmd := &cobra.Command{
		Use:   "build [PATH]",
		Short: "Check a manuscript and build the book",
		Long: `build parses and checks a manuscript (default: manuscript) and, when it has no
errors (or with --allow-errors), builds the book into --out (default: public).
The writers for the site, the PDF and the ASCII book are not part of galley
yet: for now build checks the book and reports, and writes nothing.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := manuscriptPath(args)
			doc, result, err := checkBook(path)
			if err != nil {
				return err
			}
			diags := result.Diagnostics
			if err := writeDiagnosticsText(cmd, doc, diags); err != nil {
				return cannotRun(err)
			}
			if errors, _ := diags.Count(); errors > 0 && !allowErrors {
				fmt.Fprintf(cmd.ErrOrStderr(), "galley: %s: %s; nothing written\n", path, report.Summary(diags))
				return bookHasErrors()
			}
			stats := doc.Stats(diags)
			checked, _ := result.Counts()
			fmt.Fprintf(cmd.OutOrStdout(),
				"checked %s: %d files, %d headings, %d tables (%d checked by the engine); %s. No writer exists yet, so nothing was written to %s.\n",
				path, stats.Files, stats.Heading, stats.Table, checked, report.Summary(diags), out)
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "public", "output directory")
	cmd.Flags().BoolVar(&allowErrors, "allow-errors", false, "build even when the book has errors")
	return cmd
}
