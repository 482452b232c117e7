// Package rules is galley's rules engine: an exact dice core, a dice notation,
// and the four game systems of the seeds (fd100, the dice pool with degrees,
// 2d12 and the d6 success pool with triggers).
//
// Odds are exact. A distribution counts the ways each outcome can happen over a
// common denominator (integers of any size, so nothing overflows), built by
// convolution and dynamic programming and never by sampling, so a table in the
// book can be compared with the rules to the last digit. Rolling is separate:
// it draws from a seeded PCG stream, so one seed gives the same rolls on every
// platform, the CLI and the WebAssembly roller alike.
//
// Where a seed is ambiguous the engine makes a choice and names it a
// "reading" in the doc comment of the identifier concerned, with a test, so an
// author can find it and change it.
//
// The package imports neither fmt nor encoding/json: it is compiled to
// WebAssembly for the site's dice roller, where each of those costs hundreds
// of kilobytes.
package rules
