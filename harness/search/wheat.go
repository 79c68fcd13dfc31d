package search

import (
	"os"
	"time"

	"idemlab/harness/lab"
)

// differ reports whether other's outcome of the line just run differs
// from the reference's in what the contract fixes, and, for a subcommand
// whose output says what its results are (lab.Subcommand.Results), the
// checks that tell them apart.
//
// What the contract fixes is judged as Examplar judges a test, by the
// lab's wheats (its other correct implementations): a line on which a
// wheat does not agree with the reference is no difference, since a
// correct store may do otherwise there; of an interleaving's results, a
// result of the reference's counts only if every wheat printed it too,
// and one only the other printed only if no wheat did. So an error's
// wording, or what a read saw in the middle of another client's
// operation, is never what a found script asserts.
func (s *searcher) differ(p *program, args []string, ref, other Outcome) (bool, []string) {
	results := s.results(args)
	if results == nil || ref.Failed() || other.Failed() {
		if ref.same(other) {
			return false, nil
		}
		for _, w := range s.wheatOutcomes(p) {
			if !w.same(ref) {
				return false, nil
			}
		}
		return true, nil
	}
	lacks := missing(results(ref.Stdout), other.Stdout)
	extra := missing(results(other.Stdout), ref.Stdout)
	if len(lacks)+len(extra) == 0 {
		return false, nil
	}
	var checks []string
	wheats := s.wheatOutcomes(p)
	for _, pat := range lacks {
		if everyPrints(wheats, pat) {
			checks = append(checks, "stdout "+quote(pat))
		}
	}
	for _, pat := range extra {
		// A result the other lacks already fails it: the script checks
		// what it printed instead only when there is none.
		if len(checks) == 0 && nonePrints(wheats, pat) {
			checks = append(checks, "! stdout "+quote(pat))
		}
	}
	return len(checks) > 0, checks
}

// everyPrints reports whether every outcome succeeded with a line that
// matches pattern; nonePrints whether none printed one.
func everyPrints(os []Outcome, pattern string) bool {
	for _, o := range os {
		if o.Failed() || len(missing([]string{pattern}, o.Stdout)) > 0 {
			return false
		}
	}
	return true
}

func nonePrints(os []Outcome, pattern string) bool {
	for _, o := range os {
		if !o.Failed() && len(missing([]string{pattern}, o.Stdout)) == 0 {
			return false
		}
	}
	return true
}

// wheatOutcomes returns what each of the lab's wheats did on the line of
// p just run: p's lines so far, run in a fresh folder. They are kept, as
// the reference's are, by the digest of the lines: every search of a seed
// runs the same programs, and a line is asked about only where the other
// implementation differed from the reference.
func (s *searcher) wheatOutcomes(p *program) []Outcome {
	var out []Outcome
	for _, w := range s.lab.Wheats {
		key := knownKey{lab: s.lab.Name, impl: w.Name, prefix: p.prefix}
		o, ok := known.get(key)
		if !ok {
			o = s.runFresh(w, p.lines)
			known.put(key, o)
		}
		out = append(out, o)
	}
	return out
}

// runFresh runs lines on impl in a folder of their own and returns what
// the last did, or that it hung.
func (s *searcher) runFresh(impl lab.Impl, lines [][]string) Outcome {
	dir, err := os.MkdirTemp(s.opt.WorkRoot, "idemlab-search-")
	if err != nil {
		return Outcome{Err: err.Error()}
	}
	select {
	case o := <-s.start(dir, impl, lines):
		os.RemoveAll(dir)
		return o
	case <-time.After(s.opt.CallTimeout + s.opt.HangTimeout):
		return Outcome{Hung: true} // the folder stays: a line may still write in it
	}
}
