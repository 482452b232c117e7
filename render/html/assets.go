package html

import (
	"io/fs"
	"os"
	"path/filepath"
)

// assetsDir is the directory of the site's shared files.
const assetsDir = "assets"

// siteAssets are the stylesheet, scripts and icon every page links, copied
// from the site's files as they are.
var siteAssets = []string{"site.css", "site.js", "search.js", "roller.js", "favicon.svg"}

// writeAssets writes the files the pages share into dir: the stylesheet
// and the scripts from the site's files, the sheet form's own, the art font
// (see artFont) and, when there is one, the dice roller with its
// wasm_exec.js, and again as a script for a page opened from a file.
func writeAssets(dir string, from fs.FS, roller *Roller, font []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files := map[string][]byte{artFontFile: font}
	for _, name := range siteAssets {
		data, err := fs.ReadFile(from, name)
		if err != nil {
			return err
		}
		files[name] = data
	}
	if roller != nil {
		files["roller.wasm"] = roller.Wasm
		files["wasm_exec.js"] = roller.Exec
		files[rollerScriptFile] = wasmScript(roller.Wasm)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return WriteSheetAssets(dir)
}
