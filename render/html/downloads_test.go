package html

import (
	"bytes"
	"strings"
	"testing"
)

func TestFileSize(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0 bytes", 999: "999 bytes", 1000: "1 KB", 38_499: "38 KB", 38_500: "39 KB",
		999_499: "999 KB", 999_500: "1.0 MB", 2_449_999: "2.4 MB", 2_450_001: "2.5 MB",
	} {
		if got := fileSize(n); got != want {
			t.Errorf("fileSize(%d) = %q, want %q", n, got, want)
		}
	}
}

// A download's label and address are the book's: a class named in the
// manuscript, a file named from its title. Both are escaped.
func TestWriteDownloadsEscapes(t *testing.T) {
	var b bytes.Buffer
	WriteDownloads(&b, "../", []Download{{Label: `<b>"Ants"</b> sheet`, Forms: []DownloadForm{{Name: "PDF form", Path: `sheets/a"b.pdf`, Size: 1234}}}})
	got := b.String()
	for _, want := range []string{`&lt;b&gt;&#34;Ants&#34;&lt;/b&gt; sheet:`, `<a href="../sheets/a&#34;b.pdf">PDF form</a> (1 KB)`} {
		if !strings.Contains(got, want) {
			t.Errorf("downloads lack %s:\n%s", want, got)
		}
	}
}
