package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/galleyhq/galley/internal/pipeline"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/render/report"
)

func newCheckCommand() *cobra.Command {
	var format string
	var notes bool
	var settings bookFlags
	cmd := &cobra.Command{
		Use:   "check [PATH]",
		Short: "Check a manuscript and print its diagnostics",
		Long: `check parses a manuscript, recomputes its rules tables with the engine and
resolves its references, numbering and outline, and lays the PDF book out to
warn of what its layout could not do well: a table or box split across pages, a
heading at the foot of a page, a loose or overfull line, a page in the middle of
a chapter less than 60% full. It prints every diagnostic: as
compiler messages with the source line and a caret and a closing summary
(--format text, the default), as JSON (--format json) or as GitHub Actions
annotations (--format github). The exit status is 0 for a clean book, 1 when it
has errors, 2 when galley cannot run.

Notes are what the author left to do and wrote in the text: a note in
capitals, a heading marked (TBD), "SECTION" where a reference is to go. The
summary counts them; --notes lists them, and the JSON always does.

--paper, --press and --proof change the book's settings as build's do, so that
check reports what that build would: the layout on that paper; for the press
(or press = true in galley.toml), the PDF book as build --press writes it, and
the preflight a printer makes: art that runs outside the safe zone, 0.5 in from
the trim, and a page count the press pads to a multiple of four.

A book whose galley.toml names no system is read in the one its contents point
to (the system its prose names, its named rolls, how its roll tables number
their dice; generic, with dice read from 1, when nothing does): check says
which, and from what, in its first line.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" && format != "github" {
				return cannotRun(fmt.Errorf("unknown --format %q: use text, json or github", format))
			}
			configure, err := settings.configure(cmd)
			if err != nil {
				return err
			}
			ctx, stop := interruptible(cmd.Context())
			defer stop()
			book, err := pipeline.Load(ctx, pipeline.Options{Path: manuscriptPath(args), Format: manuscriptFormat, Configure: configure})
			if err != nil {
				return stopped(ctx, err, "the book is not checked")
			}
			diags, err := pipeline.Check(ctx, book)
			if err != nil {
				return stopped(ctx, err, "the book is not checked")
			}
			checked, unchecked := book.Checks.Counts()
			out := cmd.OutOrStdout()
			switch format {
			case "json":
				tables := map[string]int{"checked": checked, "unchecked": unchecked}
				system := map[string]string{"name": book.Doc.Config.System}
				if book.Doc.Config.SystemInferred != "" {
					system["inferred_from"] = book.Doc.Config.SystemInferred
				}
				err = report.JSON(out, diags, map[string]any{"tables": tables, "system": system})
			case "github":
				err = report.GitHub(out, listed(diags, notes))
			default:
				if inferred := book.Doc.Config.SystemInferred; inferred != "" {
					system := book.Doc.Config.System
					fmt.Fprintf(out, "system: %s, inferred (%s); set system = %q in galley.toml to say so\n", system, inferred, system)
				}
				if err = report.Text(out, listed(diags, notes), book.Doc, useColor(cmd)); err == nil {
					summary := report.Summary(diags)
					if !notes && diags.Notes() > 0 {
						summary += " (--notes lists the notes)"
					}
					_, err = fmt.Fprintf(out, "%s; tables: %d checked, %d unchecked\n", summary, checked, unchecked)
				}
			}
			if err != nil {
				return cannotRun(err)
			}
			return exitFor(diags)
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text, json or github")
	cmd.Flags().BoolVar(&notes, "notes", false, "list the notes too: what the author left to do, (TBD) headings, SECTION placeholders")
	settings.register(cmd)
	addFromFlag(cmd)
	return cmd
}

// listed returns the diagnostics a report lists: all of them with notes,
// else all but the notes, which the summary counts.
func listed(diags ast.DiagnosticList, notes bool) ast.DiagnosticList {
	if notes {
		return diags
	}
	return diags.WithoutNotes()
}
