package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/galleyhq/galley/render/report"
)

func newParseCommand() *cobra.Command {
	var stats, asJSON bool
	cmd := &cobra.Command{
		Use:   "parse [PATH]",
		Short: "Parse a manuscript and print its outline, its node counts or its whole tree",
		Long: `parse reads a manuscript (a file, or a directory with an optional galley.toml)
and prints its outline of headings. --stats prints the number of nodes of each
kind as one JSON object; --json prints the whole document tree with the file,
line and column of every node. Diagnostics go to stderr; the exit status is 1
when the book has errors.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if stats && asJSON {
				return cannotRun(errors.New("--stats and --json cannot be used together"))
			}
			doc, diags, err := readBook(cmd, manuscriptPath(args))
			if err != nil {
				return err
			}
			if err := writeDiagnosticsText(cmd, doc, diags); err != nil {
				return cannotRun(err)
			}
			out := cmd.OutOrStdout()
			switch {
			case stats:
				data, err := json.Marshal(doc.Stats(diags))
				if err != nil {
					return cannotRun(err)
				}
				fmt.Fprintln(out, string(data))
			case asJSON:
				enc := json.NewEncoder(out)
				enc.SetIndent("", " ")
				if err := enc.Encode(doc); err != nil {
					return cannotRun(err)
				}
			default:
				for _, h := range doc.Headings() {
					// A title is manuscript text: its control characters are shown, not sent.
					fmt.Fprintf(out, "%s%s  #%s  (%s)\n", strings.Repeat("  ", h.Depth-1), report.EscapeControls(h.Title), h.ID, report.EscapeControls(h.Pos.String()))
				}
			}
			return exitFor(diags)
		},
	}
	cmd.Flags().BoolVar(&stats, "stats", false, "print the count of nodes of each kind as JSON")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the whole document tree as JSON")
	addFromFlag(cmd)
	return cmd
}
