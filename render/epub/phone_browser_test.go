package epub

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/galleyhq/galley/internal/browsertest"
)

func TestMain(m *testing.M) { browsertest.Main(m) }

// phoneScript measures an EPUB document as a phone shows it: whether it
// scrolls sideways, the size of its text, the smallest type of its sheets'
// fields, and the smallest type its odds charts' labels are drawn at (a
// label's 12 units, chart.FontSize, times the SVG's scale).
const phoneScript = `(() => {
	const px = el => parseFloat(getComputedStyle(el).fontSize);
	const body = px(document.querySelector("p") || document.body);
	let sheet = 0, sheetArt = document.querySelectorAll("section.sheet pre").length;
	for (const el of document.querySelectorAll("section.sheet dt, section.sheet dd")) {
		sheet = sheet ? Math.min(sheet, px(el)) : px(el);
	}
	let chart = 0;
	for (const svg of document.querySelectorAll("svg.odds-chart")) {
		const size = 12 * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
		chart = chart ? Math.min(chart, size) : size;
	}
	return {Wide: document.documentElement.scrollWidth, Body: body, Sheet: sheet, SheetArt: sheetArt, Chart: chart};
})()`

// TestSheetsAndChartsOnAPhoneInBrowser opens the bundled book's EPUB
// documents that hold character sheets or odds charts at 390×844, a phone
// held upright, in Chromium, with the EPUB's stylesheet: no document
// scrolls sideways, a sheet is text that reflows (no art), its fields'
// names no smaller than 0.8 of the text and their values the text's size,
// and a chart's labels at least the text's size.
func TestSheetsAndChartsOnAPhoneInBrowser(t *testing.T) {
	_, data := files(t, writeEPUB(t, parseBook(t, books["bundled"])))
	dir := t.TempDir()
	var documents []string
	for name, text := range data {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".xhtml") && (strings.Contains(text, `class="sheet"`) || strings.Contains(text, "odds-chart")) {
			documents = append(documents, name)
		}
	}
	sort.Strings(documents)
	sheets, charts := 0, 0
	for _, name := range documents {
		// Each document in a tab of its own, as a reading system opens it.
		run, cancel := context.WithTimeout(browsertest.Context(t), time.Minute)
		err := chromedp.Do(run, chromedp.EmulateViewport(390, 844), chromedp.Navigate("file://"+filepath.Join(dir, name)))
		var got json.RawMessage
		if err == nil {
			got, err = chromedp.Run(run, chromedp.Evaluate[json.RawMessage](phoneScript))
		}
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var m struct {
			Wide, SheetArt     int
			Body, Sheet, Chart float64
		}
		if err := json.Unmarshal(got, &m); err != nil {
			t.Fatal(err)
		}
		if m.Wide > 390 {
			t.Errorf("%s at 390×844 scrolls sideways: %d px wide", name, m.Wide)
		}
		if m.SheetArt > 0 {
			t.Errorf("%s: a sheet is drawn as art, %d <pre>", name, m.SheetArt)
		}
		if m.Sheet > 0 {
			sheets++
			if m.Sheet < 0.8*m.Body-0.01 {
				t.Errorf("%s: a sheet's field is set at %.1f px, the text at %.1f px", name, m.Sheet, m.Body)
			}
		}
		if m.Chart > 0 {
			charts++
			if m.Chart < m.Body-0.01 {
				t.Errorf("%s: a chart's labels are %.1f px, the text %.1f px", name, m.Chart, m.Body)
			}
		}
		t.Logf("%s: text %.1f px, sheet fields %.1f px, chart labels %.1f px", name, m.Body, m.Sheet, m.Chart)
	}
	if sheets == 0 || charts == 0 {
		t.Errorf("measured %d documents with sheets and %d with charts, want some of each", sheets, charts)
	}
}
