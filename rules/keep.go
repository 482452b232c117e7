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
	if keep == 0 {
		return constantDist(0)
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
	var rest nat
	for i := range faces {
		later := powers(uint64(m-i-1), n) // ways for dice left to show later faces
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
				rest = rest.plusProduct(rows[k][c], later[n-k-c])
			}
			for j, count := range states[k] {
				if count.isZero() {
					continue
				}
				for c := 0; k+c < keep; c++ {
					cell := &next[k+c][j+c*shift]
					*cell = cell.plusProduct(count, rows[k][c])
				}
				cell := &result[j+(keep-k)*shift]
				*cell = cell.plusProduct(count, rest)
			}
		}
		states, next = next, states
	}
	return denseDist(int64(keep)*lowest, result)
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
