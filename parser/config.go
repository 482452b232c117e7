package parser

import (
	"errors"
	"io/fs"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/BurntSushi/toml"

	"github.com/galleyhq/galley/parser/ast"
	"github.com/galleyhq/galley/parser/picture"
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
	cleanTexts(cfg, meta, path, text, diags)
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
	switch {
	case cfg.Index == "":
		cfg.Index = ast.IndexAuto
	case !slices.Contains(ast.IndexSettings, cfg.Index):
		at, _ := valuePositions(path, text, "index")
		diags.Errorf(at, "config/index", `galley.toml: index is "`+cfg.Index+`"; the index is "auto" (inferred terms and \index marks), "manual" (the marks alone) or "off"`)
		cfg.Index = ast.IndexAuto
	}
	if cfg.BaseURL != "" {
		base, ok := baseURL(cfg.BaseURL)
		if !ok {
			at, _ := valuePositions(path, text, "base_url")
			diags.Errorf(at, "config/base_url", `galley.toml: base_url "`+cfg.BaseURL+`" is not the address of a site, such as "https://example.org/book/"`)
		}
		cfg.BaseURL = base
	}
	if mp := cfg.PictureMegapixels; !(mp >= 0.000001 && mp <= maxPictureMegapixels) {
		at, _ := valuePositions(path, text, "picture_megapixels")
		diags.Errorf(at, "config/picture_megapixels", "galley.toml: picture_megapixels is "+strconv.FormatFloat(mp, 'g', -1, 64)+
			"; it is the most pixels a picture may have, in millions, from 0.000001 to "+strconv.Itoa(maxPictureMegapixels))
		cfg.PictureMegapixels = picture.DefaultMaxPixels / 1e6
	}
	if cfg.TOCDepth < 1 {
		at, _ := valuePositions(path, text, "toc_depth")
		diags.Errorf(at, "config/toc_depth", "galley.toml: toc_depth is "+strconv.Itoa(cfg.TOCDepth)+"; the contents list at least the chapters, depth 1")
		cfg.TOCDepth = ast.DefaultTOCDepth
	}
	if cfg.Press != "" && !slices.Contains(ast.Presses, string(cfg.Press)) {
		at, _ := valuePositions(path, text, "press")
		diags.Errorf(at, "config/press", `galley.toml: unknown press "`+string(cfg.Press)+`"; galley knows `+strings.Join(ast.Presses, ", ")+", or true for a generic press")
		cfg.Press = ast.GenericPress
	}
	cfg.PaperStock = strings.ToLower(cfg.PaperStock)
	if cfg.PaperStock == "color" {
		cfg.PaperStock = "colour"
	}
	if cfg.PaperStock == "" {
		cfg.PaperStock = ast.PaperStocks[0]
	}
	if !slices.Contains(ast.PaperStocks, cfg.PaperStock) {
		at, _ := valuePositions(path, text, "paper_stock")
		diags.Errorf(at, "config/paper_stock", `galley.toml: unknown paper_stock "`+cfg.PaperStock+`"; a press prints on `+strings.Join(ast.PaperStocks, ", "))
		cfg.PaperStock = ast.PaperStocks[0]
	}
	if cfg.System != "" && !slices.Contains(ast.Systems, cfg.System) {
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

// cleanTexts readies the values of galley.toml that the books print (the
// title, the colophon, the identifier, the cover's path), and notes where
// each is written for the writers' own checks (see Config.Positions): each
// is trimmed of spaces, loses its control characters (a TOML escape such as
// "\u001b" writes one) with a warning, and one left empty is an error at
// its place and left out, since a value of spaces is no title, name or
// identifier: an EPUB with an empty one is invalid.
func cleanTexts(cfg *ast.Config, meta toml.MetaData, path, text string, diags *ast.DiagnosticList) {
	cfg.Positions = map[string]ast.ConfigPos{}
	for _, kv := range []struct {
		key   string
		value *string
	}{
		{"title", &cfg.Title}, {"subtitle", &cfg.Subtitle}, {"version", &cfg.Version}, {"date", &cfg.Date},
		{"license", &cfg.License}, {"identifier", &cfg.Identifier}, {"cover", &cfg.Cover},
		{"blurb", &cfg.Blurb},
	} {
		key, value := kv.key, kv.value
		if !meta.IsDefined(key) {
			continue
		}
		at, _ := valuePositions(path, text, key)
		cfg.Positions[key] = ast.ConfigPos{Value: at}
		if *value = cleanText(*value, at, diags); *value == "" {
			diags.Errorf(at, "config/empty", "galley.toml: "+key+" is empty, which the books cannot print: give it a value, or leave the key out")
		}
	}
	for _, kv := range []struct {
		key    string
		values *[]string
	}{{"authors", &cfg.Authors}, {"credits", &cfg.Credits}} {
		key, values := kv.key, kv.values
		if !meta.IsDefined(key) {
			continue
		}
		at, strs := valuePositions(path, text, key)
		var kept []string
		var keptAt []ast.Pos
		for i, v := range *values {
			vAt := at
			if i < len(strs) {
				vAt = strs[i]
			}
			if v = cleanText(v, vAt, diags); v == "" {
				diags.Errorf(vAt, "config/empty", "galley.toml: an entry of "+key+" is empty, which the books cannot print: give it a value, or take it out")
				continue
			}
			kept, keptAt = append(kept, v), append(keptAt, vAt)
		}
		*values = kept
		cfg.Positions[key] = ast.ConfigPos{Value: at, Strings: keptAt}
	}
}

// cleanText returns a value of galley.toml on one line, without the
// spaces around it and without control characters, warning at at of the
// first: a line end or a tab, which a multi-line TOML string holds, is a
// space.
func cleanText(v string, at ast.Pos, diags *ast.DiagnosticList) string {
	v = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ").Replace(v)
	if i := strings.IndexFunc(v, ast.IsControl); i >= 0 {
		r, _ := utf8.DecodeRuneInString(v[i:])
		diags.Warnf(at, "text/control", "galley.toml: control character "+ast.ControlName(r)+" in a value: it prints as nothing, and on a terminal it can move the cursor or change the window; delete it")
		v = ast.WithoutControls(v)
	}
	return strings.TrimSpace(v)
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
	return &ast.Config{
		Paper: ast.Papers[0], TOCDepth: ast.DefaultTOCDepth, Language: ast.DefaultLanguage,
		PageWeight: ast.DefaultPageWeight, PictureMegapixels: picture.DefaultMaxPixels / 1e6, Chapters: ast.ChaptersPage,
		PaperStock: ast.PaperStocks[0], Index: ast.IndexAuto,
	}
}

// maxPictureMegapixels is the most picture_megapixels may raise the
// budget to: a picture of 2 gigapixels takes 8 GB decoded, more than a
// machine that builds books has.
const maxPictureMegapixels = 2000

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// baseURL returns the address a site is published at as the sitemap and
// the pages give it, ending in "/", and reports whether s is one: an
// absolute http or https address with a host, and no query or fragment.
func baseURL(s string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return "", false
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	return u.String(), true
}
