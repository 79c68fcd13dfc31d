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
	fs.IntVar(&b.programs, "search-programs", 2000, "search each survivor with this many `programs`")
	fs.Uint64Var(&b.seed, "search-seed", 1, "the survivors' searches' `seed`")
	fs.DurationVar(&b.time, "search-time", 30*time.Second, "bound each search's `time` (shrinking aside)")
	fs.BoolVar(&b.off, "no-search", false, "judge by the observations alone: search no survivor, and no equivalent mutant again")
}

// search runs the differential search of every survivor, with the
// flags' budget, and the recorded search of every equivalent mutant
// again, with the file's smaller budget (or, with -record, the budget to
// record), by mutant id.
func (g *generated) search(p *mutagen.Program, m *killmatrix.Matrix, f mutateFlags) (map[string]*search.Result, error) {
	if f.search.off && f.record == 0 {
		return nil, nil
	}
	var jobs []mutagen.SearchJob
	ciPrograms := defaultCIPrograms
	if g.eq != nil && g.eq.CIPrograms > 0 {
		ciPrograms = g.eq.CIPrograms
	}
	for _, row := range m.Mutants {
		if row.Outcome != outcome.Survived {
			continue
		}
		q, equivalent := g.eq.Lookup(row.Name)
		switch {
		case equivalent && f.record > 0:
			jobs = append(jobs, mutagen.SearchJob{ID: row.Name, Seed: 1, Programs: f.record})
		case equivalent && q.Search != nil:
			jobs = append(jobs, mutagen.SearchJob{ID: row.Name, Seed: q.Search.Seed, Programs: min(ciPrograms, q.Search.Programs)})
		case equivalent:
			jobs = append(jobs, mutagen.SearchJob{ID: row.Name, Seed: 1, Programs: ciPrograms})
		default:
			jobs = append(jobs, mutagen.SearchJob{ID: row.Name, Seed: f.search.seed, Programs: f.search.programs})
		}
	}
	limit := f.search.time
	if f.record > 0 {
		limit = 0 // a recorded search spends its whole budget
	}
	results, err := p.Search(jobs, limit)
	if err != nil {
		return nil, err
	}
	out := map[string]*search.Result{}
	for i := range results {
		out[results[i].Other] = &results[i]
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
		g.eq.Equivalent[i].Search = &mutagen.SearchRecord{Seed: res.Seed, Programs: res.Programs}
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
// entry records no search: an equivalence is claimed only with a search
// behind it (idemlab mutate -record N records one).
func (g *generated) unrecorded(r *report.Report) {
	for _, mu := range r.Mutants {
		if mu.Outcome != outcome.Equivalent {
			continue
		}
		if q, _ := g.eq.Lookup(mu.Name); q.Search == nil {
			r.Problems = append(r.Problems, fmt.Sprintf("%s: mutant %s is listed as equivalent with no recorded search behind it: run idemlab mutate -lab %s -record 10000 -run '%s'", q.Pos, mu.Name, g.lab.Name, regexp.QuoteMeta(mu.Name)))
		}
	}
}
