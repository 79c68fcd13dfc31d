package grade

import (
	"fmt"
	"strconv"
	"strings"
)

// A Shard is the K-th of N parts of a class, K counted from 1: the
// entries whose place in the sorted class, counted from 0, is K-1 modulo
// N. Every machine that lists the same class folder picks the same
// entries, so N jobs of a CI matrix grade the class between them, each
// entry once.
type Shard struct {
	K int `json:"k"`
	N int `json:"n"`
}

// ParseShard reads "k/n", 1 <= k <= n.
func ParseShard(s string) (Shard, error) {
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return Shard{}, fmt.Errorf("shard %q: want K/N with 1 <= K <= N, as in 2/4", s)
	}
	return Shard{K: k, N: n}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// Select returns the entries of the shard.
func (s Shard) Select(entries []Entry) []Entry {
	var out []Entry
	for i, e := range entries {
		if i%s.N == s.K-1 {
			out = append(out, e)
		}
	}
	return out
}
