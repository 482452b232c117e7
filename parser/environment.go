package parser

import (
	"strings"

	"github.com/galleyhq/galley/parser/ast"
)

// The markup's own block structure is line-oriented: environments, commands,
// underlined headings and box-drawing art are recognised by whole lines, and
// only prose is handed to goldmark (see inline.go). This is the outer pass of
// golang.org/x/tools/present rather than goldmark block extensions: goldmark's
// block parsers would have to be switched off one by one (indented code, raw
// HTML, setext headings that take any paragraph) and the markup's rules – a
// centred title over its underline, a table caption that belongs to the
// table above it, a figure made of art, a rule and a caption – are easier to
// state and to keep linear over lines than as CommonMark block continuations.
//
// The pass runs in two steps. scanEnvironments finds the environments in one
// forward sweep; a blockBuilder reads each environment, and the lines
// between them, as the sweep passes them on. The prose of the blocks is
// parsed apart, by the workers of prose.go.

// environmentNames lists the environments of the markup. Boxes hold blocks;
// the others hold raw lines that their own readers interpret.
var environmentNames = map[string]bool{
	"box":       true,
	"coverpage": true,
	"toc":       true,
	"table":     true,
	"nolayout":  true,
	"charsheet": true,
}

// segment is a stretch of a container's content: either plain lines for the
// block parser or one environment.
type segment struct {
	lines []Line
	env   *environment
}

// environment is a \begin{NAME}[ARG] … \end{NAME} block as written.
type environment struct {
	name  string
	arg   string
	begin Line
	// argCol is the byte offset of the argument in the \begin line.
	argCol int
	// content holds the raw lines of every environment but a box.
	content []Line
	// children holds a box's content.
	children []segment
	hasArg   bool
	// known is false for a name the markup does not have; such an
	// environment is kept as verbatim so nothing is lost.
	known bool
}

// commandName returns the name of the command a trimmed line starts with
// ("begin" for `\begin{box}`), or "" if it does not start with one. A line
// of prose may start with \claim, which is written inside sentences, so
// \claim is no command of a line's.
func commandName(t string) string {
	if len(t) < 2 || t[0] != '\\' || !isASCIILetter(t[1]) {
		return ""
	}
	end := 1
	for end < len(t) && isASCIILetter(t[end]) {
		end++
	}
	if t[:end] == claimCommand {
		return ""
	}
	return t[1:end]
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// envLine is a parsed \begin or \end line.
type envLine struct {
	name   string
	arg    string
	hasArg bool
	argCol int // byte offset of the argument within the trimmed line
}

// argPos returns the position of the environment's argument.
func (e *environment) argPos() ast.Pos { return e.begin.PosAt(e.argCol) }

// parseEnvLine reads `\begin{NAME}[ARG]` or `\end{NAME}` from a trimmed
// line. It returns a message saying what is wrong when the line is malformed.
func parseEnvLine(t, command string) (envLine, string) {
	rest := t[len(command)+1:]
	if !strings.HasPrefix(rest, "{") {
		return envLine{}, `expected "{" and an environment name after \` + command
	}
	closeBrace := strings.IndexByte(rest, '}')
	if closeBrace < 0 {
		return envLine{}, `missing "}" after the environment name`
	}
	e := envLine{name: strings.TrimSpace(rest[1:closeBrace])}
	if e.name == "" {
		return envLine{}, "missing environment name"
	}
	rest = rest[closeBrace+1:]
	if command == "begin" && strings.HasPrefix(rest, "[") {
		closeBracket := strings.LastIndexByte(rest, ']')
		if closeBracket < 0 {
			return envLine{}, `missing "]" after the argument of \begin{` + e.name + "}"
		}
		e.arg, e.hasArg = rest[1:closeBracket], true
		e.argCol = len(t) - len(rest) + 1
		rest = rest[closeBracket+1:]
	}
	if strings.TrimSpace(rest) != "" {
		return envLine{}, "unexpected text after \\" + command + "{" + e.name + "}: each \\begin and \\end stands alone on its line"
	}
	return e, ""
}

// scanEnvironments splits lines into plain stretches and environments, and
// passes those of the top level to emit in order. It sees every line once
// (a raw environment with no \end sees its lines twice at most), so it is
// linear however the environments are broken.
//
// An environment passed to emit is good only until emit returns: the scan
// keeps environments in storage it reuses from one top-level segment to the
// next, so that it allocates as much as the largest box needs rather than
// as much as the file has environments.
//
// Boxes do not nest: a \begin{box} while a box is open means the open one
// lacks its \end. An underlined heading inside a box means the same, since
// boxes do not hold headings; stopping there keeps the rest of the chapter
// out of a box that was never closed.
func scanEnvironments(lines []Line, diags *ast.DiagnosticList, emit func(segment)) {
	var (
		box     *environment // &openBox while a box is open, else nil
		openBox environment
		// raw holds the raw environments not yet passed to emit: the one
		// just read, or those in the open box.
		raw        []environment
		plainStart int // lines[plainStart:i] is the plain stretch so far
	)
	add := func(s segment) {
		if box != nil {
			box.children = append(box.children, s)
			return
		}
		emit(s)
		raw = raw[:0]
	}
	i := 0
	flush := func() {
		if i > plainStart {
			add(segment{lines: lines[plainStart:i]})
		}
	}
	closeBox := func() {
		flush()
		box = nil
		add(segment{env: &openBox})
	}
	unclosedBox := func() {
		diags.Errorf(box.begin.FirstTextPos(), "env/unclosed", `\begin{box} has no \end{box}`)
		closeBox()
	}

	for i < len(lines) {
		l := lines[i]
		t := l.Trimmed()
		command := commandName(t)
		if command != "begin" && command != "end" {
			if box != nil && isHeadingAt(lines, i) {
				unclosedBox()
				plainStart = i
			}
			i++
			continue
		}
		flush()
		plainStart = i + 1
		e, problem := parseEnvLine(t, command)
		if problem != "" {
			diags.Errorf(l.FirstTextPos(), "env/malformed", problem)
			i++
			continue
		}
		if command == "end" {
			switch {
			case box != nil && e.name == "box":
				closeBox()
			case box != nil:
				diags.Errorf(l.FirstTextPos(), "env/mismatched", `\end{`+e.name+`} does not match \begin{box} on line `+itoa(int(box.begin.Num)))
			default:
				diags.Errorf(l.FirstTextPos(), "env/stray", `\end{`+e.name+`} has no \begin{`+e.name+`}`)
			}
			i++
			continue
		}

		env := environment{
			name: e.name, arg: e.arg, hasArg: e.hasArg, begin: l,
			argCol: l.Indent() + e.argCol, known: environmentNames[e.name],
		}
		if e.name == "box" {
			if box != nil {
				unclosedBox()
			}
			// The box before has been passed on, and its children with it.
			env.children = openBox.children[:0]
			openBox = env
			box = &openBox
			i++
			continue
		}
		raw = append(raw, env)
		rawEnv := &raw[len(raw)-1]
		if !rawEnv.known {
			diags.Errorf(l.FirstTextPos(), "env/unknown", `unknown environment "`+e.name+`"`+suggestEnvironment(e.name))
		}
		i = readRawEnvironment(rawEnv, lines, i+1, diags)
		plainStart = i
		if rawEnv.known || rawEnv.content != nil {
			add(segment{env: rawEnv})
		}
	}
	if box != nil {
		unclosedBox()
	} else {
		flush()
	}
}

// readRawEnvironment gathers the lines of a raw environment starting at
// lines[from] and returns the index of the first line after it. Raw
// environments do not nest, so any other \begin or \end, or any command,
// means the \end is missing: the environment stops there. A table stops
// earlier, at its first blank line, because its caption and the prose after
// it are not rows.
func readRawEnvironment(env *environment, lines []Line, from int, diags *ast.DiagnosticList) int {
	end := from
	for end < len(lines) && commandName(lines[end].Trimmed()) == "" {
		end++
	}
	if end < len(lines) && commandName(lines[end].Trimmed()) == "end" {
		if e, problem := parseEnvLine(lines[end].Trimmed(), "end"); problem == "" && e.name == env.name {
			env.content = lines[from:end]
			return end + 1
		}
	}
	if !env.known {
		// An unknown environment was reported already; without its \end
		// there is nothing to keep but the \begin line, which is dropped.
		return from
	}
	diags.Errorf(env.begin.FirstTextPos(), "env/unclosed", `\begin{`+env.name+`} has no \end{`+env.name+`}`)
	if env.name == "table" {
		for i := from; i < end; i++ {
			if lines[i].IsBlank() {
				end = i
				break
			}
		}
	}
	env.content = lines[from:end]
	return end
}

// suggestEnvironment names the closest environment when one is near enough.
func suggestEnvironment(name string) string {
	names := make([]string, 0, len(environmentNames))
	for n := range environmentNames {
		names = append(names, n)
	}
	if best := ast.Closest(name, names); best != "" {
		return ` (did you mean "` + best + `"?)`
	}
	return ""
}
