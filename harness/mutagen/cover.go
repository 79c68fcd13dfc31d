package mutagen

import (
	"fmt"
	"go/format"
	"runtime"
	"sync"

	"idemlab/harness/mutation"
)

// Cover returns, for each hand-written mutant of the reference src (a
// lab's catalogue), the ID of the generated mutant that makes the same
// source after gofmt, or "" when none does: a catalogue's HandWritten
// field says why of those. A hand mutant that does not apply to src is an
// error.
func Cover(src []byte, hand []mutation.Mutant, gen []Mutant) (map[string]string, error) {
	// Every generated mutant's source, gofmt'd, on every CPU: gofmt of
	// the whole file for each is most of the time idemlab mutate takes
	// before it builds, or, with the verdict cache, at all.
	outs := make([][]byte, len(gen))
	errs := make([]error, len(gen))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(gen)) {
		wg.Go(func() {
			for i := range next {
				out, err := gen[i].Apply(src)
				if err == nil {
					if f, ferr := format.Source(out); ferr == nil {
						out = f
					}
				}
				outs[i], errs[i] = out, err
			}
		})
	}
	for i := range gen {
		next <- i
	}
	close(next)
	wg.Wait()
	applied := map[string]string{} // gofmt'd mutated source -> generated id
	for i, g := range gen {
		if errs[i] != nil {
			return nil, errs[i]
		}
		if _, dup := applied[string(outs[i])]; !dup {
			applied[string(outs[i])] = g.ID
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
