package main

import (
	"net"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/galleyhq/galley/internal/serve"
)

func newServeCommand() *cobra.Command {
	var port int
	var bind, templatesDir string
	var proof bool
	cmd := &cobra.Command{
		Use:   "serve [PATH]",
		Short: "Build the book and serve it locally, rebuilding on every change",
		Long: `serve builds the book (default: manuscript) into a temporary directory and
serves it on http://127.0.0.1:PORT/ until interrupted. Every change to the
manuscript, or to the site's templates, rebuilds the book, and the pages open
in a browser reload themselves. The book is built even when it has errors,
which every page then lists over its content with file:line:col.

On a loopback address galley answers only requests for localhost, 127.0.0.1
or [::1], so that a web page elsewhere cannot read the book by pointing a
name of its own at this machine (DNS rebinding). --bind ADDR listens on
another address, such as 0.0.0.0 for the other machines of the network,
and then answers requests for any host.

The site is made with the templates, stylesheet and scripts galley embeds.
--templates DIR reads them from DIR instead, such as galley's own templates/
while working on them, and watches it, so that an edit to a template shows at
once; serve says so when it starts. Nothing else makes serve read templates
from disk: not where galley was compiled, which whoever can create that path
could fill with pages of their own. The pages galley serve
sends differ from galley build's only by the live-reload script it adds,
and by the proof marks (see galley build --proof): serve is where an author
proofs the book, so it marks the tables the rules engine checked unless
--proof=false.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := interruptible(cmd.Context())
			defer stop()
			opts := serve.Options{
				Path: manuscriptPath(args), Format: manuscriptFormat, Templates: templatesDir, Proof: proof,
				Addr: net.JoinHostPort(bind, strconv.Itoa(port)),
			}
			if err := serve.Run(ctx, opts, cmd.OutOrStdout(), cmd.ErrOrStderr()); err != nil {
				return cannotRun(err)
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&port, "port", 1313, "port to serve on; 0 picks a free one")
	cmd.Flags().StringVar(&bind, "bind", "127.0.0.1", "address to serve on; other than a loopback one, requests for any host are answered")
	cmd.Flags().StringVar(&templatesDir, "templates", "", "directory to read the site's templates, stylesheet and scripts from, watched for changes, in place of those galley embeds")
	cmd.Flags().BoolVar(&proof, "proof", true, "mark the tables the rules engine checked, in the site and the PDF")
	addFromFlag(cmd)
	return cmd
}
