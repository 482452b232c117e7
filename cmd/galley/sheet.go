package main

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/galleyhq/galley/internal/pipeline"
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/sheet"
	"github.com/galleyhq/galley/render/report"
)

func newSheetCommand() *cobra.Command {
	var format, out, paper string
	cmd := &cobra.Command{
		Use:   "sheet [CLASS [PATH]]",
		Short: "Write a character sheet as ASCII, HTML or PDF",
		Long: `sheet fills the sheet template of the manuscript at PATH (default: manuscript)
with the data of CLASS, one of the book's classes or "blank" for the sheet
players fill in by hand, and writes it: as the template's ASCII art
(--format ascii, the default), as an HTML form that keeps a player's edits in
the browser (--format html), or as a one-page fillable PDF form (--format
pdf, on --paper, any paper a book prints on), whose fields hold the class's
starting values and a player fills in any PDF reader, or prints.

The sheet goes to stdout, or to the file -o names. An HTML form written to a
file gets the sheet.css and sheet.js it links beside it. A PDF is not written
to a terminal. Problems in the template or in the class's data are reported
on stderr as galley check reports them; when one is an error, no sheet is
written (exit 1). An unknown class or format is exit 2.

Without CLASS, sheet lists the classes of the book galley build reads in
this directory.`,
		Args: cobra.RangeArgs(0, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(pipeline.SheetForms, format) {
				return cannotRun(fmt.Errorf("unknown --format %q: use %s", format, strings.Join(pipeline.SheetForms, ", ")))
			}
			if _, err := ast.ParsePaper(paper); paper != "" && err != nil {
				return cannotRun(fmt.Errorf("--paper: %w", err))
			}
			class, rest := "", args
			if len(args) > 0 {
				class, rest = args[0], args[1:]
			}
			path := manuscriptPath(rest)
			doc, _, err := readBook(cmd, path)
			if err != nil {
				return err
			}
			if paper != "" {
				doc.Config.Paper = paper
			}
			if sheet.Template(doc) == nil {
				return cannotRun(fmt.Errorf("%s has no sheet template: a \\begin{nolayout} block drawing ╔►Game◄═…═►Character Sheet◄╗", path))
			}
			if class == "" {
				fmt.Fprintf(cmd.OutOrStdout(), "galley sheet CLASS writes a sheet of %s; CLASS is one of\n  %s\n(blank is the sheet players fill in by hand).\n", bookName(path), strings.Join(sheet.Names(doc), ", "))
				return nil
			}
			f, diags := sheet.OfClass(doc, class)
			if err := writeDiagnosticsText(cmd, doc, diags); err != nil {
				return cannotRun(err)
			}
			if errors, _ := diags.Count(); errors > 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "galley: %s: %s; no sheet written\n", path, report.Summary(diags))
				return bookHasErrors()
			}
			if f == nil {
				return cannotRun(fmt.Errorf("%s has no class %q: its sheets are %s", path, class, strings.Join(sheet.Names(doc), ", ")))
			}
			return writeSheet(cmd, doc, f, format, out)
		},
	}
	flags := cmd.Flags()
	flags.StringVar(&format, "format", "ascii", "the sheet's form: "+strings.Join(pipeline.SheetForms, ", "))
	flags.StringVarP(&out, "output", "o", "", "write the sheet to this file instead of stdout")
	flags.StringVar(&paper, "paper", "", "the PDF's paper: a4 or letter (default: galley.toml's paper, else a4)")
	return cmd
}

// writeSheet writes the sheet to the file out, or to stdout.
func writeSheet(cmd *cobra.Command, doc *ast.Document, f *sheet.Filled, format, out string) error {
	if out != "" {
		if err := pipeline.WriteSheetFile(out, doc, f, format); err != nil {
			return cannotRun(err)
		}
		return nil
	}
	if format == "pdf" && isTerminal(cmd) {
		return cannotRun(fmt.Errorf("a PDF is not for a terminal: write it to a file with -o FILE, or redirect stdout"))
	}
	// The sheet is written whole or not at all.
	var b bytes.Buffer
	if err := pipeline.WriteSheet(&b, doc, f, format, false); err != nil {
		return cannotRun(err)
	}
	_, err := cmd.OutOrStdout().Write(b.Bytes())
	return err
}

// isTerminal reports whether cmd's stdout is a terminal.
func isTerminal(cmd *cobra.Command) bool {
	f, ok := cmd.OutOrStdout().(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
