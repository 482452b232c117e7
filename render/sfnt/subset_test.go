package sfnt

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/go-fonts/dejavu/dejavusansmono"
)

// TestSubset cuts a font to three runes, keeping all its tables: their
// outlines stay as they were under the same glyph ids, others are empty,
// and the checksums hold.
func TestSubset(t *testing.T) {
	kept := []rune("╔►a")
	sub, err := Subset(dejavusansmono.TTF, kept)
	if err != nil {
		t.Fatal(err)
	}
	if len(sub) >= len(dejavusansmono.TTF)/5 {
		t.Errorf("the subset is %d bytes of the font's %d", len(sub), len(dejavusansmono.TTF))
	}
	if sum := Checksum(sub); sum != 0xB1B0AFBA {
		t.Errorf("the font's checksum is %#x, want 0xB1B0AFBA", sum)
	}
	whole, _ := tags(dejavusansmono.TTF)
	subTags, err := tags(sub)
	if err != nil || len(subTags) != len(whole) {
		t.Fatalf("the subset has the tables %q of the font's %q (%v)", subTags, whole, err)
	}
	for i, tag := range subTags {
		table, _ := Table(sub, tag)
		if tag != "head" && binary.BigEndian.Uint32(sub[12+16*i+4:]) != Checksum(table) {
			t.Errorf("table %s: wrong checksum", tag)
		}
	}
	outline := func(ttf []byte, r rune) []byte {
		glyph, err := Outline(ttf, r)
		if err != nil {
			t.Fatal(err)
		}
		return bytes.TrimRight(glyph, "\x00")
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

// TestBadFont holds that a damaged font is an error or a font, never a
// panic, whatever is read of it.
func TestBadFont(t *testing.T) {
	ttf := dejavusansmono.TTF
	read := func(font []byte) {
		_, _ = Subset(font, []rune("a╔"))
		_, _ = ReadCmap(font)
		_, _ = ReadMetrics(font)
	}
	for cut := 0; cut < 4096; cut += 7 {
		read(ttf[:cut])
	}
	for at := 0; at < 2048; at += 3 {
		damaged := bytes.Clone(ttf)
		damaged[at] ^= 0xFF
		read(damaged)
	}
	if _, err := Subset([]byte("not a font"), nil); err == nil {
		t.Error("no error for a file that is no font")
	}
}

// TestCmap reads the runes a font has glyphs for, and their union with
// another's.
func TestCmap(t *testing.T) {
	c, err := ReadCmap(dejavusansmono.TTF)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range "a╔►" {
		if !c.Has(r) {
			t.Errorf("DejaVu Sans Mono has no %q", r)
		}
	}
	if c.Has('中') {
		t.Error("DejaVu Sans Mono has 中")
	}
	sub, err := Subset(dejavusansmono.TTF, []rune("a"), "cmap")
	if err != nil {
		t.Fatal(err)
	}
	subCmap, err := ReadCmap(sub)
	if err != nil {
		t.Fatal(err)
	}
	if u := Union(subCmap, c); !u.Has('╔') || !u.Has('a') {
		t.Error("the union lacks a rune of one of its cmaps")
	}
}
