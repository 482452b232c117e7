// Package sheet is galley's character-sheet model: the sheet template a
// book draws in ASCII art (a \begin{nolayout} block whose header reads
// ╔►Game◄═…═►Character Sheet◄╗), read into boxes, fields, tracks and
// labels, and filled with each class's data (the tree's ClassData) into
// the sheets every writer draws: the ASCII pages, the HTML form and the
// fillable PDF.
//
// The template's reader lives here, with the model, not in package parser:
// the art is the model's own syntax, which the markup keeps verbatim and
// never reads, as goldmark's extensions keep their own parsers. It is apart
// from the tree (package ast) because a sheet is what a book's blocks make
// together, not a node of them: OfBook reads the template once and fills
// it for every class, for the checker and the writers alike.
package sheet
