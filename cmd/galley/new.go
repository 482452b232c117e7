package main

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/galleyhq/galley/parser/ast"
)

// newBooks holds a starter book for each system, in newbook/SYSTEM: a
// galley.toml and a first chapter that shows the main constructs and
// builds clean.
//
//go:embed newbook
var newBooks embed.FS

// newBookSystems are the systems galley new has a starter book for.
var newBookSystems = []string{"fd100", "pool", "2d12", "trigger"}

func newNewCommand() *cobra.Command {
	var system string
	cmd := &cobra.Command{
		Use:   "new DIR",
		Short: "Start a book in a new directory",
		Long: `new starts a book in DIR, which must not exist or be empty: a galley.toml
naming the rules system (--system) and the book's files in reading order, and a
first chapter, rules.txt, with a box,
a table the engine checks, a roll table and a class with its character sheet.
The book builds clean at once; change it from there.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(newBookSystems, system) {
				return cannotRun(fmt.Errorf("unknown --system %q: use %s", system, strings.Join(newBookSystems, ", ")))
			}
			dir := args[0]
			if err := startBook(dir, system); err != nil {
				return cannotRun(err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "started a %s book in %s: galley.toml and rules.txt\nsee it with: galley serve %s\nadd a chapter as a file beside rules.txt, and name it in galley.toml's files\n", system, dir, dir)
			return nil
		},
	}
	cmd.Flags().StringVar(&system, "system", ast.StarterSystem, "the book's rules system: "+strings.Join(newBookSystems, ", "))
	return cmd
}

// startBook writes the starter book of system into dir, which must not
// exist or be empty, so that nothing of the user's is overwritten.
func startBook(dir, system string) error {
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return err
	case !info.IsDir():
		return fmt.Errorf("%s is a file: galley new starts a book in a new or empty directory", dir)
	default:
		entries, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		if len(entries) > 0 {
			return fmt.Errorf("%s is not empty: galley new starts a book in a new or empty directory", dir)
		}
	}
	book, err := fs.Sub(newBooks, "newbook/"+system)
	if err != nil {
		return err
	}
	return os.CopyFS(dir, book)
}
