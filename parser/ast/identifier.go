package ast

import (
	"crypto/sha1"
	"encoding/hex"
	"strings"
)

// identifierNamespace is the UUID namespace of galley's derived book
// identifiers: the version 5 UUID of the URL https://galley.dev/book in
// RFC 9562's URL namespace, fixed so that the same book always gets the
// same identifier.
var identifierNamespace = [16]byte{0x0c, 0x52, 0x8a, 0x1e, 0x6b, 0x35, 0x5d, 0x1f, 0x9a, 0x4e, 0x3b, 0x0d, 0x61, 0x07, 0x8c, 0x2f}

// BookIdentifier returns the book's unique identifier, which an EPUB
// carries and a reading system files the book under: galley.toml's
// identifier when set, else a version 5 UUID (RFC 9562) of the title and
// the authors, as a URN. The derived identifier stays the same from build
// to build and edition to edition, so that a reader's copy is updated
// rather than doubled; a book retitled is a new book.
func (c *Config) BookIdentifier() string {
	if c.Identifier != "" {
		return c.Identifier
	}
	name := c.Title + "\x00" + strings.Join(c.Authors, "\x00")
	h := sha1.New()
	h.Write(identifierNamespace[:])
	h.Write([]byte(name))
	sum := h.Sum(nil)[:16]
	sum[6] = sum[6]&0x0f | 0x50 // version 5
	sum[8] = sum[8]&0x3f | 0x80 // the RFC's variant
	x := hex.EncodeToString(sum)
	return "urn:uuid:" + x[:8] + "-" + x[8:12] + "-" + x[12:16] + "-" + x[16:20] + "-" + x[20:]
}
