package prose

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/galleyhq/galley/parser/ast"
)

const ClaimCommand = `\claim`

// foundClaim is a claim as the prose workers find it, before it is
// positioned and listed.
type foundClaim struct {
	*ast.Claim
	// quantityAt is the quantity's offset in the text it was found in,
	// until it is positioned.
	quantityAt int
	// problem says what is wrong with a claim written wrongly, "" for one
	// written well; such a claim stays text and is not listed.
	problem string
}

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
	end := i + len(ClaimCommand)
	if !strings.HasPrefix(s[i:], ClaimCommand) || !isWordEnd(s, end) {
		return found
	}
	quantity, quantityAt, afterQuantity := bracedAt(s, end, maxClaimQuantity)
	printed, _, afterPrinted := bracedAt(s, afterQuantity, maxClaimPrinted)
	if quantity == "" || printed == "" {
		return append(found, span{start: i, end: end, node: &ast.Text{Text: ClaimCommand}, claim: &foundClaim{
			Claim:   &ast.Claim{},
			problem: `expected \claim{QUANTITY}{NUMBER}, both in braces and neither empty, as in \claim{mean 2d12}{13}`,
		}})
	}
	return append(found, span{start: i, end: afterPrinted, node: &ast.Text{Text: printed}, claim: &foundClaim{
		Claim: &ast.Claim{Quantity: quantity, Printed: printed}, quantityAt: quantityAt,
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
	claims []*foundClaim
}

func (s *claimSink) add(c *foundClaim) {
	s.mu.Lock()
	s.claims = append(s.claims, c)
	s.mu.Unlock()
}

// addTo lists the well-written claims in doc in source order, and reports
// the others.
func (s *claimSink) addTo(doc *ast.Document, diags *ast.DiagnosticList) {
	rank := make(map[string]int, len(doc.Files))
	for i, f := range doc.Files {
		rank[f] = i
	}
	slices.SortFunc(s.claims, func(a, b *foundClaim) int {
		return cmp.Or(cmp.Compare(rank[a.File], rank[b.File]), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	for _, c := range s.claims {
		if c.problem != "" {
			diags.Errorf(c.Pos, "claim/malformed", c.problem)
			continue
		}
		doc.Claims = append(doc.Claims, c.Claim)
	}
}
