package idemlab

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/mutagen"
	"idemlab/harness/outcome"
	"idemlab/harness/report"
	"idemlab/harness/search"
)

// searchBudget is the budget of the differential searches idemlab mutate
// runs on survivors.
type searchBudget struct {
	programs int
	seed     uint64
	time     time.Duration
	off      bool
}

// defaultCIPrograms is the budget an equivalent mutant's search is run
// again with when the equivalent-mutant file names none.
const defaultCIPrograms = 50

func (b *searchBudget) define(fs *flag.FlagSet) {
	fs.IntVar(&b.programs, "search-programs", 2000, "search each survivor with `N` programs")
	fs.Uint64Var(&b.seed, "search-seed", 1, "the survivors' searches' `SEED`")
	fs.DurationVar(&b.time, "search-time", 30*time.Second, "bound each search's time to a `DURATION` (shrinking aside)")
	fs.BoolVar(&b.off, "no-search", false, "judge by the observations alone: search no survivor, and no equivalent mutant again")
}

// searches are the differential searches of one run: the equivalent
// mutants' searches, started as soon as the program is built, since which
// mutants the file lists does not depend on the observations, and run
// beside them (the observations leave a core idle while a command sleeps
// or waits for a lock); then the survivors' searches, once the run says
// which mutants survived.
type searches struct {
	p      *mutagen.Program
	g      *generated
	f      mutateFlags
	done   chan struct{}
	eq     []search.Result
	eqErr  error
	listed map[string]bool
	// searched counts the searches asked for, equivalent mutants' and
	// survivors', the verdict cache's answers among them.
	searched int
}

// startSearches starts the search of every equivalent mutant listed among
// the selected ones: again with the file's smaller budget, or with -record
// the budget to record.
func (g *generated) startSearches(p *mutagen.Program, f mutateFlags) *searches {
	s := &searches{p: p, g: g, f: f, done: make(chan struct{}), listed: map[string]bool{}}
	var jobs []mutagen.SearchJob
	if !f.search.off || f.record > 0 {
		for _, m := range g.selected {
			if job, ok := g.equivalentJob(m.ID, f); ok {
				jobs = append(jobs, job)
				s.listed[m.ID] = true
			}
		}
	}
	s.searched = len(jobs)
	go func() {
		defer close(s.done)
		s.eq, s.eqErr = p.Search(jobs, s.limit())
	}()
	return s
}

// limit is each search's budget in time: none for a search to record,
// which spends its whole budget in programs.
func (s *searches) limit() time.Duration {
	if s.f.record > 0 {
		return 0
	}
	return s.f.search.time
}

// equivalentJob is the search of mutant id if the file lists it as
// equivalent.
func (g *generated) equivalentJob(id string, f mutateFlags) (mutagen.SearchJob, bool) {
	q, equivalent := g.eq.Lookup(id)
	if !equivalent {
		return mutagen.SearchJob{}, false
	}
	ciPrograms := defaultCIPrograms
	if g.eq.CIPrograms > 0 {
		ciPrograms = g.eq.CIPrograms
	}
	switch {
	case f.record > 0:
		return mutagen.SearchJob{ID: id, Seed: 1, Programs: f.record}, true
	case q.Search != nil:
		return mutagen.SearchJob{ID: id, Seed: q.Search.Seed, Programs: min(ciPrograms, q.Search.Programs)}, true
	}
	return mutagen.SearchJob{ID: id, Seed: 1, Programs: ciPrograms}, true
}

// finish searches every survivor the file does not list, with the flags'
// budget, waits for the equivalent mutants' searches, and returns the
// results of the mutants that survived the observations, by mutant id (an
// equivalent mutant the observations killed is reported as such, and its
// search is dropped).
func (s *searches) finish(m *killmatrix.Matrix) (map[string]*search.Result, error) {
	var jobs []mutagen.SearchJob
	survived := map[string]bool{}
	for _, row := range m.Mutants {
		if row.Outcome != outcome.Survived {
			continue
		}
		survived[row.Name] = true
		if !s.listed[row.Name] && !s.f.search.off {
			jobs = append(jobs, mutagen.SearchJob{ID: row.Name, Seed: s.f.search.seed, Programs: s.f.search.programs})
		}
	}
	s.searched += len(jobs)
	results, err := s.p.Search(jobs, s.limit())
	<-s.done
	if err != nil {
		return nil, err
	}
	if s.eqErr != nil {
		return nil, s.eqErr
	}
	if s.f.search.off && s.f.record == 0 {
		return nil, nil
	}
	out := map[string]*search.Result{}
	for _, rs := range [][]search.Result{s.eq, results} {
		for i := range rs {
			if survived[rs[i].Other] {
				out[rs[i].Other] = &rs[i]
			}
		}
	}
	return out, nil
}

// recordSearches writes, for each equivalent mutant whose search found no
// difference within its whole budget, that search into the
// equivalent-mutant file; the others are reported and left as they were.
func (g *generated) recordSearches(searches map[string]*search.Result, stderr io.Writer) error {
	recorded := 0
	for i, q := range g.eq.Equivalent {
		res := searches[q.ID]
		switch {
		case res == nil:
			continue
		case res.Found():
			fmt.Fprintf(stderr, "idemlab mutate: %s: %s is no equivalent: %s\n", q.Pos, q.ID, res.Script.What())
			continue
		case res.OutOfTime || res.Programs < res.Budget:
			continue
		}
		g.eq.Equivalent[i].Search = &mutagen.SearchRecord{Seed: res.Seed, Programs: res.Programs, Generator: search.Generator(g.lab)}
		recorded++
		fmt.Fprintf(stderr, "idemlab mutate: %s: %d programs, no difference (%v)\n", q.ID, res.Programs, res.Elapsed.Round(time.Millisecond))
	}
	file := filepath.Join(g.root, filepath.FromSlash(g.lab.Layout.Equivalents))
	if err := os.WriteFile(file, g.eq.Format(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "idemlab mutate: recorded %d searches in %s\n", recorded, g.lab.Layout.Equivalents)
	return nil
}

// unrecorded adds a problem to r for each equivalent mutant judged whose
// entry records no search, or a search whose programs another generator
// drew (an older search, or another lab's commands): an equivalence is
// claimed only with a search of today's programs behind it (idemlab
// mutate -record N records one).
func (g *generated) unrecorded(r *report.Report) {
	gen := search.Generator(g.lab)
	for _, mu := range r.Mutants {
		if mu.Outcome != outcome.Equivalent {
			continue
		}
		q, _ := g.eq.Lookup(mu.Name)
		again := fmt.Sprintf("idemlab mutate -lab %s -record 10000 -run '%s'", g.lab.Name, regexp.QuoteMeta(mu.Name))
		switch {
		case q.Search == nil:
			r.Problems = append(r.Problems, fmt.Sprintf("%s: mutant %s is listed as equivalent with no recorded search behind it: run %s", q.Pos, mu.Name, again))
		case q.Search.Generator != gen:
			was := q.Search.Generator
			if was == "" {
				was = "an unnamed generator"
			}
			r.Problems = append(r.Problems, fmt.Sprintf("%s: mutant %s: its recorded search ran programs drawn by %s, and the search draws with %s now: search it again: run %s", q.Pos, mu.Name, was, gen, again))
		}
	}
}
