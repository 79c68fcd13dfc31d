package mutagen

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"idemlab/harness/lab"
	"idemlab/harness/search"
)

// A SearchJob is one differential search the mutants' program runs: the
// mutant, and the seed and budget in programs of its search.
type SearchJob struct {
	ID       string
	Seed     uint64
	Programs int
}

// Search runs the differential search (idemlab/harness/search) of each
// job's mutant against the lab's reference, in the program, one process
// per CPU, each with at most perSearch of time (0: no bound but the
// programs), and returns the results in the jobs' order.
//
// With the verdict cache, a search it kept (the same mutant code, seed and
// budget, run to its end) is taken from it, and the others are kept.
func (p *Program) Search(jobs []SearchJob, perSearch time.Duration) ([]search.Result, error) {
	if len(jobs) == 0 {
		return nil, nil
	}
	have, left := p.cachedSearches(jobs)
	if len(left) == 0 {
		out := make([]search.Result, len(jobs))
		for i := range jobs {
			out[i] = have[i]
		}
		return out, nil
	}
	run := make([]SearchJob, len(left))
	for k, i := range left {
		run[k] = jobs[i]
	}
	ran, err := p.search(run, perSearch)
	if err != nil {
		return nil, err
	}
	for k, i := range left {
		have[i] = ran[k]
		p.keepSearch(jobs[i], ran[k])
	}
	out := make([]search.Result, len(jobs))
	for i := range jobs {
		out[i] = have[i]
	}
	return out, nil
}

// search runs the jobs in the program, one process per CPU.
func (p *Program) search(jobs []SearchJob, perSearch time.Duration) ([]search.Result, error) {
	n := min(runtime.GOMAXPROCS(0), len(jobs))
	parts := make([][]SearchJob, n)
	for i, j := range jobs {
		parts[i%n] = append(parts[i%n], j)
	}
	results := make([][]search.Result, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for k, part := range parts {
		wg.Go(func() { results[k], errs[k] = p.searchPart(part, perSearch) })
	}
	wg.Wait()
	byID := map[string]search.Result{}
	for k := range parts {
		if errs[k] != nil {
			return nil, errs[k]
		}
		for _, r := range results[k] {
			byID[r.Other] = r
		}
	}
	out := make([]search.Result, len(jobs))
	for i, j := range jobs {
		r, ok := byID[j.ID]
		if !ok {
			return nil, fmt.Errorf("the mutants' program did not search %s", j.ID)
		}
		out[i] = r
	}
	return out, nil
}

// searchPart runs one process of the program's search mode.
func (p *Program) searchPart(jobs []SearchJob, perSearch time.Duration) ([]search.Result, error) {
	var ids, seeds, programs []string
	for _, j := range jobs {
		ids = append(ids, j.ID)
		seeds = append(seeds, strconv.FormatUint(j.Seed, 10))
		programs = append(programs, strconv.Itoa(j.Programs))
	}
	args := []string{"-search", strings.Join(ids, ","), "-seeds", strings.Join(seeds, ","),
		"-programs", strings.Join(programs, ","), "-search-time", perSearch.String()}
	if p.SearchProfile != "" {
		args = append(args, "-cpuprofile", p.SearchProfile+strconv.FormatInt(p.profiles.Add(1), 10))
	}
	cmd := exec.Command(p.Bin, args...)
	cmd.Dir = p.root
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("searching the mutants: %v\n%s", err, stderr.Bytes())
	}
	var res []search.Result
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		return nil, fmt.Errorf("reading the mutants' searches: %v", err)
	}
	return res, nil
}

// searchFlags are the program's flags for its search mode.
type searchFlags struct {
	names, seeds, programs string
	time                   time.Duration
}

func (f *searchFlags) define(fs *flag.FlagSet) {
	fs.StringVar(&f.names, "search", "", "search these mutants (comma-separated) against the reference")
	fs.StringVar(&f.seeds, "seeds", "1", "each search's seed, comma-separated (one for all)")
	fs.StringVar(&f.programs, "programs", strconv.Itoa(search.DefaultPrograms), "each search's budget in programs, comma-separated (one for all)")
	fs.DurationVar(&f.time, "search-time", 0, "each search's budget in time (0: none)")
}

// serveSearch runs the program's search mode.
func serveSearch(l *lab.Lab, mutants []lab.Impl, f searchFlags, stdout, stderr io.Writer) int {
	names := strings.Split(f.names, ",")
	seeds, err := each(f.seeds, len(names), func(s string) (uint64, error) { return strconv.ParseUint(s, 10, 64) })
	if err != nil {
		fmt.Fprintln(stderr, "mutrun: -seeds:", err)
		return 2
	}
	programs, err := each(f.programs, len(names), strconv.Atoi)
	if err != nil {
		fmt.Fprintln(stderr, "mutrun: -programs:", err)
		return 2
	}
	results := []search.Result{}
	for i, name := range names {
		k := slices.IndexFunc(mutants, func(m lab.Impl) bool { return m.Name == name })
		if k < 0 || name == controlName {
			fmt.Fprintf(stderr, "mutrun: no mutant %q\n", name)
			return 2
		}
		res, err := search.Run(l, l.Reference, mutants[k], search.Options{Seed: seeds[i], Programs: programs[i], Time: f.time})
		if err != nil {
			fmt.Fprintln(stderr, "mutrun:", err)
			return 1
		}
		results = append(results, *res)
	}
	if err := json.NewEncoder(stdout).Encode(results); err != nil {
		fmt.Fprintln(stderr, "mutrun:", err)
		return 1
	}
	return 0
}

// each parses a comma-separated list of n values, or one value for all n.
func each[T any](list string, n int, parse func(string) (T, error)) ([]T, error) {
	words := strings.Split(list, ",")
	if len(words) != 1 && len(words) != n {
		return nil, fmt.Errorf("%d values for %d mutants", len(words), n)
	}
	out := make([]T, n)
	for i := range out {
		v, err := parse(words[min(i, len(words)-1)])
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}
