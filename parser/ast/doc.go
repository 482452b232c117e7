// Package ast is galley's document tree: the nodes every reader produces
// (package parser's markup and Markdown readers) and the checker and every
// writer consume, as Pandoc's readers and writers meet at one AST and
// goldmark keeps its ast apart from its parser.
//
// It holds the nodes, one construct per file (heading.go, table.go, box.go,
// …: the type, its Kind, its JSON), the Document that holds a book's blocks
// with its config, the positions and diagnostics every pass reports with,
// the walks, and the queries over a whole tree: the targets of references,
// the slugs of titles, the count of nodes by kind.
//
// It reads no syntax and opens no file, and imports no reader: what the
// tree needs of its reader it asks through small interfaces a reader fills
// in, the manuscript's lines (Source), its directory (Dir) and the prose of
// a table's cells (Table.ParseCell), so that a tree can come from any
// reader, or be built by hand in a test.
package ast
