// Package index builds a book's back-of-book index from its tree, once,
// for every writer (see ast.Index): the terms of the game's vocabulary,
// indexed where they are defined and where they are used in earnest, and
// the author's explicit \index marks.
//
// The vocabulary is what the book itself names (vocabulary.go): its
// section headings, its run-in labels and Markdown definition terms (each
// the definition of its term), its box titles, the areas, boxes and fields
// of its character-sheet template, its classes and their attacks, and the
// degrees its system's rolls come out in. A field of a sheet's box is a
// sub-entry under the box's title, as the Effects a book lists group under
// "Effects"; a term written out before its abbreviation, "Degree of
// Success (DoS)", makes the abbreviation a "see" entry; a term inside a
// longer one ("Boolean Roll", "Contested Boolean Roll") is a "see also" of
// it.
//
// A term is found where its words stand (match.go): with its capitals as
// the book writes the term (a capitalised game term is not the common
// word), a plural taken for the singular. Each entry lists its
// definitions, the headings, labels, tables and titles that name it, and
// a bounded number of mentions in the body, the first in each section, so
// that a page list stays short enough to use.
package index
