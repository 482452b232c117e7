package woff2

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/chromedp"
	"github.com/go-fonts/dejavu/dejavusansmono"

	"github.com/galleyhq/galley/internal/browsertest"
)

// decode reads a WOFF2 file as a reader would, with the null transforms
// Encode writes, and returns its tables by tag and its header's sizes.
func decode(t *testing.T, data []byte) (map[string][]byte, []string) {
	t.Helper()
	if string(data[:4]) != "wOF2" {
		t.Fatalf("signature %q", data[:4])
	}
	if got := binary.BigEndian.Uint32(data[8:]); int(got) != len(data) || len(data)%4 != 0 {
		t.Errorf("header length %d, file %d bytes", got, len(data))
	}
	n := int(binary.BigEndian.Uint16(data[12:]))
	at := 48
	var tags []string
	var lengths []int
	for range n {
		flags := data[at]
		at++
		tag := knownTags[0]
		if flags&0x3f == arbitraryTag {
			tag, at = string(data[at:at+4]), at+4
		} else {
			tag = knownTags[flags&0x3f]
		}
		version := flags >> 6
		if want := byte(0); tag == "glyf" || tag == "loca" {
			if version != nullTransform {
				t.Errorf("%s: transform version %d, want %d", tag, version, nullTransform)
			}
		} else if version != want {
			t.Errorf("%s: transform version %d", tag, version)
		}
		length := 0
		for {
			b := data[at]
			at++
			length = length<<7 | int(b&0x7f)
			if b&0x80 == 0 {
				break
			}
		}
		tags, lengths = append(tags, tag), append(lengths, length)
	}
	compressed := int(binary.BigEndian.Uint32(data[20:]))
	stream, err := io.ReadAll(brotli.NewReader(bytes.NewReader(data[at : at+compressed])))
	if err != nil {
		t.Fatal(err)
	}
	tables := map[string][]byte{}
	for i, tag := range tags {
		tables[tag], stream = stream[:lengths[i]], stream[lengths[i]:]
	}
	if len(stream) != 0 {
		t.Errorf("%d bytes past the tables", len(stream))
	}
	return tables, tags
}

// TestEncode checks that every table of the font comes back from its WOFF2
// as it was, in its tag's order, that the file is well under the font,
// and that two encodings are the same bytes.
func TestEncode(t *testing.T) {
	ttf := dejavusansmono.TTF
	data, err := Encode(ttf)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := Encode(ttf); !bytes.Equal(again, data) {
		t.Error("a second encoding differs")
	}
	// Brotli at quality 6 takes DejaVu Sans Mono to 54% of its size; a
	// stream that was not compressed, or compressed in small pieces,
	// would come near the whole.
	if len(data)*10 > len(ttf)*6 {
		t.Errorf("%d bytes of a %d-byte font, want at most 60%%", len(data), len(ttf))
	}
	got, tags := decode(t, data)
	want, err := readTables(ttf)
	if err != nil {
		t.Fatal(err)
	}
	if len(tags) != len(want) {
		t.Fatalf("%d tables, want %d", len(tags), len(want))
	}
	for i, w := range want {
		if tags[i] != w.tag || !bytes.Equal(got[w.tag], w.data) {
			t.Errorf("table %d is %s of %d bytes, want %s of %d", i, tags[i], len(got[tags[i]]), w.tag, len(w.data))
		}
	}
}

// TestEncodeBadFont checks that a font whose directory points past its end
// is refused, not read out of bounds.
func TestEncodeBadFont(t *testing.T) {
	for _, ttf := range [][]byte{nil, []byte("true"), append([]byte{0, 1, 0, 0, 0, 1}, make([]byte, 16)...)} {
		bad := append(ttf, make([]byte, 8)...)
		if len(bad) >= 28 {
			binary.BigEndian.PutUint32(bad[12+8:], 1000)
			binary.BigEndian.PutUint32(bad[12+12:], 10)
		}
		if _, err := Encode(bad); err == nil {
			t.Errorf("Encode(% x) gives no error", bad)
		}
	}
}

// TestChromiumLoadsIt checks that Chromium, whose WOFF2 reader is the
// strictest browsers have (it sanitises every font), loads the font and
// draws with it: a box-drawing rune set in it is as wide as its advance
// says, which no fallback font's is.
func TestChromiumLoadsIt(t *testing.T) {
	ctx := browsertest.Context(t)
	data, err := Encode(dejavusansmono.TTF)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	html := `<!doctype html><meta charset="utf-8"><style>
@font-face { font-family: "Art"; src: url("art.woff2") format("woff2"); }
span { font: 100px "Art", serif; }
</style><span id="s">╔═══╗</span>`
	for name, content := range map[string][]byte{"art.woff2": data, "index.html": []byte(html)} {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	page := "file://" + filepath.Join(dir, "index.html")
	if _, err := chromedp.Run(ctx, chromedp.Navigate(page)); err != nil {
		t.Fatal(err)
	}
	status, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.fonts.load('100px "Art"', '╔').then(f => f.length ? f[0].status : 'none')`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	width, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.getElementById('s').getBoundingClientRect().width`))
	if err != nil {
		t.Fatal(err)
	}
	if status != "loaded" {
		t.Fatalf("the font's status is %q, want loaded", status)
	}
	// Five runes at DejaVu Sans Mono's advance, 1233/2048 of the em.
	if want := 5 * 100 * 1233.0 / 2048; width < want-1 || width > want+1 {
		t.Errorf("the art is %.1f px wide, want %.1f: Chromium did not draw with the font", width, want)
	}
}
