package html

import (
	"errors"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"

	"github.com/galleyhq/galley/templates"
)

// assetsDir is the directory of the site's shared files.
const assetsDir = "assets"

// siteAssets are the stylesheet, scripts and icon every page links, copied
// from the site's files as they are.
var siteAssets = []string{"site.css", "site.js", "search.js", "roller.js", "favicon.svg"}

// sharedFiles returns the files the pages share, by path from the site's
// root: the stylesheet and the scripts from the site's files (from), the
// sheet form's own, the art font (font, see artFont), the outline, the book's
// pictures and, when there is one, the dice roller with its wasm_exec.js,
// and again as a script for a page opened from a file.
func (s *site) sharedFiles(from fs.FS, roller *Roller, font []byte) (map[string][]byte, error) {
	files := map[string][]byte{
		assetsDir + "/" + artFontFile: font,
		assetsDir + "/" + outlineFile: s.outlineScript(),
	}
	for _, name := range siteAssets {
		data, err := fs.ReadFile(from, name)
		if err != nil {
			return nil, err
		}
		files[assetsDir+"/"+name] = data
	}
	// The sheet's assets come from galley's own files, and so does the
	// icon they share with the site.
	for _, name := range SheetAssets {
		data, err := templates.FS.ReadFile(name)
		if err != nil {
			return nil, err
		}
		files[assetsDir+"/"+name] = data
	}
	if roller != nil {
		files[assetsDir+"/roller.wasm"] = roller.Wasm
		files[assetsDir+"/wasm_exec.js"] = roller.Exec
		script := roller.Script
		if script == nil {
			script = wasmScript(roller.Wasm)
		}
		files[assetsDir+"/"+rollerScriptFile] = script
	}
	maps.Copy(files, s.pictures.files)
	return files, nil
}

// writeFiles writes files, by path from the site's root, into the site at
// dir, making each directory once. A file that copies names is copied
// from the file it names, which holds the same bytes (see Roller.copies).
func writeFiles(dir string, files map[string][]byte, copies map[string]string) error {
	made := map[string]bool{}
	for name, data := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if sub := filepath.Dir(file); !made[sub] {
			if err := os.MkdirAll(sub, 0o755); err != nil {
				return err
			}
			made[sub] = true
		}
		if from, ok := copies[name]; ok && copyFile(file, from) == nil {
			continue
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// copyFile copies the file at from to a new file at to. Between two files
// the kernel copies the bytes itself (copy_file_range): the roller's 7 MB
// took a quarter of a short book's site to write from the cache's mapping,
// its pages faulted in one by one, and take a few milliseconds copied. A
// copy that fails leaves the caller to write the bytes it has: the cache
// may have lost the file since it was mapped.
func copyFile(to, from string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := createFile(to)
	if err != nil {
		return err
	}
	_, err = io.Copy(dst, src)
	return errors.Join(err, dst.Close())
}
