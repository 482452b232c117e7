package html_test

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/chromedp"

	"github.com/galleyhq/galley/internal/browsertest"
)

// TestArtFontInBrowser checks the art font the site serves, DejaVu Sans
// Mono cut to the glyphs the site draws and sent as WOFF2: it is a tenth
// of the whole font, and Chromium draws every glyph of the bundled book's
// art with it, the cover's and the sheet template's, none with a fallback
// font.
func TestArtFontInBrowser(t *testing.T) {
	ctx := browsertest.Context(t)
	site, _ := bundledSite(t)
	info, err := os.Stat(filepath.Join(site, "assets", "DejaVuSansMono.woff2"))
	if err != nil {
		t.Fatal(err)
	}
	if info.Size() > 40_000 {
		t.Errorf("the art font is %d bytes, want a subset of at most 40 kB", info.Size())
	}
	url, _ := browse(t, ctx, http.FileServer(http.Dir(site)))
	sctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if _, err := chromedp.Call(sctx, dom.Enable, dom.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(sctx, css.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{"index.html", "character/character-sheet.html"} {
		if err := chromedp.Do(sctx, chromedp.Navigate(url+"/"+page), chromedp.WaitReady(chromedp.CSS("pre.art"))); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(sctx, chromedp.Evaluate[bool](`document.fonts.ready.then(() => true)`, chromedp.EvalAwaitPromise)); err != nil {
			t.Fatal(err)
		}
		nodes, err := chromedp.Run(sctx, chromedp.Nodes(chromedp.CSS("pre.art")))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range nodes {
			fonts, err := chromedp.Call(sctx, css.GetPlatformFontsForNode, css.GetPlatformFontsForNodeParams{NodeID: n.NodeID})
			if err != nil {
				t.Fatal(err)
			}
			if len(fonts.Fonts) == 0 {
				t.Errorf("%s: the art draws no glyph", page)
			}
			for _, f := range fonts.Fonts {
				if !f.IsCustomFont || f.FamilyName != "DejaVu Sans Mono" {
					t.Errorf("%s: %v glyphs of the art are drawn in %s (served: %v), not the site's DejaVu Sans Mono", page, f.GlyphCount, f.FamilyName, f.IsCustomFont)
				}
			}
		}
	}
}
