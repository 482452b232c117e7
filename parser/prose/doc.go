// Package prose holds what galley's readers share, so that a book reads
// the same whatever syntax it is written in:
//
//   - the lines and files as read (Line, File, ReadFile), with the
//     diagnostics of invalid UTF-8 and control characters;
//   - the prose under every syntax: goldmark with "*" emphasis, and the
//     scanner that finds dice, references, footnote marks and claims in
//     its text (scan.go), parsed by workers while the block pass goes on
//     (Queue);
//   - the constructs each syntax writes its own way but reads into the same
//     nodes: captions, run-in labels, box titles, table cells, class data
//     and the line commands;
//   - the passes over the whole book once it is read (Parser.Finish): the
//     claims, the captions' numbers and the headings' depths.
//
// A reader (package markup, markdown or outline) reads a file's lines into
// blocks with a Parser; package parser picks the reader and reads the
// book.
package prose
