package rules

import (
	"strconv"
	"strings"
)

// The dice notation, as a grammar (whitespace may separate any two tokens;
// letters may be upper or lower case, as the seeds write both 4d12dl2 and
// 4D12DL2):
//
//	expr    = term { ("+" | "-") term }
//	term    = unary { "*" unary }
//	unary   = "-" unary | primary
//	primary = number | dice | "(" expr ")"
//	dice    = [number] "d" (number | "%") [keep] [count]
//	keep    = ("kh" | "kl" | "dh" | "dl") [number]     (the number defaults to 1)
//	count   = (">" | ">=" | "<" | "<=") number
//
// kh keeps the highest dice, kl the lowest, dh drops the highest, dl the
// lowest. A count turns the term into the number of (kept) dice whose face
// passes the comparison: 8d6>4 counts dice showing 5 or 6, 8d6>=5 the same.
// d% is d100. Named rolls (fd100 …, pool …, 2d12 …, trigger …) are read by
// parseNamed before this grammar is tried.

// SyntaxError reports an expression galley cannot read. Col is the 1-based
// column, in characters, of the offending character (one past the end when
// the expression stops too soon), so a terminal or the roller can put a caret
// under it.
type SyntaxError struct {
	Col int
	Msg string
}

// Error says what is wrong and where, for a terminal or the roller.
func (e *SyntaxError) Error() string {
	return "bad dice expression at column " + strconv.Itoa(e.Col) + ": " + e.Msg
}

// Column returns the 1-based column, in characters, to point at.
func (e *SyntaxError) Column() int { return e.Col }

type tokenKind int

const (
	tokenEnd tokenKind = iota
	tokenNumber
	tokenDie     // d
	tokenPercent // % (as in d%)
	tokenKeep    // kh kl dh dl
	tokenCompare // > >= < <=
	tokenPlus
	tokenMinus
	tokenTimes
	tokenOpen
	tokenClose
)

type token struct {
	kind  tokenKind
	text  string // lower-cased for letters
	col   int    // 1-based column of the first character
	end   int    // column just past the last character
	value int64  // for numbers
}

// punctuation is the tokens of one character.
var punctuation = map[rune]tokenKind{'+': tokenPlus, '-': tokenMinus, '*': tokenTimes, '(': tokenOpen, ')': tokenClose, '%': tokenPercent}

// lex splits src into tokens.
func lex(src []rune) ([]token, error) {
	var tokens []token
	for i := 0; i < len(src); {
		c := src[i]
		start := i
		emit := func(kind tokenKind, text string, value int64) {
			tokens = append(tokens, token{kind: kind, text: text, col: start + 1, end: i + 1, value: value})
		}
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c >= '0' && c <= '9':
			var value int64
			for i < len(src) && src[i] >= '0' && src[i] <= '9' {
				value = value*10 + int64(src[i]-'0')
				if value > MaxMagnitude {
					return nil, &LimitError{Col: start + 1, Msg: "number too large (galley counts up to " + strconv.FormatInt(MaxMagnitude, 10) + ")"}
				}
				i++
			}
			emit(tokenNumber, string(src[start:i]), value)
		case (c == 'k' || c == 'K' || c == 'd' || c == 'D') && i+1 < len(src) && strings.ContainsRune("hHlL", src[i+1]):
			i += 2
			emit(tokenKeep, strings.ToLower(string(src[start:i])), 0)
		case c == 'd' || c == 'D':
			i++
			emit(tokenDie, "d", 0)
		case c == 'k' || c == 'K':
			return nil, &SyntaxError{Col: i + 2, Msg: `expected "h" or "l" after "k" (kh keeps the highest dice, kl the lowest)`}
		case c == '>' || c == '<':
			i++
			if i < len(src) && src[i] == '=' {
				i++
			}
			emit(tokenCompare, string(src[start:i]), 0)
		default:
			kind, ok := punctuation[c]
			if !ok {
				return nil, &SyntaxError{Col: i + 1, Msg: "unexpected " + strconv.QuoteRune(c)}
			}
			i++
			emit(kind, string(c), 0)
		}
	}
	tokens = append(tokens, token{kind: tokenEnd, col: len(src) + 1, end: len(src) + 1})
	return tokens, nil
}

// parser reads the token list by recursive descent.
type parser struct {
	src    []rune
	tokens []token
	next   int
	system System
	depth  int // parentheses and signs open around the next token
}

// parseNotation reads src as a numeric dice expression.
func parseNotation(src string, system System) (node, error) {
	runes := []rune(src)
	tokens, err := lex(runes)
	if err != nil {
		return nil, err
	}
	p := &parser{src: runes, tokens: tokens, system: system}
	if p.peek().kind == tokenEnd {
		return nil, &SyntaxError{Col: 1, Msg: "expected a dice expression such as 3d6+2"}
	}
	n, err := p.sum()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tokenEnd {
		return nil, &SyntaxError{Col: t.col, Msg: "expected an operator (+, -, *) before " + strconv.Quote(t.text)}
	}
	return n, nil
}

func (p *parser) peek() token { return p.tokens[p.next] }

func (p *parser) take() token {
	t := p.tokens[p.next]
	if t.kind != tokenEnd {
		p.next++
	}
	return t
}

func (p *parser) sum() (node, error) {
	left, err := p.product()
	if err != nil {
		return nil, err
	}
	for p.peek().kind == tokenPlus || p.peek().kind == tokenMinus {
		op := p.take()
		right, err := p.product()
		if err != nil {
			return nil, err
		}
		if left, err = newBinary(op, left, right); err != nil {
			return nil, err
		}
	}
	return left, nil
}

func (p *parser) product() (node, error) {
	left, err := p.unary()
	if err != nil {
		return nil, err
	}
	for p.peek().kind == tokenTimes {
		op := p.take()
		right, err := p.unary()
		if err != nil {
			return nil, err
		}
		if left, err = newBinary(op, left, right); err != nil {
			return nil, err
		}
	}
	return left, nil
}

func (p *parser) unary() (node, error) {
	if p.peek().kind != tokenMinus {
		return p.primary()
	}
	if err := p.open(p.take()); err != nil {
		return nil, err
	}
	operand, err := p.unary()
	if err != nil {
		return nil, err
	}
	p.depth--
	return &negation{operand: operand}, nil
}

// open enters the level of nesting that t, a "(" or a sign, begins,
// refusing one deeper than MaxNesting.
func (p *parser) open(t token) error {
	if p.depth++; p.depth > MaxNesting {
		return &LimitError{Col: t.col, Msg: "parentheses and signs nested more than " + strconv.Itoa(MaxNesting) + " deep"}
	}
	return nil
}

func (p *parser) primary() (node, error) {
	t := p.peek()
	switch t.kind {
	case tokenOpen:
		if err := p.open(p.take()); err != nil {
			return nil, err
		}
		inner, err := p.sum()
		if err != nil {
			return nil, err
		}
		if p.peek().kind != tokenClose {
			return nil, &SyntaxError{Col: p.peek().col, Msg: `expected ")" to close the "(" at column ` + strconv.Itoa(t.col)}
		}
		p.take()
		p.depth--
		return inner, nil
	case tokenNumber:
		p.take()
		if p.peek().kind == tokenDie {
			return p.dice(t)
		}
		return &number{value: t.value}, nil
	case tokenDie:
		return p.dice(token{kind: tokenNumber, col: t.col, value: 1})
	case tokenEnd:
		return nil, &SyntaxError{Col: t.col, Msg: `expected a number, a die or "(" at the end`}
	}
	return nil, &SyntaxError{Col: t.col, Msg: `expected a number, a die or "(" before ` + strconv.Quote(t.text)}
}

// dice reads a dice term whose count (written or implied) is count; the next
// token is the "d".
func (p *parser) dice(count token) (node, error) {
	if count.value == 0 {
		return nil, &SyntaxError{Col: count.col, Msg: "roll at least one die"}
	}
	if count.value > MaxDice {
		return nil, &LimitError{Col: count.col, Msg: strconv.FormatInt(count.value, 10) + " dice in one term (galley rolls at most " + strconv.Itoa(MaxDice) + ")"}
	}
	p.take() // the d
	faces := p.take()
	var sides int64
	switch faces.kind {
	case tokenPercent:
		sides = 100
	case tokenNumber:
		sides = faces.value
	default:
		return nil, &SyntaxError{Col: faces.col, Msg: `expected a number of faces after "d"`}
	}
	if sides == 0 {
		return nil, &SyntaxError{Col: faces.col, Msg: "a die needs at least one face"}
	}
	if sides > MaxFaces {
		return nil, &LimitError{Col: faces.col, Msg: "a die with " + strconv.FormatInt(sides, 10) + " faces (galley rolls at most " + strconv.Itoa(MaxFaces) + ")"}
	}
	d := &dice{col: count.col, count: int(count.value), die: p.system.die(int(sides)), kept: int(count.value)}
	last := faces
	if p.peek().kind == tokenKeep {
		rule := p.take()
		last = rule
		n := int64(1)
		if p.peek().kind == tokenNumber {
			last = p.take()
			n = last.value
		}
		if n > count.value {
			verb := "keep "
			if rule.text[0] == 'd' {
				verb = "drop "
			}
			return nil, &SyntaxError{Col: last.col, Msg: "cannot " + verb + strconv.FormatInt(n, 10) + " of " + strconv.FormatInt(count.value, 10) + " dice"}
		}
		d.keepHighest = rule.text == "kh" || rule.text == "dl"
		d.kept = int(n)
		if rule.text[0] == 'd' {
			d.kept = d.count - int(n)
		}
	}
	if p.peek().kind == tokenCompare {
		op := p.take()
		threshold := p.take()
		if threshold.kind != tokenNumber {
			return nil, &SyntaxError{Col: threshold.col, Msg: "expected a number after " + strconv.Quote(op.text)}
		}
		last = threshold
		d.counting = true
		d.comparison = op.text
		d.threshold = threshold.value
	}
	d.text = string(p.src[count.col-1 : last.end-1])
	return d, nil
}

// die is one kind of die: its faces are first … first+sides−1.
type die struct {
	sides  int
	first  int64
	decile bool // rolled as a tens die and a d10 (or a d20 alone), read as one number
}

// die returns what a die with the given number of sides is in this system.
func (s System) die(sides int) die {
	if s.decile {
		if _, ok := LookupDecileDie(sides); ok {
			return die{sides: sides, first: 0, decile: true}
		}
	}
	if s.zeroBased {
		return die{sides: sides, first: 0}
	}
	return die{sides: sides, first: 1}
}

// faces lists the die's faces in the order a keep rule considers them.
func (d die) faces(highestFirst bool) []int64 {
	faces := make([]int64, d.sides)
	for i := range faces {
		if highestFirst {
			faces[i] = d.first + int64(d.sides-1-i)
		} else {
			faces[i] = d.first + int64(i)
		}
	}
	return faces
}

func (d die) last() int64 { return d.first + int64(d.sides) - 1 }

// hasTensDie reports whether the die is thrown as a tens die and a d10:
// every decile die but the d20.
func (d die) hasTensDie() bool { return d.decile && d.sides > 20 }
