package markup

import (
	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// The markup's own block structure is line-oriented: environments, commands,
// underlined headings and box-drawing art are recognised by whole lines, and
// only prose is handed to goldmark (see prose/inline.go). This is the outer pass of
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
// parsed apart, by the workers of prose/prose.go.

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
	lines []prose.Line
	env   *environment
}

// environment is a \begin{NAME}[ARG] … \end{NAME} block as written.
type environment struct {
	name  string
	arg   string
	begin prose.Line
	// argCol is the byte offset of the argument in the \begin line.
	argCol int
	// content holds the raw lines of every environment but a box.
	content []prose.Line
	// children holds a box's content.
	children []segment
	hasArg   bool
	// known is false for a name the markup does not have; such an
	// environment is kept as verbatim so nothing is lost.
	known bool
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// argPos returns the position of the environment's argument.
func (e *environment) argPos() ast.Pos { return e.begin.PosAt(e.argCol) }

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
func scanEnvironments(lines []prose.Line, diags *ast.DiagnosticList, emit func(segment)) {
	var (
		box     *environment // &openBox while a box is open, else nil
		openBox environment
		// raw holds the raw environments not yet passed to emit: the one
		// just read, or those in the open box.
		raw        []environment
		plainStart int // lines[plainStart:i] is the plain stretch so far
		// noCodeEnd is the first line from which no \end{nolayout} follows,
		// as far as a search for one has found; len(lines) until one fails.
		noCodeEnd = len(lines)
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
		command := prose.CommandName(t)
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
		e, problem := prose.ParseEnvLine(t, command)
		if problem != "" {
			diags.Errorf(l.FirstTextPos(), "env/malformed", problem)
			i++
			continue
		}
		if command == "end" {
			switch {
			case box != nil && e.Name == "box":
				closeBox()
			case box != nil:
				diags.Errorf(l.FirstTextPos(), "env/mismatched", `\end{`+e.Name+`} does not match \begin{box} on line `+itoa(int(box.begin.Num)))
			default:
				diags.Errorf(l.FirstTextPos(), "env/stray", `\end{`+e.Name+`} has no \begin{`+e.Name+`}`)
			}
			i++
			continue
		}

		env := environment{
			name: e.Name, arg: e.Arg, hasArg: e.HasArg, begin: l,
			argCol: l.Indent() + e.ArgCol, known: environmentNames[e.Name],
		}
		if e.Name == "box" {
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
			diags.Errorf(l.FirstTextPos(), "env/unknown", `unknown environment "`+e.Name+`"`+suggestEnvironment(e.Name))
		}
		i = readRawEnvironment(rawEnv, lines, i+1, &noCodeEnd, diags)
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
//
// But \begin{nolayout}[LANGUAGE] holds code, and code in the markup is made
// of commands: it runs to its \end{nolayout} whatever it holds, and only
// without one is read as any other. noCodeEnd is where a search for an \end
// found none, so that a file of many such blocks without one is read in
// linear time: no later search can find one either.
func readRawEnvironment(env *environment, lines []prose.Line, from int, noCodeEnd *int, diags *ast.DiagnosticList) int {
	if env.name == "nolayout" && env.hasArg && from < *noCodeEnd {
		for end := from; end < len(lines); end++ {
			if prose.CommandName(lines[end].Trimmed()) != "end" {
				continue
			}
			if e, problem := prose.ParseEnvLine(lines[end].Trimmed(), "end"); problem == "" && e.Name == env.name {
				env.content = lines[from:end]
				return end + 1
			}
		}
		*noCodeEnd = from
	}
	end := from
	for end < len(lines) && prose.CommandName(lines[end].Trimmed()) == "" {
		end++
	}
	if end < len(lines) && prose.CommandName(lines[end].Trimmed()) == "end" {
		if e, problem := prose.ParseEnvLine(lines[end].Trimmed(), "end"); problem == "" && e.Name == env.name {
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
