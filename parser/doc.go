// Package parser holds galley's readers: the galley markup, the reference,
// and Markdown (through goldmark). Each reads a manuscript, one file or a
// directory with its galley.toml, into the document tree of package ast,
// every node with the file, line and column it was written at, and reports
// what is wrong as positioned diagnostics instead of stopping.
//
// The tree is not here: the checker and the writers read a tree, not a
// syntax, so they import ast and need this package only to read a book
// (Parse, ParseMarkdown, ParseBook, ParseBookFrom). What a syntax decides
// stays here: the line passes, the prose under the markup, galley.toml and
// the manuscript directory (BookDir, through which every file is opened),
// and the parsing of a table's cells, which the tree asks for lazily
// through Table.ParseCell. The names a book's files and papers go by
// (ast.ConfigFile, ast.StaticDir, ast.ParsePaper) are the tree's, since
// the writers need them too.
package parser
