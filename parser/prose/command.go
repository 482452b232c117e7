package prose

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// LineCommands are the commands that both the markup and Markdown write
// alone on a line.
var LineCommands = []string{"newpage", "charsheet", "odds"}

// LineCommand builds the block of a line holding the command name, one of
// LineCommands; a command written wrongly is an error, and nil.
func (p *Parser) LineCommand(l Line, name string) ast.Block {
	switch name {
	case "newpage":
		return p.pageBreak(l)
	case "charsheet":
		return p.charSheet(l)
	case "odds":
		return p.oddsChart(l)
	}
	return nil
}

// CommandName returns the name of the command a trimmed line starts with
// ("begin" for `\begin{box}`), or "" if it does not start with one. A line
// of prose may start with \claim, which is written inside sentences, so
// \claim is no command of a line's.
func CommandName(t string) string {
	if len(t) < 2 || t[0] != '\\' || !isASCIILetter(t[1]) {
		return ""
	}
	end := 1
	for end < len(t) && isASCIILetter(t[end]) {
		end++
	}
	if t[:end] == ClaimCommand {
		return ""
	}
	return t[1:end]
}

// EnvLine is a parsed \begin or \end line.
type EnvLine struct {
	Name   string
	Arg    string
	HasArg bool
	ArgCol int // byte offset of the argument within the trimmed line
}

// ParseEnvLine reads `\begin{NAME}[ARG]` or `\end{NAME}` from a trimmed
// line. It returns a message saying what is wrong when the line is malformed.
func ParseEnvLine(t, command string) (EnvLine, string) {
	rest := t[len(command)+1:]
	if !strings.HasPrefix(rest, "{") {
		return EnvLine{}, `expected "{" and an environment name after \` + command
	}
	closeBrace := strings.IndexByte(rest, '}')
	if closeBrace < 0 {
		return EnvLine{}, `missing "}" after the environment name`
	}
	e := EnvLine{Name: strings.TrimSpace(rest[1:closeBrace])}
	if e.Name == "" {
		return EnvLine{}, "missing environment name"
	}
	rest = rest[closeBrace+1:]
	if command == "begin" && strings.HasPrefix(rest, "[") {
		closeBracket := strings.LastIndexByte(rest, ']')
		if closeBracket < 0 {
			return EnvLine{}, `missing "]" after the argument of \begin{` + e.Name + "}"
		}
		e.Arg, e.HasArg = rest[1:closeBracket], true
		e.ArgCol = len(t) - len(rest) + 1
		rest = rest[closeBracket+1:]
	}
	if strings.TrimSpace(rest) != "" {
		return EnvLine{}, "unexpected text after \\" + command + "{" + e.Name + "}: each \\begin and \\end stands alone on its line"
	}
	return e, ""
}
