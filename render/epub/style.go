package epub

import (
	_ "embed"
	"strings"
)

//go:embed style.css
var baseStyle string

// styleSheet is the EPUB's CSS: the embedded fonts' faces, then the
// book's layout.
var styleSheet = func() []byte {
	var b strings.Builder
	for _, f := range fonts {
		b.WriteString("@font-face {\n\tfont-family: \"" + f.family + "\";\n\tfont-weight: " + f.weight +
			";\n\tfont-style: " + f.style + ";\n\tsrc: url(\"" + f.file + "\");\n}\n")
	}
	b.WriteString(baseStyle)
	return []byte(b.String())
}()
