package xhtml

import (
	"bytes"
	"html/template"
	"strings"
	"testing"
)

// TestEscapedAsTemplate requires the content, drawn in Go, to be escaped
// as html/template escapes the layout around it: text and attribute values
// alike, and the site's addresses in an href, whole or after a "#".
func TestEscapedAsTemplate(t *testing.T) {
	page := template.Must(template.New("").Parse(`<p title="{{.}}">{{.}}</p>`))
	texts := []string{
		"", "plain", `<script>alert("x")</script>`, `a & b + c 'd' "e"`, "nul \x00 byte",
		"é ✓ ◆ ▉", "stray \xff byte", "replacement \uFFFD", "noncharacter \uFDD0",
	}
	for _, s := range texts {
		var want, got bytes.Buffer
		if err := page.Execute(&want, s); err != nil {
			t.Fatal(err)
		}
		text := strings.TrimSuffix(want.String()[strings.Index(want.String(), ">")+1:], "</p>")
		Escape(&got, s)
		if got.String() != text {
			t.Errorf("text %q escaped as %q, html/template writes %q", s, got.String(), text)
		}
		attr := strings.TrimPrefix(want.String()[:strings.Index(want.String(), `">`)], `<p title="`)
		if got.String() != attr {
			t.Errorf("attribute %q escaped as %q, html/template writes %q", s, got.String(), attr)
		}
	}

	links := template.Must(template.New("").Parse(`<a href="{{.}}"></a><a href="#{{.}}"></a>`))
	for _, slug := range []string{"dice", "decile-dice-2", "café", "über-uns", "ελληνικά", "日本語"} {
		for _, href := range []string{slug, "../" + slug + "/index.html", slug + ".html#" + slug} {
			var want, got bytes.Buffer
			if err := links.Execute(&want, href); err != nil {
				t.Fatal(err)
			}
			whole, _, _ := strings.Cut(strings.TrimPrefix(want.String(), `<a href="`), `"`)
			Href(&got, href)
			if got.String() != whole {
				t.Errorf("href %q written as %q, html/template writes %q", href, got.String(), whole)
			}
		}
		var want, got bytes.Buffer
		if err := links.Execute(&want, slug); err != nil {
			t.Fatal(err)
		}
		_, fragment, _ := strings.Cut(want.String(), `href="#`)
		fragment, _, _ = strings.Cut(fragment, `"`)
		Href(&got, slug)
		if got.String() != fragment {
			t.Errorf("anchor %q written as %q, html/template writes %q", slug, got.String(), fragment)
		}
	}
}

// TestHrefCannotEscape requires an address to stay one attribute's value
// and a relative address, whatever it holds.
func TestHrefCannotEscape(t *testing.T) {
	var b bytes.Buffer
	Href(&b, `javascript:alert("x") onclick='y' <a>&amp;`)
	if got := b.String(); strings.ContainsAny(got, `:"'<> &`) {
		t.Errorf("Href left markup or a scheme in %q", got)
	}
}
