// Package pdfcontent reads a PDF page's content stream (ISO 32000-1, 7.8.2)
// as the operations it is made of, each an operator and the operands
// written before it, for the tests that read back what galley's PDFs draw:
// the size text is shown at, its font and colour, the colour operators a
// press file may not hold.
//
// It reads what fpdf writes and no more: strings, hexadecimal strings,
// arrays and dictionaries are operands it does not look into, an array's
// strings are taken not to hold a "]", and dictionaries not to nest.
package pdfcontent

import (
	"bytes"
	"iter"
	"strconv"
	"strings"
)

// Operation is one operator of a content stream, with its operands as
// written ("12", "/F1"); a string, hexadecimal string, array or
// dictionary is "(…)", "<…>", "[…]" or "<<…>>".
type Operation struct {
	Operator string
	Operands []string
}

// Number returns the operand back places from the operator (1 the last)
// as a number, or 0 when there is none or it is not a number.
func (o Operation) Number(back int) float64 {
	if back < 1 || back > len(o.Operands) {
		return 0
	}
	n, _ := strconv.ParseFloat(o.Operands[len(o.Operands)-back], 64)
	return n
}

// Operations returns the operations of content in order. The operands
// slice is reused from one operation to the next.
func Operations(content []byte) iter.Seq[Operation] {
	return func(yield func(Operation) bool) {
		var operands []string
		for i := 0; i < len(content); {
			c := content[i]
			switch {
			case isSpace(c):
				i++
				continue
			case c == '(':
				i = stringEnd(content, i)
				operands = append(operands, "(…)")
				continue
			case bytes.HasPrefix(content[i:], []byte("<<")):
				// A property list, as marked content's BDC takes: its
				// dictionaries do not nest in what fpdf writes.
				j := bytes.Index(content[i:], []byte(">>"))
				if j < 0 {
					return
				}
				i += j + 2
				operands = append(operands, "<<…>>")
				continue
			case c == '<' || c == '[':
				end, operand := byte('>'), "<…>"
				if c == '[' {
					end, operand = ']', "[…]"
				}
				j := bytes.IndexByte(content[i:], end)
				if j < 0 {
					return
				}
				i += j + 1
				operands = append(operands, operand)
				continue
			}
			j := i
			for j < len(content) && !isSpace(content[j]) && strings.IndexByte("([<", content[j]) < 0 {
				j++
			}
			token := string(content[i:j])
			i = j
			if !isOperator(token) {
				operands = append(operands, token)
				continue
			}
			if !yield(Operation{token, operands}) {
				return
			}
			operands = operands[:0]
		}
	}
}

// stringEnd returns the index after the string that starts at content[i],
// "(", whose parentheses nest and whose backslash escapes the next byte.
func stringEnd(content []byte, i int) int {
	depth := 0
	for ; i < len(content); i++ {
		switch content[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return i
}

// isOperator says whether a token is an operator rather than an operand:
// operators are words (and ' and "), operands numbers and names.
func isOperator(token string) bool {
	first := token[0]
	return 'a' <= first && first <= 'z' || 'A' <= first && first <= 'Z' || first == '\'' || first == '"'
}

// isSpace says whether c is white space between tokens.
func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }
