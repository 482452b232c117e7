package rules

// keepDist returns the exact distribution of the total score of the kept dice
// when n dice with the given faces are rolled and keep of them are kept. The
// faces are listed from the first kept to the last: high to low to keep the
// highest dice, low to high to keep the lowest. score gives what a kept die
// adds: its face for a sum, 1 or 0 for a success count, the face with the
// 2d12 specials for that system.
//
// It never enumerates the m^n rolls (10^16 for 16d10kh8). It walks the faces
// in keeping order, tracking how many dice have been given a face so far and
// the score of those kept; putting c of the remaining dice on a face can
// happen in C(remaining, c) ways. Once keep dice are placed the rest must show
// later faces, in (faces left)^(dice left) ways, so no state ever holds more
// than keep dice.
func keepDist(n, keep int, faces []int64, score func(int64) int64) *Dist {
	weights := make([]nat, len(faces))
	for i := range weights {
		weights[i] = natOf(1)
	}
	return keepWeighted(n, keep, faces, weights, nil, false, score)
}

// keepWeighted is keepDist for dice whose faces are not equally likely: a
// die shows faces[i] in weights[i] ways. It is how exploding and rerolled
// dice are kept. past is the weight of a die that explodes more often than
// it was followed, whose value is beyond every face: first in keeping order
// when pastFirst (the highest are kept), else last. Rolls that keep such a
// die are in no outcome: they lie beyond the distribution (Dist.Beyond).
func keepWeighted(n, keep int, faces []int64, weights []nat, past nat, pastFirst bool, score func(int64) int64) *Dist {
	var all nat
	for _, w := range weights {
		all = all.plus(w)
	}
	all = all.plus(past)
	total := natOf(1)
	for range n {
		total = total.times(all)
	}
	if keep == 0 {
		return &Dist{values: []int64{0}, counts: []nat{total.clone()}, total: total}
	}
	m := len(faces)
	scores := make([]int64, m)
	for i, face := range faces {
		scores[i] = score(face)
	}
	lowest, highest := scores[0], scores[0]
	for _, s := range scores {
		lowest, highest = min(lowest, s), max(highest, s)
	}
	width := int(highest - lowest)

	// states[k][j] counts the ways to have placed k < keep dice, all kept,
	// with score k·lowest + j; next is the same after one more face.
	states, next := make([][]nat, keep), make([][]nat, keep)
	rows := make([][]nat, keep) // rows[k] is C(n−k, ·)
	for k := range keep {
		states[k] = make([]nat, k*width+1)
		next[k] = make([]nat, k*width+1)
		rows[k] = binomialRow(n - k)
	}
	states[0][0] = natOf(1)
	result := make([]nat, keep*width+1) // score keep·lowest + j
	// laterWeight is the weight of the faces after the current one; a die
	// past the depth that comes first never is.
	laterWeight := all.clone()
	if pastFirst {
		laterWeight = laterWeight.minus(past)
	}
	placed := make([][]nat, keep) // placed[k][c]: ways to put c of the n−k dice left on this face
	var rest nat
	for i := range faces {
		laterWeight = laterWeight.minus(weights[i])
		later := powersOf(laterWeight, n) // ways for dice left to show later faces
		own := powersOf(weights[i], n)    // ways for c dice to show this face
		for k := range keep {
			placed[k] = rows[k]
			if weights[i].cmp(natOf(1)) != 0 {
				placed[k] = make([]nat, len(rows[k]))
				for c := range rows[k] {
					placed[k][c] = rows[k][c].times(own[c])
				}
			}
		}
		shift := int(scores[i] - lowest)
		for k := range next {
			for j := range next[k] {
				next[k][j] = next[k][j][:0]
			}
		}
		for k := range keep {
			// Every way of putting at least keep−k of the n−k dice left on
			// this face completes the kept set; the others show later faces.
			rest = rest[:0]
			for c := keep - k; c <= n-k; c++ {
				rest = rest.plusProduct(placed[k][c], later[n-k-c])
			}
			for j, count := range states[k] {
				if count.isZero() {
					continue
				}
				for c := 0; k+c < keep; c++ {
					cell := &next[k+c][j+c*shift]
					*cell = cell.plusProduct(count, placed[k][c])
				}
				cell := &result[j+(keep-k)*shift]
				*cell = cell.plusProduct(count, rest)
			}
		}
		states, next = next, states
	}
	d := denseDist(int64(keep)*lowest, result)
	d.total = total
	return d
}

// powersOf returns base^0 … base^n.
func powersOf(base nat, n int) []nat {
	p := make([]nat, n+1)
	p[0] = natOf(1)
	for i := 1; i <= n; i++ {
		p[i] = p[i-1].times(base)
	}
	return p
}

// keepCost estimates the work of keepDist: for each face, each number k of
// placed dice and each score so far (up to k·width+1 of them), one step per
// number of dice put on the face (up to keep−k), on counts of up to
// n·log2(faces) bits. Summed over k that is about faces·keep³·width/6 steps;
// a step measures at about 0.4 units of work, most of the scores being
// unreachable early on. Each face also costs n powers and keep sums of up to
// n products to complete the kept set.
func keepCost(n, keep, faces, width int) float64 {
	steps := float64(faces) * float64(keep) * float64(keep) * float64(keep*width+1) / 6
	setup := float64(faces) * float64(n) * float64(keep+1)
	return (0.4*steps + setup) * wordCost(n*bitLen(faces))
}
