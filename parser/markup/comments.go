package markup

import (
	"strings"

	"github.com/galleyhq/galley/parser/prose"

	"github.com/galleyhq/galley/parser/ast"
)

// dropComments returns the lines of the file without its comments. Block
// comments run from a line that is "/*" alone to a line that is "*/" alone;
// a line starting with "%" is a line comment. Both vanish without a trace,
// as in LaTeX: they do not even end a paragraph. A "/*" with no "*/" after
// it is an error at the "/*"; the line is dropped and what follows is parsed
// as if the comment had never been opened, so its constructs are not lost.
func dropComments(f *prose.File, file string, diags *ast.DiagnosticList) []prose.Line {
	lastClose := lastCommentClose(f)
	kept := make([]prose.Line, 0, len(f.Ends))
	for i := 0; i < len(f.Ends); i++ {
		l := prose.Line{Text: f.Line(i), File: &file, Num: int32(i + 1), Col: 1}
		switch {
		case strings.HasPrefix(l.Text, "%"):
			continue
		case l.Trimmed() == "/*":
			if i > lastClose {
				diags.Errorf(l.FirstTextPos(), "comment/unclosed", `"/*" is never closed: add a line "*/" where the comment ends`)
				continue
			}
			for i++; strings.TrimSpace(f.Line(i)) != "*/"; i++ {
			}
			continue
		}
		kept = append(kept, l)
	}
	return kept
}

// lastCommentClose returns the last line (from 0) that closes a block
// comment, or -1: a "/*" after it is never closed. Found once, from the
// end, it spares dropComments a search to the file's end at every "/*".
func lastCommentClose(f *prose.File) int {
	if !strings.Contains(f.Text, "*/") {
		return -1
	}
	for i := len(f.Ends) - 1; i >= 0; i-- {
		if strings.TrimSpace(f.Line(i)) == "*/" {
			return i
		}
	}
	return -1
}
