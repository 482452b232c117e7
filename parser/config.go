package parser

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// ConfigFile is the name of a manuscript directory's configuration.
const ConfigFile = "galley.toml"

// Config is a book's galley.toml. Every key is optional.
//
//	title    = "Nests & Insects"
//	subtitle = "A Roguelike Tabletop Roleplaying Game"
//	system   = "fd100"                  # the rules the book's tables are checked against
//	files    = ["front.txt", "rules.txt"] # reading order; default: *.txt by name
//	paper    = "a4"                     # or "letter": the PDF book's and sheets' paper
type Config struct {
	Title    string   `toml:"title" json:"title,omitempty"`
	Subtitle string   `toml:"subtitle" json:"subtitle,omitempty"`
	System   string   `toml:"system" json:"system"`
	Files    []string `toml:"files" json:"files,omitempty"`
	Paper    string   `toml:"paper" json:"paper"`
}

// Papers are the paper sizes the PDFs can be printed on; the first is the
// default.
var Papers = []string{"a4", "letter"}

// DefaultSystem is the rules system of a book that names none: Fuzzy d100,
// the system of the book galley was made for.
const DefaultSystem = "fd100"

// Systems lists the rules systems a book may name.
var Systems = []string{"fd100", "pool", "2d12", "trigger", "generic"}

// readConfig reads dir/galley.toml. A missing file gives the defaults; a
// malformed one gives positioned diagnostics.
func readConfig(dir string, diags *DiagnosticList) (*Config, error) {
	cfg := defaultConfig()
	path := filepath.Join(dir, ConfigFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return cfg, nil
	}
	if err != nil {
		return nil, err
	}
	meta, err := toml.Decode(string(data), cfg)
	if err != nil {
		var perr toml.ParseError
		pos := Pos{File: path, Line: 1, Col: 1}
		if errors.As(err, &perr) {
			pos.Line, pos.Col = perr.Position.Line, perr.Position.Col
		}
		diags.Errorf(pos, "config/syntax", "galley.toml: "+firstLine(err.Error()))
		return defaultConfig(), nil
	}
	for _, key := range meta.Undecoded() {
		diags.Warnf(Pos{File: path, Line: 1, Col: 1}, "config/unknown", `galley.toml: unknown key "`+key.String()+`"`)
	}
	if cfg.System == "" {
		cfg.System = DefaultSystem
	}
	cfg.Paper = strings.ToLower(cfg.Paper)
	if cfg.Paper == "" {
		cfg.Paper = Papers[0]
	}
	if !slices.Contains(Papers, cfg.Paper) {
		diags.Errorf(Pos{File: path, Line: 1, Col: 1}, "config/paper",
			`galley.toml: unknown paper "`+cfg.Paper+`"; galley prints on `+strings.Join(Papers, " or "))
		cfg.Paper = Papers[0]
	}
	if !slices.Contains(Systems, cfg.System) {
		diags.Errorf(Pos{File: path, Line: 1, Col: 1}, "config/system",
			`galley.toml: unknown system "`+cfg.System+`"; galley knows `+strings.Join(Systems, ", "))
	}
	return cfg, nil
}

// defaultConfig is the configuration of a book without galley.toml.
func defaultConfig() *Config { return &Config{System: DefaultSystem, Paper: Papers[0]} }

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
