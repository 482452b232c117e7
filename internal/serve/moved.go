package serve

import (
	"io/fs"
	"path"
	"path/filepath"
	"strings"
)

// A page's address is its heading's: renaming the heading of the page an
// author has open moves the page, and a reload of the old address would
// find nothing. Each build says which pages moved where (bookState.Moved),
// and a page whose address is gone goes to its new one, or to the nearest
// page there is.

// sitePages lists the pages of the site written in dir, by the address
// serve answers them at ("/burrows/index.html").
func sitePages(dir string) map[string]bool {
	pages := map[string]bool{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".html") {
			rel, _ := filepath.Rel(dir, p)
			pages["/"+filepath.ToSlash(rel)] = true
		}
		return nil
	})
	return pages
}

// moves says where each page of before that after lacks went: to the page
// new in after in the same folder (a section whose heading was renamed),
// or of the same name in a new folder (a section of a renamed chapter);
// failing both, to the nearest page after has, its folder's index or the
// site's.
func moves(before, after map[string]bool) map[string]string {
	var added []string
	for p := range after {
		if !before[p] {
			added = append(added, p)
		}
	}
	moved := map[string]string{}
	for old := range before {
		if after[old] {
			continue
		}
		moved[old] = nearest(old, added, after)
	}
	return moved
}

// nearest is where the page at old, which is gone, went (see moves).
func nearest(old string, added []string, after map[string]bool) string {
	dir, name := path.Split(old)
	var sameDir, sameName []string
	for _, p := range added {
		d, n := path.Split(p)
		switch {
		case d == dir:
			sameDir = append(sameDir, p)
		case n == name:
			sameName = append(sameName, p)
		}
	}
	switch {
	case len(sameDir) == 1:
		return sameDir[0]
	case len(sameName) == 1:
		return sameName[0]
	case after[dir+"index.html"]:
		return dir + "index.html"
	}
	return "/index.html"
}
