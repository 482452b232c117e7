package parser

import "strings"

// CharSheet is a \charsheet[CLASS] placement: the filled sheet of that class
// goes here.
type CharSheet struct {
	blockNode
	Class string `json:"class"`
}

// Kind returns KindCharSheet.
func (*CharSheet) Kind() NodeKind { return KindCharSheet }

func (p *blockParser) charSheet(l sourceLine) Block {
	t := l.trimmed()
	rest := strings.TrimPrefix(t, `\charsheet`)
	if !strings.HasPrefix(rest, "[") || !strings.HasSuffix(rest, "]") || len(rest) < 3 {
		p.diags.Errorf(l.firstTextPos(), "command/malformed", `expected \charsheet[CLASS] alone on its line`)
		return nil
	}
	return &CharSheet{blockNode{l.firstTextPos()}, strings.TrimSpace(rest[1 : len(rest)-1])}
}
