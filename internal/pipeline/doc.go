// Package pipeline owns a book's journey from its manuscript to its
// outputs, as Hugo's hugolib owns a site's. Every command that reads a book
// goes through it, and it is the one place that knows the order of the
// steps:
//
//  1. Read (read.go): the readers of package parser read the manuscript, a
//     file or a directory with its galley.toml, into the one document tree
//     of package ast, with the readers' diagnostics. galley parse stops
//     here.
//  2. Configure: the command's flags (--paper, --proof, --press) change the
//     book's configuration before anything else reads it.
//  3. Fill: the rules engine writes the cells of the generated tables
//     (check.Fill), so that every check and every writer sees the book as
//     it is published.
//  4. Sheets and index: the character sheets are read from the tree and
//     filled with each class, once (sheet.OfBook): the checker and every
//     writer take them from here; and the book's index is built from the
//     tree and the sheets' vocabulary, once, into the tree (index.Build).
//  5. Check (load.go): the rules checker (rules/check) and the PDF's glyph
//     check (pdf.CheckGlyphs) find the book's errors. Steps 2 to 5 are
//     Load; its Book is what the writers write from. Start is Load
//     returning once the index is built, the checks still running: a
//     build writes its parts meanwhile, and puts none in place if the
//     checks find errors it refuses (Book.Checked, BuildOptions).
//  6. Lay out (check.go): what laying the book out finds, as warnings: the
//     ASCII book's page numbers against the author's outline, the PDF
//     book's layout, done once (pdf.LayOut; the same layout is what the PDF
//     writer draws), and the weight of the site's pages. galley check does
//     these without writing anything; a build has them from the parts it
//     writes.
//  7. Write (build.go, parts.go): each part (the site, the sheets, the PDF,
//     ASCII and EPUB books) is written by its writer under render/ into a
//     new directory, which then takes the output's place in one step
//     (output.go): an error or an interrupt leaves the previous output as
//     it was.
//
// One context runs through every step; cancelling it stops the journey
// where it is. The writers know nothing of readers or of one another: they
// are given the tree, its sheets and what the proof marks, by this
// package.
//
// cmd/galley parses the flags, calls Read, Load or Start, Check or Build, and
// prints; internal/serve calls Load and Build for every edit, the site
// first and the print books after it.
//
// The files follow the steps: read.go, load.go, check.go, build.go; the
// parts in parts.go, books.go (the PDF, ASCII and EPUB books), sheets.go,
// downloads.go (the downloads the site and the sheets list) and static.go
// (the manuscript's static/ files); the output swap in output.go, with
// lock_*.go and exchange_*.go for each system.
package pipeline
