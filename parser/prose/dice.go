package prose

import "github.com/galleyhq/galley/parser/ast"

// startsDice reports whether dice notation may start with c.
func startsDice(c byte) bool { return c == 'd' || isDigit(c) }

// matchDice reads [COUNT]dFACES with optional keep/drop (kh2, dl1), success
// threshold (>4, >=5) and constant (+3, -1), all written without spaces. A
// plural "s" after it ("two d10s") is not part of the notation.
func matchDice(s string, i int, found []span) []span {
	j := i + digitsAt(s, i, 4)
	if j >= len(s) || s[j] != 'd' {
		return found
	}
	faces := digitsAt(s, j+1, 4)
	if faces == 0 {
		return found
	}
	j += 1 + faces
	for {
		switch {
		case j+2 < len(s) && (s[j] == 'k' || s[j] == 'd') && (s[j+1] == 'h' || s[j+1] == 'l') && isDigit(s[j+2]):
			j += 2 + digitsAt(s, j+2, 4)
			continue
		case j+1 < len(s) && s[j] == '>' && isDigit(s[j+1]):
			j += 1 + digitsAt(s, j+1, 4)
			continue
		case j+2 < len(s) && s[j] == '>' && s[j+1] == '=' && isDigit(s[j+2]):
			j += 2 + digitsAt(s, j+2, 4)
			continue
		case j+1 < len(s) && (s[j] == '+' || s[j] == '-') && isDigit(s[j+1]) && isWordEnd(s, j+1+digitsAt(s, j+1, 4)):
			j += 1 + digitsAt(s, j+1, 4)
			continue
		}
		break
	}
	if !isWordEnd(s, j) && !(s[j] == 's' && isWordEnd(s, j+1)) {
		return found
	}
	return append(found, span{start: i, end: j, node: &ast.Dice{Expr: s[i:j]}})
}
