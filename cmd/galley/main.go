// Command galley publishes tabletop role-playing rulebooks: it parses a
// manuscript, checks its rules tables against the rules engine and writes the
// book. The commands are thin: the work is done by the parser, rules and
// render packages.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/galleyhq/galley/internal/parallel"
	"github.com/galleyhq/galley/render/report"
)

// Exit statuses, the same for every command.
const (
	exitClean     = 0 // the book is clean
	exitBookError = 1 // the book has errors
	exitCannotRun = 2 // galley could not run: bad flags, bad expression, I/O
)

// exitError carries an exit status out of a command's RunE. A nil err means
// the command already said what went wrong (as with a book that has errors).
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// cannotRun reports that galley could not do what was asked (exit 2).
func cannotRun(err error) error { return &exitError{code: exitCannotRun, err: err} }

// bookHasErrors reports that the book has errors already printed (exit 1).
func bookHasErrors() error { return &exitError{code: exitBookError} }

// newRootCommand makes the galley command; prof takes its --cpuprofile and
// --memprofile, which run stops once the command has run, however it ended.
func newRootCommand(stdout, stderr io.Writer, prof *profiles) *cobra.Command {
	root := &cobra.Command{
		Use:   "galley",
		Short: "Publish a tabletop role-playing rulebook and check its tables against the rules",
		Long: `galley turns a rulebook manuscript into a website with a dice roller, a print
PDF, ASCII pages and character sheets, and checks every rules table in the book
against an executable rules engine.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	prof.addFlags(root)
	root.PersistentPreRunE = func(*cobra.Command, []string) error { return prof.start() }
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.AddCommand(
		newNewCommand(),
		newParseCommand(),
		newCheckCommand(),
		newBuildCommand(),
		newSheetCommand(),
		newRollCommand(),
		newOddsCommand(),
		newServeCommand(),
	)
	return root
}

// run executes galley with args and returns the process exit status.
func run(args []string, stdout, stderr io.Writer) int {
	var prof profiles
	root := newRootCommand(stdout, stderr, &prof)
	root.SetArgs(protectExpressions(root, joinPressName(args)))
	// A panic is reported as galley's failure, exit 2, without a stack
	// dump (see parallel.Panic).
	err := parallel.Catch(func() error { return root.ExecuteContext(context.Background()) })
	if stopErr := prof.stop(); err == nil {
		err = stopErr
	}
	if err == nil {
		return exitClean
	}
	var exit *exitError
	if errors.As(err, &exit) {
		if exit.err != nil {
			// An error may quote a manuscript's file name or text. Its
			// lines stay lines: a bad expression's caret is on the next.
			lines := strings.Split(exit.err.Error(), "\n")
			for i, line := range lines {
				lines[i] = report.EscapeControls(line)
			}
			fmt.Fprintln(stderr, "galley:", strings.Join(lines, "\n"))
		}
		return exit.code
	}
	// Errors cobra raises itself (unknown commands and flags, wrong
	// arguments), and a panic, which may quote the manuscript.
	fmt.Fprintln(stderr, "galley:", report.EscapeControls(err.Error()))
	return exitCannotRun
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// interruptible returns a context that the first SIGINT or SIGTERM
// cancels, so that a build or serve stops and cleans up after itself, and
// after which the signals do as they always do: whatever galley might
// still be doing, a second one ends it.
func interruptible(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(parent, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}
