package main

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/galleyhq/galley/internal/pipeline"
	"github.com/galleyhq/galley/render/report"
)

func newBuildCommand() *cobra.Command {
	var out, only string
	var allowErrors bool
	var settings bookFlags
	cmd := &cobra.Command{
		Use:   "build [PATH]",
		Short: "Check a manuscript and build the book",
		Long: `build parses and checks a manuscript (default: manuscript) and, when it has no
errors (or with --allow-errors), writes the book into --out (default: public).
The output is written to a temporary directory that replaces --out only when
every part is written: an error, an interrupt or a kill leaves the previous
output as it was. --only builds one part. The manuscript's static/ directory
(a CNAME, images) is copied into the output as it is.

galley deletes nothing it did not write: the output's dot-files, such as the
.git of a GitHub Pages work tree, are kept, and an output directory holding
other files galley did not write is refused. When --out is a link, the
directory it points to is built.

The parts are the website with its dice roller (html: index.html, a page per
chapter and section, assets/), the character sheets (sheets/: every class and
a blank sheet as ASCII, HTML and PDF), the PDF rulebook (pdf) and the framed
ASCII book (txt), the books named after galley.toml's title:
nests-insects.pdf, nests-insects.txt. The site's roller is compiled with the
go command once and cached; without Go the site is written without it.

--proof (or proof = true in galley.toml) marks each table the rules engine
checked, "✓ checked NAME", in the site and the PDF: a proof for the author,
left out of the reader's book.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			start := time.Now()
			parts, err := pipeline.PartsNamed(only)
			if err != nil {
				return cannotRun(err)
			}
			configure, err := settings.configure(cmd)
			if err != nil {
				return err
			}
			ctx, stop := interruptible(cmd.Context())
			defer stop()
			// The site's dice roller is found while the book is read.
			pipeline.Prepare(ctx, parts)
			path := manuscriptPath(args)
			// The parts are written while the book's rules are checked,
			// and nothing is put in place if they find errors.
			book, err := pipeline.Start(ctx, pipeline.Options{Path: path, Format: manuscriptFormat, Configure: configure})
			if err != nil {
				return stopped(ctx, err, out+" is as it was")
			}
			reports, buildErr := pipeline.Build(ctx, book, pipeline.BuildOptions{Out: out, Parts: parts, RefuseErrors: !allowErrors})
			if errors.Is(buildErr, pipeline.ErrBookHasErrors) {
				if err := writeDiagnosticsText(cmd, book.Doc, book.Diagnostics); err != nil {
					return cannotRun(err)
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "galley: %s: %s; nothing written\n", path, report.Summary(book.Diagnostics))
				return bookHasErrors()
			}
			// What the parts found laying themselves out (the PDF book's
			// layout, the site's page weights) is galley check's too.
			diags := pipeline.Diagnostics(book, reports)
			if err := writeDiagnosticsText(cmd, book.Doc, diags); err != nil {
				return cannotRun(err)
			}
			if buildErr != nil {
				return stopped(ctx, buildErr, out+" is as it was")
			}
			var wrote []string
			for _, r := range reports {
				wrote = append(wrote, r.Summary)
				for _, w := range r.Warnings {
					fmt.Fprintln(cmd.ErrOrStderr(), "galley: warning:", w)
				}
			}
			checked, _ := book.Checks.Counts()
			fmt.Fprintf(cmd.OutOrStdout(), "built %s into %s: %s; %s, %d checked by the engine; %s; %s\n",
				path, out, strings.Join(wrote, ", "), report.Count(len(book.Checks.Tables), "table"), checked, report.Summary(diags),
				time.Since(start).Round(time.Millisecond))
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "public", "output directory")
	cmd.Flags().StringVar(&only, "only", "", "build one part: "+strings.Join(pipeline.PartNames(), ", "))
	settings.register(cmd)
	cmd.Flags().BoolVar(&allowErrors, "allow-errors", false, "build even when the book has errors")
	addFromFlag(cmd)
	return cmd
}
