package parser

import (
	"errors"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/BurntSushi/toml"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/prose"
)

// readConfig reads the directory's galley.toml into d.Config, and keeps
// its text for the diagnostics that quote it. A missing file gives the
// defaults; a malformed one gives positioned diagnostics. It returns where
// each of the config's Files is written, for the diagnostics about them.
func readConfig(d *ast.Document, srcs prose.Sources, dir *BookDir, diags *ast.DiagnosticList) (filesAt []ast.Pos, err error) {
	path := dir.Join(ast.ConfigFile)
	text, err := dir.readFile(ast.ConfigFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if code, msg := fileProblem(ast.ConfigFile, err); code != "" {
		diags.Errorf(ast.Pos{File: path, Line: 1, Col: 1}, code, msg)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	srcs[path] = quotedSource(text)
	cfg := defaultConfig()
	// Chapters left out takes chapters_open_right's word, if that is set.
	cfg.Chapters = ""
	meta, err := toml.Decode(text, cfg)
	if err != nil {
		var perr toml.ParseError
		pos := ast.Pos{File: path, Line: 1, Col: 1}
		if errors.As(err, &perr) {
			pos.Line, pos.Col = perr.Position.Line, perr.Position.Col
		}
		diags.Errorf(pos, "config/syntax", "galley.toml: "+firstLine(err.Error()))
		return nil, nil
	}
	for _, key := range meta.Undecoded() {
		diags.Warnf(ast.Pos{File: path, Line: 1, Col: 1}, "config/unknown", `galley.toml: unknown key "`+key.String()+`"`)
	}
	if cfg.System == "" {
		cfg.System = ast.DefaultSystem
	}
	cfg.Paper = strings.ToLower(cfg.Paper)
	if cfg.Paper == "" {
		cfg.Paper = ast.Papers[0]
	}
	if _, err := ast.ParsePaper(cfg.Paper); err != nil {
		at, _ := valuePositions(path, text, "paper")
		diags.Errorf(at, "config/paper", "galley.toml: "+err.Error())
		cfg.Paper = ast.Papers[0]
	}
	if cfg.Language == "" {
		cfg.Language = ast.DefaultLanguage
	}
	if !validLanguageTag(cfg.Language) {
		at, _ := valuePositions(path, text, "language")
		diags.Errorf(at, "config/language", `galley.toml: language "`+cfg.Language+`" is not a language tag such as "en" or "pt-BR"`)
		cfg.Language = ast.DefaultLanguage
	}
	if cfg.PageWeight == "" {
		cfg.PageWeight = ast.DefaultPageWeight
	}
	if _, ok := ast.ParseByteSize(cfg.PageWeight); !ok {
		at, _ := valuePositions(path, text, "page_weight")
		diags.Errorf(at, "config/page_weight", `galley.toml: page_weight "`+cfg.PageWeight+`" is not a size such as "1MB" or "800KB"`)
		cfg.PageWeight = ast.DefaultPageWeight
	}
	switch {
	case cfg.Chapters == "" && cfg.ChaptersOpenRight:
		cfg.Chapters = ast.ChaptersRight
	case cfg.Chapters == "":
		cfg.Chapters = ast.ChaptersPage
	case !slices.Contains(ast.ChapterStarts, cfg.Chapters):
		at, _ := valuePositions(path, text, "chapters")
		diags.Errorf(at, "config/chapters", `galley.toml: chapters is "`+cfg.Chapters+`"; a chapter starts on a new page ("page"), a right-hand one ("right") or runs on ("continue")`)
		cfg.Chapters = ast.ChaptersPage
	case cfg.ChaptersOpenRight && cfg.Chapters != ast.ChaptersRight:
		at, _ := valuePositions(path, text, "chapters_open_right")
		diags.Warnf(at, "config/chapters", `galley.toml: chapters_open_right, the old name of chapters = "right", is set, and chapters = "`+cfg.Chapters+`" says otherwise; chapters is kept`)
	}
	if cfg.TOCDepth < 1 {
		at, _ := valuePositions(path, text, "toc_depth")
		diags.Errorf(at, "config/toc_depth", "galley.toml: toc_depth is "+strconv.Itoa(cfg.TOCDepth)+"; the contents list at least the chapters, depth 1")
		cfg.TOCDepth = ast.DefaultTOCDepth
	}
	if !slices.Contains(ast.Systems, cfg.System) {
		at, _ := valuePositions(path, text, "system")
		diags.Errorf(at, "config/system",
			`galley.toml: unknown system "`+cfg.System+`"; galley knows `+strings.Join(ast.Systems, ", "))
	}
	at, files := valuePositions(path, text, "files")
	filesAt = make([]ast.Pos, len(cfg.Files))
	for i := range filesAt {
		filesAt[i] = at
		if i < len(files) {
			filesAt[i] = files[i]
		}
	}
	if cfg.Cover != "" {
		at, _ := valuePositions(path, text, "cover")
		d.Cover = &ast.Image{BlockNode: ast.BlockNode{Pos: at}, Path: cfg.Cover, PathPos: at, Alt: "Cover of " + cfg.Title}
	}
	d.Config = cfg
	return filesAt, nil
}

// valuePositions returns where the value of a top-level key starts in a
// TOML document and, when it is an array, where each string in it starts
// (at its quote), for diagnostics about a value: the toml package keeps no
// positions. A key it cannot find is placed at the file's start.
func valuePositions(file, text, key string) (value ast.Pos, strs []ast.Pos) {
	value = ast.Pos{File: file, Line: 1, Col: 1}
	start := -1
	for lineStart, line := 0, 1; lineStart < len(text); line++ {
		end := strings.IndexByte(text[lineStart:], '\n')
		if end < 0 {
			end = len(text) - lineStart
		}
		t := strings.TrimLeft(text[lineStart:lineStart+end], " \t")
		if strings.HasPrefix(t, "[") {
			break // a table: the top-level keys are all above it
		}
		if rest, ok := strings.CutPrefix(t, key); ok {
			if rest = strings.TrimLeft(rest, " \t"); strings.HasPrefix(rest, "=") {
				rest = strings.TrimLeft(rest[1:], " \t")
				start = lineStart + end - len(rest)
				value.Line = line
				value.Col = 1 + utf8.RuneCountInString(text[lineStart:start])
				break
			}
		}
		lineStart += end + 1
	}
	if start < 0 || !strings.HasPrefix(text[start:], "[") {
		return value, nil
	}
	line, col, depth := value.Line, value.Col, 0
	var quote rune // the quote of the string being read, or 0
	escaped, comment := false, false
	for _, r := range text[start:] {
		switch {
		case r == '\n':
			line, col = line+1, 0
			quote, comment = 0, false
		case comment:
		case quote != 0:
			switch {
			case escaped:
				escaped = false
			case r == '\\' && quote == '"':
				escaped = true
			case r == quote:
				quote = 0
			}
		case r == '#':
			comment = true
		case r == '"' || r == '\'':
			strs = append(strs, ast.Pos{File: file, Line: line, Col: col})
			quote = r
		case r == '[':
			depth++
		case r == ']':
			if depth--; depth == 0 {
				return value, strs
			}
		}
		col++
	}
	return value, strs
}

// quotedSource keeps a file that is not a manuscript file, galley.toml,
// for the diagnostics that quote its lines.
func quotedSource(text string) *prose.File {
	f := &prose.File{Text: text, Valid: utf8.ValidString(text)}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			f.Ends = append(f.Ends, i)
		}
	}
	if !strings.HasSuffix(text, "\n") && text != "" {
		f.Ends = append(f.Ends, len(text))
	}
	return f
}

// defaultConfig is the configuration of a book without galley.toml.
func defaultConfig() *ast.Config {
	return &ast.Config{System: ast.DefaultSystem, Paper: ast.Papers[0], TOCDepth: ast.DefaultTOCDepth, Language: ast.DefaultLanguage, PageWeight: ast.DefaultPageWeight, Chapters: ast.ChaptersPage}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
