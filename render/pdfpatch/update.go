package pdfpatch

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
)

// Update appends new objects, and new versions of old ones, after the end
// of a document, with a cross-reference section of their own that points
// back at the document's. The document's bytes stay as they are, so the
// update is as deterministic as they are.
type Update struct {
	doc     *Document
	out     *bytes.Buffer
	next    int
	offsets map[int]int
}

// Update starts an update of d.
func (d *Document) Update() *Update {
	return &Update{doc: d, out: bytes.NewBuffer(d.data), next: d.size, offsets: map[int]int{}}
}

// Reserve returns the number of a new object written later by Replace, for
// an object that must be referred to before it is written (a field's
// parent, by its kids).
func (u *Update) Reserve() int {
	num := u.next
	u.next++
	return num
}

// Object writes body as a new object and returns a reference to it.
func (u *Update) Object(body string) string {
	num := u.Reserve()
	u.Replace(num, body)
	return strconv.Itoa(num) + " 0 R"
}

// Replace writes body as object num, a new version of it if it exists.
func (u *Update) Replace(num int, body string) {
	if !bytes.HasSuffix(u.out.Bytes(), []byte("\n")) {
		u.out.WriteByte('\n')
	}
	u.offsets[num] = u.out.Len()
	fmt.Fprintf(u.out, "%d 0 obj\n%s\nendobj\n", num, body)
}

// Finish writes the update's cross-reference section and trailer, which
// points back at the document's, and returns the document updated.
func (u *Update) Finish() []byte {
	nums := make([]int, 0, len(u.offsets))
	for num := range u.offsets {
		nums = append(nums, num)
	}
	slices.Sort(nums)
	info := ""
	if u.doc.info != 0 {
		info = fmt.Sprintf("/Info %d 0 R ", u.doc.info)
	}
	if u.doc.stream {
		u.finishStream(u.Reserve(), nums, info)
		return u.out.Bytes()
	}
	xref := u.out.Len()
	u.out.WriteString("xref\n")
	for i := 0; i < len(nums); {
		j := i + 1
		for j < len(nums) && nums[j] == nums[j-1]+1 {
			j++
		}
		fmt.Fprintf(u.out, "%d %d\n", nums[i], j-i)
		for _, num := range nums[i:j] {
			fmt.Fprintf(u.out, "%010d 00000 n \n", u.offsets[num])
		}
		i = j
	}
	fmt.Fprintf(u.out, "trailer\n<< /Size %d /Root %d 0 R %s/Prev %d >>\nstartxref\n%d\n%%%%EOF\n", u.next, u.doc.root, info, u.doc.startxref, xref)
	return u.out.Bytes()
}

// Stream returns the body of a stream object: dict, an unclosed
// dictionary, with its /Length, and data.
func Stream(dict string, data []byte) string {
	return fmt.Sprintf("%s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

// TextString returns s as a PDF text string: a literal of its bytes when it
// is printable ASCII, else UTF-16 with a byte order mark.
func TextString(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		ascii = ascii && s[i] >= 0x20 && s[i] < 0x7F
	}
	if ascii {
		return String([]byte(s))
	}
	var b strings.Builder
	b.WriteString("<FEFF")
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	b.WriteString(">")
	return b.String()
}

// String returns b as a PDF literal string, escaping what a literal cannot
// hold as it is.
func String(b []byte) string {
	var s strings.Builder
	s.WriteByte('(')
	for _, c := range b {
		switch {
		case c == '(' || c == ')' || c == '\\':
			s.WriteByte('\\')
			s.WriteByte(c)
		case c < 0x20 || c >= 0x7F:
			fmt.Fprintf(&s, "\\%03o", c)
		default:
			s.WriteByte(c)
		}
	}
	s.WriteByte(')')
	return s.String()
}

// Name returns s as a PDF name, each byte a name cannot hold as it is
// written #XX.
func Name(s string) string {
	var b strings.Builder
	b.WriteByte('/')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '!' || c > '~' || strings.IndexByte("()<>[]{}/%#", c) >= 0 {
			fmt.Fprintf(&b, "#%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
