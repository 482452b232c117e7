package picture

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestCleanSVG writes hostile SVGs again without what a picture may not
// carry, saying what went, and keeps what draws.
func TestCleanSVG(t *testing.T) {
	for _, c := range []struct {
		name, in, want string
		removed        []string
	}{{
		name: "plain",
		in:   `<?xml version="1.0"?><!-- made by hand --><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="4" fill="red"/></svg>`,
		want: `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="4" fill="red"></circle></svg>`,
	}, {
		name:    "script",
		in:      `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><g onclick="x()"><rect width="1" height="1"/></g></svg>`,
		want:    `<svg xmlns="http://www.w3.org/2000/svg"><g><rect width="1" height="1"></rect></g></svg>`,
		removed: []string{"the event attribute onload", "a <script> element", "the event attribute onclick"},
	}, {
		name:    "foreign object",
		in:      `<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://x.test/"/></body></foreignObject><h:script xmlns:h="http://www.w3.org/1999/xhtml">x</h:script></svg>`,
		want:    `<svg xmlns="http://www.w3.org/2000/svg"></svg>`,
		removed: []string{"a <foreignObject> element", "an HTML <script> element"},
	}, {
		name: "links",
		in: `<svg xmlns="http://www.w3.org/2000/svg" xmlns:l="http://www.w3.org/1999/xlink">` +
			`<a href="java&#x09;script:alert(1)"><text>a</text></a><a l:href=" JavaScript:x"><text>b</text></a>` +
			`<a href="https://example.com/"><text>c</text></a><use l:href="#c"/><use href="other.svg#c"/>` +
			`<image href="http://tracker.test/p.png"/><image l:href="data:image/png;base64,AAAA"/><image href="data:image/svg+xml,&lt;svg/>"/></svg>`,
		want: `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a><text>a</text></a><a><text>b</text></a>` +
			`<a href="https://example.com/"><text>c</text></a><use xlink:href="#c"></use><use></use>` +
			`<image></image><image xlink:href="data:image/png;base64,AAAA"></image><image></image></svg>`,
		removed: []string{"a javascript: link", `a reference to "other.svg#c"`, `a reference to "http://tracker.test/p.png"`, `a reference to "data:image/svg+xml,<svg/>"`},
	}, {
		name: "styles",
		in: `<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://x.test/a.css);</style><style>rect { fill: url(#g) }</style>` +
			`<rect style="fill: url( 'https://x.test/p.png' )"/><rect style="fill:blue" filter="url(#f)" mask="url(http://x.test/m)"/>` +
			`<rect style="background: \75 rl(x)"/></svg>`,
		want: `<svg xmlns="http://www.w3.org/2000/svg"><style>rect { fill: url(#g) }</style><rect></rect><rect style="fill:blue" filter="url(#f)"></rect><rect></rect></svg>`,
		removed: []string{"a <style> element that may load or run what it names (@import)", `a style attribute with a reference to "https://x.test/p.png"`,
			`its mask attribute with a reference to "http://x.test/m"`, `a style attribute that may load or run what it names (\)`},
	}, {
		name:    "animation of a link",
		in:      `<svg xmlns="http://www.w3.org/2000/svg"><a href="#x"><set attributeName="href" to="javascript:alert(1)"/><animate attributeName="opacity" values="0;1"/></a></svg>`,
		want:    `<svg xmlns="http://www.w3.org/2000/svg"><a href="#x"><animate attributeName="opacity" values="0;1"></animate></a></svg>`,
		removed: []string{"an animation of its href attribute"},
	}, {
		name: "editor's namespaces",
		in: `<svg:svg xmlns:svg="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1.3" xml:space="preserve">` +
			`<inkscape:grid/><svg:metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></svg:metadata>` +
			`<svg:text x="1" width="2" width="3">a &amp; b &lt; c &#169;</svg:text><?xml-stylesheet href="x.css"?></svg:svg>`,
		want:    `<svg xmlns="http://www.w3.org/2000/svg" xml:space="preserve"><metadata></metadata><text x="1" width="2">a &amp; b &lt; c ©</text></svg>`,
		removed: []string{"a style sheet it links"},
	}, {
		name: "doctype",
		in:   `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="http://www.w3.org/2000/svg" title="a&#10;b"/>`,
		want: `<svg xmlns="http://www.w3.org/2000/svg" title="a&#10;b"></svg>`,
	}} {
		t.Run(c.name, func(t *testing.T) {
			p, err := Read("pic.svg", []byte(c.in), DefaultMaxPixels)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSuffix(string(p.Data), "\n"); got != c.want {
				t.Errorf("cleaned\n got %s\nwant %s", got, c.want)
			}
			if !slices.Equal(p.Removed, c.removed) {
				t.Errorf("removed\n got %q\nwant %q", p.Removed, c.removed)
			}
			again, err := Read("pic.svg", p.Data, DefaultMaxPixels)
			if err != nil || string(again.Data) != string(p.Data) || len(again.Removed) > 0 {
				t.Errorf("cleaned again: %v, %q removed, %s", err, again.Removed, again.Data)
			}
		})
	}
}

// TestRefuseSVG refuses an SVG that is not well-formed XML, that declares
// entities, or that is no SVG, each with what is wrong.
func TestRefuseSVG(t *testing.T) {
	for _, c := range []struct {
		in, code, want string
	}{
		{`<svg xmlns="http://www.w3.org/2000/svg"><g></svg>`, "image/invalid", "is not a well-formed SVG file: line 1: element <g> closed by </svg>"},
		{`<svg xmlns="http://www.w3.org/2000/svg">`, "image/invalid", "is not a well-formed SVG file"},
		{`<svg xmlns="http://www.w3.org/2000/svg">&nbsp;</svg>`, "image/invalid", "is not a well-formed SVG file: line 1: invalid character entity &nbsp;"},
		{`<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>`, "image/svg", "declares entities"},
		{`<svg width="10" height="10"/>`, "image/invalid", "is not an SVG file: its <svg> element is not in SVG's namespace"},
		{`<html xmlns="http://www.w3.org/2000/svg"/>`, "image/invalid", "is not an SVG file: its root element is <html>"},
		{`<svg xmlns="http://www.w3.org/2000/svg"/><svg xmlns="http://www.w3.org/2000/svg"/>`, "image/invalid", "it has a second root element"},
		{`<svg xmlns="http://www.w3.org/2000/svg"/>text`, "image/invalid", "it has text outside its root element"},
		{`<?xml version="1.0" encoding="ISO-8859-1"?><svg xmlns="http://www.w3.org/2000/svg"/>`, "image/invalid", "is not a well-formed SVG file"},
		{"", "image/invalid", "it has no <svg> element"},
	} {
		_, err := Read("pic.svg", []byte(c.in), DefaultMaxPixels)
		var perr *Error
		if !errors.As(err, &perr) || perr.Code != c.code || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %s %q", c.in, err, c.code, c.want)
		}
	}
}

// TestSVGSize reads an SVG's size from its root element, and refuses a
// size no picture can have, which the site would write as a width of
// -9223372036854775808.
func TestSVGSize(t *testing.T) {
	const open = `<svg xmlns="http://www.w3.org/2000/svg" `
	for attrs, want := range map[string][2]int{
		`width="120" height="60"`:            {120, 60},
		`width="1in" height="0.5in"`:         {96, 48},
		`viewBox="0 0 40 20"`:                {40, 20},
		`width="80" viewBox="0,0,40,20"`:     {80, 40},
		`width="100%"`:                       {300, 150},
		`width="auto" height="50"`:           {300, 150},
		`width="0.2" height="0.2"`:           {1, 1},
		`width="100000" viewBox="0 0 10 10"`: {100000, 100000},
	} {
		p, err := Read("pic.svg", []byte(open+attrs+"/>"), DefaultMaxPixels)
		if err != nil || [2]int{p.Width, p.Height} != want {
			t.Errorf("%s: %v; want %v", attrs, err, want)
		}
	}
	for _, attrs := range []string{
		`width="1e300" height="10"`, `width="Inf" height="10"`, `width="NaN"`, `height="-5"`, `width="0"`,
		`width="1e400px"`, `viewBox="0 0 NaN 10"`, `viewBox="0 0 0 10"`, `viewBox="0 0 -1 10"`, `viewBox="Inf 0 1 1"`,
		`width="10" viewBox="0 0 1e-300 1"`, `width="200000mm"`,
	} {
		if p, err := Read("pic.svg", []byte(open+attrs+"/>"), DefaultMaxPixels); err == nil {
			t.Errorf("%s: read as %d×%d, want it refused", attrs, p.Width, p.Height)
		}
	}
}
