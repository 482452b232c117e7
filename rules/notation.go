package rules

import (
	"strconv"
	"strings"
	"unicode"
)

// The dice notation, as a grammar (whitespace may separate any two tokens;
// letters may be upper or lower case, as the seeds write both 4d12dl2 and
// 4D12DL2):
//
//	expr      = term { ("+" | "-") term }
//	term      = unary { "*" unary }
//	unary     = "-" unary | primary
//	primary   = number | dice | group | "(" expr ")"
//	dice      = [number] "d" (number | "%" | "F") [reroll] [explode] [keep] [count]
//	group     = "{" expr { "," expr } "}" [keep] [count]
//	reroll    = ("r" | "ro") [compare]      (the compare defaults to the lowest face)
//	explode   = ("!" | "!!") [compare]      (the compare defaults to the highest face)
//	keep      = ("kh" | "kl" | "dh" | "dl") [number]     (the number defaults to 1)
//	count     = compare ["f" compare] ["c" compare]
//	compare   = ("=" | ">" | ">=" | "<" | "<=") ["-"] number | number
//
// kh keeps the highest dice, kl the lowest, dh drops the highest, dl the
// lowest. A count turns the term into the number of (kept) dice whose face
// passes the comparison: 8d6>4 counts dice showing 5 or 6, 8d6>=5 the same;
// f takes one away for each die that fails as it says (6d6>4f1, the 1s), c
// counts a success twice when its face also meets it (8d10>7c10, the 10s).
// d% is d100, dF a Fudge die (−1, 0 or +1). r rerolls a die showing what
// its compare says until it does not (Roll20's r; Foundry's rr), ro once.
// ! throws one more die each time a die shows what its compare says and
// adds it, !! the same but compounds the throws into the one die. A group's
// members are added, or kept and counted as dice are: {2d20kh1, 1d20+5}kh1
// is the better of the two; a group of one dice term keeps or counts its
// dice, as Roll20's {5d6!!}>8 does. Named rolls (fd100 …, pool …, 2d12 …,
// trigger …) are read by parseNamed before this grammar is tried.

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
	tokenCompare // = > >= < <=
	tokenReroll  // r ro
	tokenExplode // ! !!
	tokenFailure // f (also the F of dF)
	tokenTwice   // c
	tokenPlus
	tokenMinus
	tokenTimes
	tokenOpen
	tokenClose
	tokenGroupOpen  // {
	tokenGroupClose // }
	tokenComma
)

type token struct {
	kind  tokenKind
	text  string // lower-cased for letters
	col   int    // 1-based column of the first character
	end   int    // column just past the last character
	value int64  // for numbers
}

// punctuation is the tokens of one character.
var punctuation = map[rune]tokenKind{'+': tokenPlus, '-': tokenMinus, '*': tokenTimes, '(': tokenOpen, ')': tokenClose, '%': tokenPercent,
	'{': tokenGroupOpen, '}': tokenGroupClose, ',': tokenComma, '=': tokenCompare}

// letters are the tokens of a letter other than d and k, which may start
// two-letter tokens.
var letters = map[rune]tokenKind{'r': tokenReroll, 'f': tokenFailure, 'c': tokenTwice}

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
		case c == '!':
			i++
			if i < len(src) && src[i] == '!' {
				i++
			}
			emit(tokenExplode, string(src[start:i]), 0)
		case (c == 'r' || c == 'R') && i+1 < len(src) && (src[i+1] == 'o' || src[i+1] == 'O'):
			i += 2
			emit(tokenReroll, "ro", 0)
		case letters[unicode.ToLower(c)] != 0:
			i++
			emit(letters[unicode.ToLower(c)], string(unicode.ToLower(c)), 0)
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
	depth  int   // parentheses and signs open around the next token
	last   token // the last token of the term being read
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
	case tokenGroupOpen:
		return p.group()
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
	var kind die
	switch faces.kind {
	case tokenPercent:
		kind = p.system.die(100)
	case tokenFailure: // the F of dF
		kind = fudgeDie
	case tokenNumber:
		if faces.value == 0 {
			return nil, &SyntaxError{Col: faces.col, Msg: "a die needs at least one face"}
		}
		if faces.value > MaxFaces {
			return nil, &LimitError{Col: faces.col, Msg: "a die with " + strconv.FormatInt(faces.value, 10) + " faces (galley rolls at most " + strconv.Itoa(MaxFaces) + ")"}
		}
		kind = p.system.die(int(faces.value))
	default:
		return nil, &SyntaxError{Col: faces.col, Msg: `expected a number of faces after "d"`}
	}
	d := &dice{col: count.col, count: int(count.value), die: kind}
	d.pick = picking{kept: d.count}
	p.last = faces
	if err := p.reroll(d); err != nil {
		return nil, err
	}
	if err := p.explode(d); err != nil {
		return nil, err
	}
	if err := p.keep(&d.pick, d.count, "dice"); err != nil {
		return nil, err
	}
	if err := p.count(&d.pick); err != nil {
		return nil, err
	}
	if d.explosion != nil && d.explosion.each && d.pick.counting && d.pick.kept < d.count {
		return nil, &SyntaxError{Col: d.col, Msg: "keep the dice or count their throws, not both: with ! each throw counts, so write !! to keep and count whole dice"}
	}
	d.text = string(p.src[count.col-1 : p.last.end-1])
	return d, nil
}

// reroll reads a reroll rule, if one follows.
func (p *parser) reroll(d *dice) error {
	if p.peek().kind != tokenReroll {
		return nil
	}
	rule := p.take()
	p.last = rule
	on, err := p.compare(condition{op: "=", value: d.die.first})
	if err != nil {
		return err
	}
	if on.count(d.die) == d.die.sides {
		return &SyntaxError{Col: rule.col, Msg: "this rerolls every face of the die, forever"}
	}
	d.reroll = &rerollRule{on: on, once: rule.text == "ro"}
	return nil
}

// explode reads an explosion rule, if one follows.
func (p *parser) explode(d *dice) error {
	if p.peek().kind != tokenExplode {
		return nil
	}
	rule := p.take()
	p.last = rule
	on, err := p.compare(condition{op: "=", value: d.die.last()})
	if err != nil {
		return err
	}
	kept := d.die.sides
	if d.reroll != nil && !d.reroll.once {
		kept -= d.reroll.on.count(d.die)
	}
	exploding := 0
	for face := d.die.first; face <= d.die.last(); face++ {
		if on.holds(face) && (d.reroll == nil || d.reroll.once || !d.reroll.on.holds(face)) {
			exploding++
		}
	}
	switch {
	case exploding == 0:
		return &SyntaxError{Col: rule.col, Msg: "no face of the die explodes on " + on.String()}
	case exploding == kept:
		return &SyntaxError{Col: rule.col, Msg: "every face of the die explodes on " + on.String() + ": it would never stop"}
	}
	d.explosion = &explodeRule{on: on, each: rule.text == "!"}
	return nil
}

// compare reads a compare point, or returns def when none is written.
func (p *parser) compare(def condition) (condition, error) {
	t := p.peek()
	switch t.kind {
	case tokenNumber:
		p.last = p.take()
		return condition{op: "=", value: t.value}, nil
	case tokenCompare:
		p.take()
		return p.comparedValue(t)
	}
	return def, nil
}

// comparedValue reads the number after the comparison op, which may carry a
// minus sign (a Fudge die's faces run from −1).
func (p *parser) comparedValue(op token) (condition, error) {
	sign := int64(1)
	if p.peek().kind == tokenMinus {
		p.take()
		sign = -1
	}
	value := p.take()
	if value.kind != tokenNumber {
		return condition{}, &SyntaxError{Col: value.col, Msg: "expected a number after " + strconv.Quote(op.text)}
	}
	p.last = value
	return condition{op: op.text, value: sign * value.value}, nil
}

// keep reads a keep or drop rule for a term of n things (dice, or a
// group's members), if one follows.
func (p *parser) keep(pick *picking, n int, things string) error {
	if p.peek().kind != tokenKeep {
		return nil
	}
	rule := p.take()
	p.last = rule
	count := int64(1)
	if p.peek().kind == tokenNumber {
		p.last = p.take()
		count = p.last.value
	}
	if count > int64(n) {
		verb := "keep "
		if rule.text[0] == 'd' {
			verb = "drop "
		}
		return &SyntaxError{Col: p.last.col, Msg: "cannot " + verb + strconv.FormatInt(count, 10) + " of " + strconv.Itoa(n) + " " + things}
	}
	pick.keepHighest = rule.text == "kh" || rule.text == "dl"
	pick.kept = int(count)
	if rule.text[0] == 'd' {
		pick.kept = n - int(count)
	}
	return nil
}

// count reads a success count, with its failures and doubles, if one
// follows.
func (p *parser) count(pick *picking) error {
	t := p.peek()
	if t.kind != tokenCompare {
		return nil
	}
	p.take()
	success, err := p.comparedValue(t)
	if err != nil {
		return err
	}
	pick.counting = true
	pick.success = success
	for _, extra := range []struct {
		kind tokenKind
		rule **condition
	}{{tokenFailure, &pick.failure}, {tokenTwice, &pick.twice}} {
		if p.peek().kind != extra.kind {
			continue
		}
		letter := p.take()
		p.last = letter
		on, err := p.compare(condition{})
		if err != nil {
			return err
		}
		if on.op == "" {
			return &SyntaxError{Col: letter.end, Msg: "expected the faces " + strconv.Quote(letter.text) + " counts, as in " + letter.text + "1"}
		}
		*extra.rule = &on
	}
	return nil
}

// group reads a group of expressions in braces; the next token is the "{".
func (p *parser) group() (node, error) {
	open := p.take()
	if err := p.open(open); err != nil {
		return nil, err
	}
	g := &group{col: open.col}
	for {
		member, err := p.sum()
		if err != nil {
			return nil, err
		}
		g.members = append(g.members, member)
		if p.peek().kind != tokenComma {
			break
		}
		p.take()
	}
	if p.peek().kind != tokenGroupClose {
		return nil, &SyntaxError{Col: p.peek().col, Msg: `expected "," or "}" to close the "{" at column ` + strconv.Itoa(open.col)}
	}
	p.last = p.take()
	p.depth--
	if len(g.members) == 1 {
		// A group of one dice term keeps and counts its dice: {5d6!!}>8
		// counts the dice over 8, where 5d6!!>8 would explode on them.
		if d, ok := g.members[0].(*dice); ok && !d.pick.counting && d.pick.kept == d.count {
			if err := p.keep(&d.pick, d.count, "dice"); err != nil {
				return nil, err
			}
			if err := p.count(&d.pick); err != nil {
				return nil, err
			}
			d.text = string(p.src[open.col-1 : p.last.end-1])
			return d, nil
		}
	}
	g.pick = picking{kept: len(g.members)}
	if err := p.keep(&g.pick, len(g.members), "members"); err != nil {
		return nil, err
	}
	if err := p.count(&g.pick); err != nil {
		return nil, err
	}
	return newGroup(g)
}

// die is one kind of die: its faces are first … first+sides−1.
type die struct {
	sides  int
	first  int64
	decile bool // rolled as a tens die and a d10 (or a d20 alone), read as one number
	fudge  bool // a Fudge die, dF: −1, 0 or +1 in every system
}

// fudgeDie is dF.
var fudgeDie = die{sides: 3, first: -1, fudge: true}

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
