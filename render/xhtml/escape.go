package xhtml

import (
	"bytes"
	"unicode/utf8"
)

// A page is written straight into its buffer rather than through
// html/template, so the manuscript's text is escaped here: for the site,
// exactly as html/template escapes text and quoted attribute values, so
// that what is still drawn by a template (a sheet's form, a chart) agrees
// with the rest, and the pages stayed the same, byte for byte, when they
// stopped being templates; for the EPUB, as XML requires.

// htmlEscapes replaces the bytes that could start markup, end a quoted
// attribute value or begin a character reference; '+' too, as html/template
// does, against browsers that sniff UTF-7, and NUL, which HTML forbids.
// Every other byte stays as it is, UTF-8 or not, as html/template leaves
// it.
var htmlEscapes = [256]string{
	0:    "\uFFFD",
	'"':  "&#34;",
	'&':  "&amp;",
	'\'': "&#39;",
	'+':  "&#43;",
	'<':  "&lt;",
	'>':  "&gt;",
}

// Escape writes manuscript text into an HTML page, for an element's content
// or a quoted attribute's value.
func Escape(b *bytes.Buffer, s string) {
	done := 0
	for i := 0; i < len(s); i++ {
		if esc := htmlEscapes[s[i]]; esc != "" {
			b.WriteString(s[done:i])
			b.WriteString(esc)
			done = i + 1
		}
	}
	b.WriteString(s[done:])
}

// Href writes one of the site's own addresses, a page's path with an
// anchor or an anchor alone, as a quoted attribute's value. Both are made of
// slugs, which hold any letter, so every byte but the URL's unreserved
// characters, '/' and '#' is percent-encoded, as html/template encodes
// non-ASCII letters in a URL; what is left needs no escaping in HTML and
// cannot spell a scheme.
func Href(b *bytes.Buffer, href string) {
	const hex = "0123456789abcdef"
	done := 0
	for i := 0; i < len(href); i++ {
		if c := href[i]; !urlSafe(c) {
			b.WriteString(href[done:i])
			b.Write([]byte{'%', hex[c>>4], hex[c&15]})
			done = i + 1
		}
	}
	b.WriteString(href[done:])
}

func urlSafe(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~' || c == '/' || c == '#'
}

// EscapeXML writes text for XML content or a quoted attribute value. XML is
// stricter than HTML: a control character other than tab, newline and
// carriage return, or a byte that is not UTF-8, makes the whole document
// unreadable, so each becomes U+FFFD.
func EscapeXML(out *bytes.Buffer, text string) {
	for _, r := range text {
		switch {
		case r == '&':
			out.WriteString("&amp;")
		case r == '<':
			out.WriteString("&lt;")
		case r == '>':
			out.WriteString("&gt;")
		case r == '"':
			out.WriteString("&quot;")
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0xFFFE, r == 0xFFFF:
			out.WriteRune(utf8.RuneError)
		default:
			out.WriteRune(r) // an invalid byte ranges as RuneError
		}
	}
}
