package parser

// span is a node found in a text run, from start to end in the run.
type span struct {
	start, end int
	node       Inline
}

// scan splits a text run into text, dice, references and footnote marks.
// Every matcher looks a bounded distance ahead, so the scan is linear.
func (c *inlineConverter) scan(r *textRun) []Inline {
	s := r.String()
	if s == "" {
		return nil
	}
	pos := func(off int) Pos { return c.pos.at(c.src, r.srcOffset(off)) }
	var out []Inline
	textStart := 0
	for i := 0; i < len(s); {
		var found []span
		switch ch := s[i]; {
		case ch >= 0x80:
			found = matchFootnoteRef(s, i)
		case ch == '"':
			found = matchTitleFirstRef(s, i)
		case isWordStart(s, i) && (ch == 'd' || isDigit(ch)):
			found = matchDice(s, i)
		case isWordStart(s, i) && startsNumberedRef(ch):
			found = matchNumberedRef(s, i)
		case isWordStart(s, i) && startsHeadingWord(ch):
			found = matchKeywordFirstRef(s, i)
		}
		if found == nil {
			i++
			continue
		}
		for _, f := range found {
			if f.start > textStart {
				out = append(out, &Text{inlineNode{pos(textStart)}, s[textStart:f.start]})
			}
			setPos(f.node, pos(f.start))
			out = append(out, f.node)
			textStart = f.end
		}
		i = textStart
	}
	if textStart < len(s) {
		out = append(out, &Text{inlineNode{pos(textStart)}, s[textStart:]})
	}
	return out
}

// setPos places an inline node found by a matcher.
func setPos(n Inline, p Pos) {
	switch n := n.(type) {
	case *Dice:
		n.Pos = p
	case *Ref:
		n.Pos = p
	case *FootnoteRef:
		n.Pos = p
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWordByte(c byte) bool { return isASCIILetter(c) || isDigit(c) || c == '_' }

// isWordStart reports whether s[i] begins a word.
func isWordStart(s string, i int) bool { return i == 0 || !isWordByte(s[i-1]) }

// isWordEnd reports whether a word may end before s[i].
func isWordEnd(s string, i int) bool { return i >= len(s) || !isWordByte(s[i]) }

// digitsAt returns the number of ASCII digits at s[i:], at most limit.
func digitsAt(s string, i, limit int) int {
	n := 0
	for i+n < len(s) && n < limit && isDigit(s[i+n]) {
		n++
	}
	return n
}

func matchFootnoteRef(s string, i int) []span {
	number, length := superscriptNumber(s[i:])
	if length == 0 {
		return nil
	}
	return []span{{i, i + length, &FootnoteRef{Number: number}}}
}
