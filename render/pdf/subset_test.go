package pdf

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/go-fonts/dejavu/dejavusansmono"
)

// TestSubsetTrueType cuts a font to three runes, keeping all its tables:
// their outlines stay as they were under the same glyph ids, others are
// empty, and the checksums hold.
func TestSubsetTrueType(t *testing.T) {
	kept := []rune("╔►a")
	sub, err := SubsetTrueType(dejavusansmono.TTF, kept)
	if err != nil {
		t.Fatal(err)
	}
	if len(sub) >= len(dejavusansmono.TTF)/5 {
		t.Errorf("the subset is %d bytes of the font's %d", len(sub), len(dejavusansmono.TTF))
	}
	if sum := sfntChecksum(sub); sum != 0xB1B0AFBA {
		t.Errorf("the font's checksum is %#x, want 0xB1B0AFBA", sum)
	}
	whole, _ := sfntTags(dejavusansmono.TTF)
	tags, err := sfntTags(sub)
	if err != nil || len(tags) != len(whole) {
		t.Fatalf("the subset has the tables %q of the font's %q (%v)", tags, whole, err)
	}
	for i, tag := range tags {
		table, _ := sfntTable(sub, tag)
		if tag != "head" && binary.BigEndian.Uint32(sub[12+16*i+4:]) != sfntChecksum(table) {
			t.Errorf("table %s: wrong checksum", tag)
		}
	}
	outline := func(ttf []byte, r rune) []byte {
		format4, _, err := unicodeSubtables(ttf)
		if err != nil {
			t.Fatal(err)
		}
		glyph := map[rune]int{}
		if err := eachFormat4(format4, func(r rune, g int) { glyph[r] = g }); err != nil {
			t.Fatal(err)
		}
		head, _ := sfntTable(ttf, "head")
		maxp, _ := sfntTable(ttf, "maxp")
		loca, _ := sfntTable(ttf, "loca")
		glyf, _ := sfntTable(ttf, "glyf")
		offsets, err := readLoca(loca, int16(binary.BigEndian.Uint16(head[50:])), int(binary.BigEndian.Uint16(maxp[4:])), len(glyf))
		if err != nil {
			t.Fatal(err)
		}
		g := glyph[r]
		return bytes.TrimRight(glyf[offsets[g]:offsets[g+1]], "\x00")
	}
	for _, r := range kept {
		if got, want := outline(sub, r), outline(dejavusansmono.TTF, r); len(got) == 0 || !bytes.Equal(got, want) {
			t.Errorf("%q: the subset's outline is not the font's", r)
		}
	}
	if got := outline(sub, 'Z'); len(got) != 0 {
		t.Errorf("'Z' kept an outline of %d bytes", len(got))
	}
}

// TestSubsetBadFont holds that a damaged font is an error or a font, never
// a panic.
func TestSubsetBadFont(t *testing.T) {
	ttf := dejavusansmono.TTF
	for cut := 0; cut < 4096; cut += 7 {
		_, _ = SubsetTrueType(ttf[:cut], []rune("a"))
	}
	for at := 0; at < 2048; at += 3 {
		damaged := bytes.Clone(ttf)
		damaged[at] ^= 0xFF
		_, _ = SubsetTrueType(damaged, []rune("a╔"))
	}
	if _, err := SubsetTrueType([]byte("not a font"), nil); err == nil {
		t.Error("no error for a file that is no font")
	}
}
