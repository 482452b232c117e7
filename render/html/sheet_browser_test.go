package html

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/galleyhq/galley/internal/browsertest"
	"github.com/galleyhq/galley/internal/testbook"
)

// TestSheetInBrowser loads the Wasp's page in Chromium from a local server
// and checks what a player does with it: the inputs carry the class's values
// under the page's Content Security Policy, an edit survives a reload, the
// reset button brings the class's values back for good, the keyboard ticks a
// box, and the page prints on one A4 page and one Letter page.
func TestSheetInBrowser(t *testing.T) {
	t.Parallel() // in a browser context of its own
	ctx := browsertest.Context(t)
	dir := t.TempDir()
	f := testbook.Sheets(t).Sheet("wasp")
	var b bytes.Buffer
	if err := SheetPage(&b, f, SheetOptions{PDF: "wasp.pdf", ASCII: "wasp.txt"}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasp.html"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteSheetAssets(dir); err != nil {
		t.Fatal(err)
	}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &httptest.Server{Listener: listener, Config: &http.Server{Handler: http.FileServer(http.Dir(dir))}}
	srv.Start()
	defer srv.Close()

	// The first action starts the browser, which lives as long as ctx; the
	// steps after it each get a time limit.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/wasp.html")); err != nil {
		t.Fatal(err)
	}
	step := func(name string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		sctx, scancel := context.WithTimeout(ctx, 30*time.Second)
		defer scancel()
		if err := chromedp.Do(sctx, steps...); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	eval := func(expr string) any {
		t.Helper()
		sctx, scancel := context.WithTimeout(ctx, 30*time.Second)
		defer scancel()
		v, err := chromedp.Run(sctx, chromedp.Evaluate[any](expr))
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return v
	}
	expect := func(when, expr string, want any) {
		t.Helper()
		if got := eval(expr); got != want {
			t.Errorf("%s: %s is %v, want %v", when, expr, got, want)
		}
	}
	ready := chromedp.WaitVisible(chromedp.CSS(`form.sheet[data-ready="true"]`))
	const (
		speed    = `document.getElementById("sheet-wasp-speed").value`
		speedXP  = `document.getElementById("sheet-wasp-speed-xp").checked`
		holding  = `document.getElementById("sheet-wasp-disposition-holding").checked`
		charging = `document.getElementById("sheet-wasp-disposition-charging").checked`
	)

	step("load", ready)
	expect("loaded", `getComputedStyle(document.querySelector(".sheet-area h2")).backgroundColor`, "rgb(45, 45, 45)")
	expect("loaded", `document.getElementById("sheet-wasp-signalling").value`, "68")
	expect("loaded", speed, "75")
	expect("loaded", speedXP, false)
	expect("loaded", holding, true)
	expect("loaded", `document.getElementById("sheet-wasp-luck-11").checked`, true)
	expect("loaded", `document.getElementById("sheet-wasp-base-attack-name").value`, "Sting")
	expect("loaded", `document.getElementById("sheet-wasp-base-attack-name").readOnly`, true)
	expect("loaded", `document.getElementById("sheet-wasp-inventory-1-edible").checked`, true)

	// The page follows the site's theme: the system's, or the one the
	// reader chose on the site; its links are the site's, never the
	// browser's default blue, and the sheet stays paper white.
	const (
		page  = `getComputedStyle(document.body).backgroundColor`
		link  = `getComputedStyle(document.querySelector(".sheet-links a")).color`
		sheet = `getComputedStyle(document.querySelector("form.sheet")).backgroundColor`
	)
	expect("light", page, "rgb(243, 239, 230)")
	expect("light", link, "rgb(138, 60, 8)")
	step("dark", colorScheme("dark"))
	expect("dark", page, "rgb(23, 21, 18)")
	expect("dark", link, "rgb(244, 178, 122)")
	expect("dark", sheet, "rgb(255, 255, 255)")
	step("chose light", chromedp.Evaluate[chromedp.Void](`localStorage.setItem("galley-theme", "light")`), chromedp.Reload(), ready)
	expect("dark, but light chosen", page, "rgb(243, 239, 230)")
	step("back", chromedp.Evaluate[chromedp.Void](`localStorage.removeItem("galley-theme")`), colorScheme("light"), chromedp.Reload(), ready)

	step("edit",
		chromedp.Clear(chromedp.CSS(`#sheet-wasp-speed`)),
		chromedp.SendKeys(chromedp.CSS(`#sheet-wasp-speed`), "80"),
		chromedp.Click(chromedp.CSS(`#sheet-wasp-disposition-charging`)),
		chromedp.Focus(chromedp.CSS(`#sheet-wasp-speed-xp`)),
		chromedp.KeyEvent(" "),
	)
	expect("edited", speedXP, true)
	step("reload", chromedp.Reload(), ready)
	expect("reloaded", speed, "80")
	expect("reloaded", speedXP, true)
	expect("reloaded", charging, true)
	expect("reloaded", holding, false)

	step("reset", chromedp.Click(chromedp.CSS(`button[type="reset"]`)))
	expect("reset", speed, "75")
	expect("reset", speedXP, false)
	expect("reset", holding, true)
	step("reload after reset", chromedp.Reload(), ready)
	expect("reloaded after reset", speed, "75")
	expect("reloaded after reset", charging, false)

	for _, paper := range []struct {
		name string
		size chromedp.PaperSize
	}{{"A4", chromedp.PaperA4}, {"Letter", chromedp.PaperLetter}} {
		sctx, scancel := context.WithTimeout(ctx, 30*time.Second)
		pdf, err := chromedp.Run(sctx, chromedp.PrintToPDF(chromedp.PDFPaper(paper.size), chromedp.PDFPrintBackground()))
		scancel()
		if err != nil {
			t.Fatalf("print on %s: %v", paper.name, err)
		}
		if n := len(printedPage.FindAll(pdf, -1)); n != 1 {
			t.Errorf("the page prints on %d %s pages, want 1", n, paper.name)
		}
	}
}

var printedPage = regexp.MustCompile(`/Type\s*/Page\b[^s]`)

// colorScheme makes the page's system colour scheme light or dark.
func colorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	})
}
