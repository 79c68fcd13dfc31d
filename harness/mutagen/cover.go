package mutagen

import (
	"fmt"
	"go/format"

	"idemlab/harness/mutation"
)

// Cover returns, for each hand-written mutant of the reference src (a
// lab's catalogue), the ID of the generated mutant that makes the same
// source after gofmt, or "" when none does: a catalogue's HandWritten
// field says why of those. A hand mutant that does not apply to src is an
// error.
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
