package picture

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
)

// The namespaces an SVG that galley publishes may use.
const (
	svgNamespace   = "http://www.w3.org/2000/svg"
	xlinkNamespace = "http://www.w3.org/1999/xlink"
	xmlNamespace   = "http://www.w3.org/XML/1998/namespace"
)

// svgElements are the elements of SVG 1.1 and 2 that draw, group, style or
// describe: every element of the SVG namespace but those that run script
// (script, handler, listener) or hold another language's content
// (foreignObject, which a browser renders as HTML).
var svgElements = toSet(`a altGlyph altGlyphDef altGlyphItem animate animateColor animateMotion
animateTransform circle clipPath color-profile cursor defs desc ellipse feBlend feColorMatrix
feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap
feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage
feMerge feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile
feTurbulence filter font font-face font-face-format font-face-name font-face-src font-face-uri
glyph glyphRef g hkern image line linearGradient marker mask metadata missing-glyph mpath path
pattern polygon polyline radialGradient rect set stop style svg switch symbol text textPath title
tref tspan use view vkern`)

// animations are the elements that change another attribute over time,
// which may not change a link's target (see svgCleaner.element).
var animations = toSet("animate animateColor animateMotion animateTransform set")

func toSet(names string) map[string]bool {
	set := map[string]bool{}
	for _, name := range strings.Fields(names) {
		set[name] = true
	}
	return set
}

// readSVG parses an SVG as XML and writes it again as galley publishes it
// (see svgCleaner), with its size read from its root element.
func readSVG(data []byte) (*Picture, error) {
	c := &svgCleaner{}
	root, err := c.clean(data)
	if err != nil {
		return nil, err
	}
	width, height, err := svgSize(root)
	if err != nil {
		return nil, err
	}
	return &Picture{Format: SVG, Width: width, Height: height, Data: c.out.Bytes(), Removed: c.removed}, nil
}

// svgCleaner writes an SVG again with nothing but what draws it: the
// elements of SVG (svgElements) with their attributes, in one namespace
// declared once. What it leaves out is of two kinds. Another namespace's
// elements and attributes (an editor's notes, RDF metadata) draw nothing,
// and go without a word. What could act or load (a script, an event
// attribute, a foreignObject, a link or reference to another file or site,
// a javascript: link, a style that imports or loads) is left out with a
// word in removed, for the author's warning: a picture on the site is
// served from the book's own origin, where a browser that opens it runs
// its scripts, and the site and the EPUB load nothing from elsewhere. An
// SVG that is not well-formed XML, that declares entities, or whose root is
// not an <svg> of SVG's namespace is refused.
type svgCleaner struct {
	out     bytes.Buffer
	removed []string
	// xlink is set once an xlink:href is kept, so that the root declares
	// that namespace.
	xlink bool
}

// clean writes data's SVG into c.out, and returns its root element as
// written.
func (c *svgCleaner) clean(data []byte) (root xml.StartElement, err error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true // and no Entity map: only XML's own five, and numeric ones
	var body bytes.Buffer
	depth := 0 // the elements open, root included
	skip := 0  // the elements open from one left out, itself included
	done := false
	// style holds the text of a <style> element being read, which stays
	// only if what it says may (see styleKept), and styleTag its start tag.
	var style, styleTag *bytes.Buffer
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return root, invalid("is not a well-formed SVG file: " + xmlError(err))
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch {
			case done:
				return root, invalid("is not a well-formed SVG file: it has a second root element <" + t.Name.Local + ">")
			case depth == 0:
				if t.Name.Local != "svg" {
					return root, invalid("is not an SVG file: its root element is <" + t.Name.Local + ">")
				}
				if t.Name.Space != svgNamespace {
					return root, invalid(`is not an SVG file: its <svg> element is not in SVG's namespace; give it xmlns="` + svgNamespace + `"`)
				}
				root = c.element(t)
				c.out.WriteString(`<svg xmlns="` + svgNamespace + `"`)
				writeAttrs(&c.out, root.Attr)
			case skip > 0:
				skip++
			case style != nil: // no element belongs in a style sheet
				skip = 1
			default:
				kept, ok := c.kept(t)
				if !ok {
					skip = 1
					break
				}
				tag := &body
				if kept.Name.Local == "style" {
					style, styleTag = &bytes.Buffer{}, &bytes.Buffer{}
					tag = styleTag
				}
				tag.WriteString("<" + kept.Name.Local)
				writeAttrs(tag, kept.Attr)
				tag.WriteByte('>')
			}
			depth++
		case xml.EndElement:
			depth--
			switch {
			case skip > 0:
				skip--
			case depth == 0:
				done = true
			case style != nil:
				if c.styleKept(style.String(), "a <style> element") {
					body.Write(styleTag.Bytes())
					escapeText(&body, style.Bytes())
					body.WriteString("</style>")
				}
				style, styleTag = nil, nil
			default:
				body.WriteString("</" + t.Name.Local + ">")
			}
		case xml.CharData:
			switch {
			case depth == 0 && len(bytes.TrimSpace(t)) > 0:
				return root, invalid("is not a well-formed SVG file: it has text outside its root element")
			case skip > 0 || depth == 0:
			case style != nil:
				style.Write(t)
			default:
				escapeText(&body, t)
			}
		case xml.Directive:
			if bytes.HasPrefix(t, []byte("DOCTYPE")) && bytes.ContainsRune(t, '[') {
				return root, &Error{Code: "image/svg", Message: "declares entities in its DOCTYPE, which galley does not read: write the picture without them"}
			}
			// A document type without declarations names a DTD that
			// nothing reads: it goes without a word.
		case xml.ProcInst:
			if t.Target == "xml-stylesheet" {
				c.remove("a style sheet it links")
			}
		}
	}
	if !done {
		return root, invalid("is not an SVG file: it has no <svg> element")
	}
	if c.xlink {
		c.out.WriteString(` xmlns:xlink="` + xlinkNamespace + `"`)
	}
	c.out.WriteString(">")
	c.out.Write(body.Bytes())
	c.out.WriteString("</svg>\n")
	return root, nil
}

// xmlError is a parse error's message without encoding/xml's prefix.
func xmlError(err error) string {
	var syntax *xml.SyntaxError
	if errors.As(err, &syntax) {
		return "line " + strconv.Itoa(syntax.Line) + ": " + syntax.Msg
	}
	return strings.TrimPrefix(err.Error(), "xml: ")
}

// kept returns the element as galley writes it, and false for one it
// leaves out, with its content: another namespace's, an element that is
// not SVG's own, or an animation that would change a link.
func (c *svgCleaner) kept(t xml.StartElement) (xml.StartElement, bool) {
	switch {
	case t.Name.Space != svgNamespace:
		if t.Name.Space == "http://www.w3.org/1999/xhtml" {
			c.remove("an HTML <" + t.Name.Local + "> element")
		}
		return t, false
	case !svgElements[t.Name.Local]:
		c.remove("a <" + t.Name.Local + "> element")
		return t, false
	case animations[t.Name.Local]:
		for _, a := range t.Attr {
			if a.Name.Space == "" && a.Name.Local == "attributeName" {
				if target := strings.ToLower(strings.TrimSpace(a.Value)); strings.HasSuffix(target, "href") || strings.HasPrefix(target, "on") {
					c.remove("an animation of its " + a.Value + " attribute")
					return t, false
				}
			}
		}
	}
	return c.element(t), true
}

// element returns an SVG element with the attributes galley keeps: SVG's
// own, xlink:href and xlink:title, xml:space and xml:lang. Every namespace
// declaration goes, since the element is written in SVG's one default
// namespace; an attribute written twice is kept once, the first, as a
// browser reads it.
func (c *svgCleaner) element(t xml.StartElement) xml.StartElement {
	kept := xml.StartElement{Name: t.Name}
	seen := map[xml.Name]bool{}
	for _, a := range t.Attr {
		switch a.Name.Space {
		case "":
			if a.Name.Local == "xmlns" {
				continue
			}
		case xlinkNamespace:
			if a.Name.Local != "href" && a.Name.Local != "title" {
				continue
			}
		case xmlNamespace:
			if a.Name.Local != "space" && a.Name.Local != "lang" {
				continue
			}
		default: // xmlns:prefix, or another namespace's
			continue
		}
		if seen[a.Name] || !c.attrKept(t.Name.Local, a) {
			continue
		}
		seen[a.Name] = true
		if a.Name.Space == xlinkNamespace {
			c.xlink = true
		}
		kept.Attr = append(kept.Attr, a)
	}
	return kept
}

// attrKept reports whether an attribute of the element named element may
// stay, and notes why one may not.
func (c *svgCleaner) attrKept(element string, a xml.Attr) bool {
	name := strings.ToLower(a.Name.Local)
	switch {
	case a.Name.Space == "" && strings.HasPrefix(name, "on"):
		c.remove("the event attribute " + a.Name.Local)
		return false
	case name == "href":
		return c.hrefKept(element, a.Value)
	case name == "style":
		return c.styleKept(a.Value, "a style attribute")
	case isJavaScript(a.Value):
		c.remove("a javascript: value of its " + a.Name.Local + " attribute")
		return false
	}
	return c.urlsKept(a.Value, "its "+a.Name.Local+" attribute")
}

// hrefKept reports whether a link may stay: one to a part of the picture
// ("#arrow"), a picture's own data (data:image/png on an image), or, from
// an <a>, a page of the web or an address, which a reader follows only by
// choice. A javascript: link, and a reference to another file or site that
// the picture would load, may not.
func (c *svgCleaner) hrefKept(element, href string) bool {
	url := normalURL(href)
	switch {
	case strings.HasPrefix(url, "#"):
		return true
	case strings.HasPrefix(url, "javascript:"):
		c.remove("a javascript: link")
		return false
	case (element == "image" || element == "feImage") && isRasterData(url):
		return true
	case element == "a" && (strings.HasPrefix(url, "https:") || strings.HasPrefix(url, "http:") || strings.HasPrefix(url, "mailto:")):
		return true
	}
	c.remove(`a reference to "` + shorten(href) + `"`)
	return false
}

// styleKept reports whether CSS may stay: not when it imports, loads
// (url() to anything but a part of the picture, image-set()), or hides what
// it does in CSS escapes or script.
func (c *svgCleaner) styleKept(css, what string) bool {
	lower := strings.ToLower(css)
	for _, loads := range []string{"@import", "image-set(", "image(", "src(", "expression(", "\\"} {
		if strings.Contains(lower, loads) {
			c.remove(what + " that may load or run what it names (" + strings.TrimSuffix(loads, "(") + ")")
			return false
		}
	}
	if isJavaScript(css) {
		c.remove(what + " with javascript:")
		return false
	}
	return c.urlsKept(css, what)
}

// urlsKept reports whether every url() in an attribute's value or a style
// points into the picture itself ("url(#gradient)").
func (c *svgCleaner) urlsKept(value, what string) bool {
	lower := strings.ToLower(value)
	for {
		at := strings.Index(lower, "url(")
		if at < 0 {
			return true
		}
		lower, value = lower[at+4:], value[at+4:]
		target := strings.TrimLeft(lower, " \t\r\n\f'\"")
		if !strings.HasPrefix(target, "#") {
			end := strings.IndexByte(value, ')')
			if end < 0 {
				end = len(value)
			}
			c.remove(what + ` with a reference to "` + shorten(strings.Trim(value[:end], " \t\r\n\f'\"")) + `"`)
			return false
		}
	}
}

// normalURL returns a URL as a browser reads its scheme: without the tabs
// and line ends it drops anywhere in one, the spaces and control
// characters it drops around it, and in lower case.
func normalURL(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, s)
	return strings.ToLower(strings.TrimFunc(s, func(r rune) bool { return r <= ' ' }))
}

// isJavaScript reports whether a value holds a javascript: URL anywhere.
func isJavaScript(value string) bool {
	return strings.Contains(normalURL(strings.ReplaceAll(value, " ", "")), "javascript:")
}

// isRasterData reports whether a URL is a PNG, JPEG, GIF or WebP picture's
// own data, which loads nothing.
func isRasterData(url string) bool {
	for _, kind := range []string{"png", "jpeg", "jpg", "gif", "webp"} {
		if strings.HasPrefix(url, "data:image/"+kind+";") || strings.HasPrefix(url, "data:image/"+kind+",") {
			return true
		}
	}
	return false
}

// shorten cuts a reference for a message.
func shorten(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}

// remove notes what was left out, once.
func (c *svgCleaner) remove(what string) {
	if !slices.Contains(c.removed, what) {
		c.removed = append(c.removed, what)
	}
}

// writeAttrs writes an element's attributes, each after a space.
func writeAttrs(out *bytes.Buffer, attrs []xml.Attr) {
	for _, a := range attrs {
		out.WriteByte(' ')
		switch a.Name.Space {
		case xlinkNamespace:
			out.WriteString("xlink:")
		case xmlNamespace:
			out.WriteString("xml:")
		}
		out.WriteString(a.Name.Local + `="`)
		escapeAttr(out, a.Value)
		out.WriteByte('"')
	}
}

// escapeText writes character data as XML text.
func escapeText(out *bytes.Buffer, s []byte) {
	for _, b := range s {
		switch b {
		case '&':
			out.WriteString("&amp;")
		case '<':
			out.WriteString("&lt;")
		case '>':
			out.WriteString("&gt;")
		default:
			out.WriteByte(b)
		}
	}
}

// escapeAttr writes an attribute's value between double quotes, its white
// space as references, which a parser keeps as they are.
func escapeAttr(out *bytes.Buffer, s string) {
	for i := 0; i < len(s); i++ {
		switch b := s[i]; b {
		case '&':
			out.WriteString("&amp;")
		case '<':
			out.WriteString("&lt;")
		case '"':
			out.WriteString("&quot;")
		case '\t':
			out.WriteString("&#9;")
		case '\n':
			out.WriteString("&#10;")
		case '\r':
			out.WriteString("&#13;")
		default:
			out.WriteByte(b)
		}
	}
}
