// Package parser reads a book: one manuscript file, or a directory with
// its galley.toml, into the document tree of package ast, every node with
// the file, line and column it was written at, and what is wrong as
// positioned diagnostics instead of stopping.
//
// It is the entry point, as Pandoc's readers sit behind one function: it
// reads galley.toml and the manuscript directory (BookDir, through which
// every file is opened), picks each file's reader by its extension or
// --from (FormatOf), and runs the passes that need the whole book. The
// readers are packages of their own: markup (galley's markup), markdown
// (Markdown, through goldmark); what they share, the prose under every
// syntax and the book-wide passes, is package prose.
//
// The tree is not here: the checker and the writers read a tree, not a
// syntax, so they import ast, never a reader. The names a book's files
// and papers go by (ast.ConfigFile, ast.StaticDir, ast.ParsePaper) are the
// tree's, since the writers need them too.
package parser
