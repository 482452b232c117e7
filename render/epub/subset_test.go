package epub

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/go-fonts/dejavu/dejavusansmono"
)

func TestSubsetOutlines(t *testing.T) {
	kept := []rune("╔►a")
	sub, err := subsetOutlines(dejavusansmono.TTF, kept)
	if err != nil {
		t.Fatal(err)
	}
	if len(sub) >= len(dejavusansmono.TTF)/5 {
		t.Errorf("the subset is %d bytes of the font's %d", len(sub), len(dejavusansmono.TTF))
	}
	if sum := checksum(sub); sum != 0xB1B0AFBA {
		t.Errorf("the font's checksum is %#x, want 0xB1B0AFBA", sum)
	}
	whole, _ := readTables(dejavusansmono.TTF)
	part, err := readTables(sub)
	if err != nil {
		t.Fatal(err)
	}
	for i, tag := range part.tags {
		rec := sub[12+16*i:]
		if tag != "head" && binary.BigEndian.Uint32(rec[4:]) != checksum(part.table(string(rec[:4]))) {
			t.Errorf("table %s: wrong checksum", rec[:4])
		}
	}
	outline := func(f *sfnt, r rune) []byte {
		lookup, err := characterMap(f.table("cmap"))
		if err != nil {
			t.Fatal(err)
		}
		head := f.table("head")
		glyphs := int(binary.BigEndian.Uint16(f.table("maxp")[4:]))
		offsets, err := glyphOffsets(f.table("loca"), glyphs, binary.BigEndian.Uint16(head[50:]) == 1, len(f.table("glyf")))
		if err != nil {
			t.Fatal(err)
		}
		g := lookup(r)
		if g == 0 {
			t.Fatalf("no glyph for %q", r)
		}
		return bytes.TrimRight(f.table("glyf")[offsets[g]:offsets[g+1]], "\x00")
	}
	for _, r := range kept {
		if got, want := outline(part, r), bytes.TrimRight(outline(whole, r), "\x00"); len(got) == 0 || !bytes.Equal(got, want) {
			t.Errorf("%q: the subset's outline is not the font's", r)
		}
	}
	if got := outline(part, 'Z'); len(got) != 0 {
		t.Errorf("'Z' kept an outline of %d bytes", len(got))
	}
}

// TestSubsetBadFont holds that a damaged font is an error or a font, never
// a panic.
func TestSubsetBadFont(t *testing.T) {
	ttf := dejavusansmono.TTF
	for cut := 0; cut < 4096; cut += 7 {
		_, _ = subsetOutlines(ttf[:cut], []rune("a"))
	}
	for at := 0; at < 2048; at += 3 {
		damaged := bytes.Clone(ttf)
		damaged[at] ^= 0xFF
		_, _ = subsetOutlines(damaged, []rune("a╔"))
	}
	if _, err := subsetOutlines([]byte("not a font"), nil); err == nil {
		t.Error("no error for a file that is no font")
	}
}
