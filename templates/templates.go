// Package templates holds the files galley's HTML writers embed: templates,
// stylesheets and scripts.
package templates

import "embed"

// FS holds the embedded files, by their names in this directory.
//
//go:embed sheet.html.tmpl sheet.css sheet.js
//go:embed roller.html.tmpl site.css site.js search.js roller.js livereload.js favicon.svg
var FS embed.FS
