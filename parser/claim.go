package parser

import (
	"cmp"
	"slices"
	"strings"
	"sync"
)

// Claim is \claim{QUANTITY}{NUMBER} in prose: a number written in a
// sentence and bound to what the engine computes, so that "the dice average
// \claim{mean 2d12}{13}" is checked as a table cell is. The reader sees the
// number alone: in the tree the claim is a Text of the number, so no writer
// need know that claims exist, and the document lists the claims for the
// checker. The parser keeps the two texts; what the quantity means is the
// checker's to say, since the parser knows nothing of the rules.
type Claim struct {
	// Pos is where "\claim" is written.
	Pos
	// Quantity is the first argument, trimmed: "mean 2d12",
	// "P(2d12 >= 20)", "P(2d12 = 24) in 100".
	Quantity string `json:"quantity"`
	// QuantityPos is where the quantity starts, so that the checker can
	// point at the column of the engine's complaint.
	QuantityPos Pos `json:"quantityPos"`
	// Printed is the number as the reader sees it: "13", "50%".
	Printed string `json:"printed"`

	// quantityAt is the quantity's offset in the text it was found in,
	// until it is positioned.
	quantityAt int
	// problem says what is wrong with a claim written wrongly, "" for one
	// written well; such a claim stays text and is not listed.
	problem string
}

const claimCommand = `\claim`

// The arguments' lengths are bounded so that the scan for a closing brace
// looks a bounded distance ahead: a quantity is a dice expression or named
// roll inside a few words, and a number is a few characters.
const (
	maxClaimQuantity = 300
	maxClaimPrinted  = 40
)

// matchClaim reads \claim{QUANTITY}{NUMBER} at s[i], which is '\'. The
// claim's node is the Text of its number. A \claim not followed by two
// arguments in braces is kept as text and reported (see claimSink).
func matchClaim(s string, i int, found []span) []span {
	end := i + len(claimCommand)
	if !strings.HasPrefix(s[i:], claimCommand) || !isWordEnd(s, end) {
		return found
	}
	quantity, quantityAt, afterQuantity := bracedAt(s, end, maxClaimQuantity)
	printed, _, afterPrinted := bracedAt(s, afterQuantity, maxClaimPrinted)
	if quantity == "" || printed == "" {
		return append(found, span{start: i, end: end, node: &Text{Text: claimCommand}, claim: &Claim{
			problem: `expected \claim{QUANTITY}{NUMBER}, both in braces and neither empty, as in \claim{mean 2d12}{13}`,
		}})
	}
	return append(found, span{start: i, end: afterPrinted, node: &Text{Text: printed}, claim: &Claim{
		Quantity: quantity, Printed: printed, quantityAt: quantityAt,
	}})
}

// bracedAt reads "{TEXT}" at s[i], TEXT holding no brace and at most limit
// bytes, and returns TEXT trimmed, where it starts and the offset after the
// closing brace; text is "" when there is no such argument.
func bracedAt(s string, i, limit int) (text string, start, end int) {
	if byteAt(s, i) != '{' {
		return "", i, i
	}
	stop := min(len(s), i+1+limit+1)
	closing := strings.IndexAny(s[i+1:stop], "{}")
	if closing < 0 || s[i+1+closing] != '}' {
		return "", i, i
	}
	raw := s[i+1 : i+1+closing]
	text = strings.TrimSpace(raw)
	start = i + 1 + len(raw) - len(strings.TrimLeft(raw, " \t\n"))
	return text, start, i + closing + 2
}

// claimSink gathers the claims the prose workers find, in whatever order
// they get to them; addTo puts them in the document in source order. The
// workers make no diagnostics, so a claim written wrongly is kept here
// until then too.
type claimSink struct {
	mu     sync.Mutex
	claims []*Claim
}

func (s *claimSink) add(c *Claim) {
	s.mu.Lock()
	s.claims = append(s.claims, c)
	s.mu.Unlock()
}

// addTo lists the well-written claims in doc in source order, and reports
// the others.
func (s *claimSink) addTo(doc *Document, diags *DiagnosticList) {
	rank := make(map[string]int, len(doc.Files))
	for i, f := range doc.Files {
		rank[f] = i
	}
	slices.SortFunc(s.claims, func(a, b *Claim) int {
		return cmp.Or(cmp.Compare(rank[a.File], rank[b.File]), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	for _, c := range s.claims {
		if c.problem != "" {
			diags.Errorf(c.Pos, "claim/malformed", c.problem)
			continue
		}
		doc.Claims = append(doc.Claims, c)
	}
}
