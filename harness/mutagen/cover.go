package mutagen

import (
	"fmt"
	"go/format"

	"idemlab/harness/mutation"
)

// HandWritten names the catalogue's mutants that no operator generates,
// each with the reason. Every other catalogue mutant must be among the
// generated ones (a test checks both ways).
var HandWritten = map[string]string{
	"3_finish_overwrites_done": "it widens an equality into a set, status IN ('pending','done'); no operator rewrites a comparison as IN",
	"7_counts_hides_pending":   "it replaces a Go map value, a variable, with the constant 0; the constant operators change literals, not variables",
}

// Cover returns, for each hand-written mutant of the reference src, the ID
// of the generated mutant that makes the same source after gofmt, or "" when
// none does. A hand mutant that does not apply to src is an error.
func Cover(src []byte, hand []mutation.Mutant, gen []Mutant) (map[string]string, error) {
	applied := map[string]string{} // gofmt'd mutated source -> generated id
	for _, g := range gen {
		out, err := g.Apply(src)
		if err != nil {
			return nil, err
		}
		if f, err := format.Source(out); err == nil {
			out = f
		}
		if _, dup := applied[string(out)]; !dup {
			applied[string(out)] = g.ID
		}
	}
	cover := map[string]string{}
	for _, h := range hand {
		out, err := mutation.Apply(src, h)
		if err != nil {
			return nil, err
		}
		f, err := format.Source(out)
		if err != nil {
			return nil, fmt.Errorf("%s: mutant %q does not parse: %v", h.Pos, h.Name, err)
		}
		cover[h.Name] = applied[string(f)]
	}
	return cover, nil
}
