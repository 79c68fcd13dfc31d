package suggest

// Nearest returns the known name nearest to s, when it is near enough to
// be what was meant ("did you mean"), or "": at most two edits away, or
// a third of s's length for a longer one, and not s itself.
func Nearest(s string, known []string) string {
	best, dist := "", 0
	for _, k := range known {
		d := Distance(s, k)
		if best == "" || d < dist {
			best, dist = k, d
		}
	}
	if best == "" || dist > max(2, len([]rune(s))/3) || dist == 0 {
		return ""
	}
	return best
}

// Distance is the Levenshtein distance between a and b, in runes: the
// fewest insertions, deletions and substitutions that make one the other.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}
