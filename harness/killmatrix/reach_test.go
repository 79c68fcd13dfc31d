package killmatrix_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
	"idemlab/mutants"
	"idemlab/reference/idem"
)

// happy loads the lab's happy-path observations.
func happy(t *testing.T) []killmatrix.Observation {
	t.Helper()
	obs, err := killmatrix.Discover(filepath.Join("..", "..", "testdata"), killmatrix.KindHappy)
	if err != nil {
		t.Fatal(err)
	}
	return obs
}

// TestReferenceCallsAreRecorded: each observation's row names the
// reference's functions the script called, in either of its two runs.
func TestReferenceCallsAreRecorded(t *testing.T) {
	m := build(ref(), nil, happy(t), killmatrix.Options{})
	got := map[string][]string{}
	for _, o := range m.Observations {
		got[o.Name] = o.Reference.Calls
	}
	want := map[string][]string{
		"happy/finish_then_fetch_replays":  {"Fetch", "Finish", "InitDB", "Reserve"},
		"happy/init_creates_empty_store":   {"Counts", "InitDB"},
		"happy/drain_deletes_expired_done": {"Drain", "Finish", "InitDB", "Reserve"},
	}
	for name, calls := range want {
		if diff := cmp.Diff(calls, got[name]); diff != "" {
			t.Errorf("%s: calls (-want +got):\n%s", name, diff)
		}
	}
}

// TestUnreachedCellsTakeTheReferenceResult: a mutant's Entries decide
// which observations run on it. One that calls none of them takes the
// reference's result, marked NotReached; RunUnreached runs it anyway.
// The mutant here breaks Counts, but one of them claims only Fetch can
// reach its change: the analysis is trusted, so the observations that
// would kill it through Counts are not run, and only RunUnreached shows
// the claim was false.
func TestUnreachedCellsTakeTheReferenceResult(t *testing.T) {
	broken := func(e *idem.API) {
		e.Counts = func(string) (map[string]int, error) { return map[string]int{"done": 9, "pending": 9}, nil }
	}
	honest, lying, unknown := fake("honest", broken), fake("lying", broken), fake("unknown", broken)
	honest.Entries, lying.Entries = []string{"Counts"}, []string{"Fetch"}
	obs := happy(t)
	for _, tc := range []struct {
		name string
		opt  killmatrix.Options
		want map[string]string // mutant -> outcome
	}{
		{"trusted", killmatrix.Options{}, map[string]string{"honest": "killed", "lying": "survived", "unknown": "killed"}},
		{"run unreached", killmatrix.Options{RunUnreached: true}, map[string]string{"honest": "killed", "lying": "killed", "unknown": "killed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			muts := []lab.Impl{honest, lying, unknown}
			m := build(ref(), muts, obs, tc.opt)
			got := map[string]string{}
			for mi, row := range m.Mutants {
				got[row.Name] = string(row.Outcome)
				entries := muts[mi].Entries
				for _, o := range m.Observations {
					cell := row.Cells[o.Name]
					wantSkip := !tc.opt.RunUnreached && entries != nil && !slices.ContainsFunc(entries, func(e string) bool { return slices.Contains(o.Reference.Calls, e) })
					if cell.NotReached != wantSkip {
						t.Errorf("%s on %s (calls %v): not reached %v, want %v", o.Name, row.Name, o.Reference.Calls, cell.NotReached, wantSkip)
					}
					if cell.NotReached && (cell.Status != outcome.Pass || cell.Steps != nil) {
						t.Errorf("%s on %s: a cell not reached is %s with %d steps, want the reference's pass and nothing run", o.Name, row.Name, cell.Status, len(cell.Steps))
					}
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("outcomes (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCoverageAnalysisIsSound: on the lab's own mutants, whose Entries
// the registry's generator computed, taking the reference's result where
// an observation cannot reach a change gives the matrix that running
// every cell gives: the same outcomes, killers and cell statuses. (The
// same holds of idemlab mutate -all's 158 generated mutants, 11,218
// cells; see the README.)
func TestCoverageAnalysisIsSound(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole lab twice")
	}
	l := labWith(ref())
	obs, err := killmatrix.Discover(filepath.Join("..", "..", "testdata"), mutants.Lab().Layout.Kinds...)
	if err != nil {
		t.Fatal(err)
	}
	for _, mu := range l.Mutants {
		if mu.Entries == nil {
			t.Errorf("mutant %s: no Entries in the generated registry", mu.Name)
		}
	}
	verdicts := func(m *killmatrix.Matrix) map[string]map[string]outcome.Observation {
		out := map[string]map[string]outcome.Observation{}
		for _, row := range m.Mutants {
			cells := map[string]outcome.Observation{"": outcome.Observation(row.Outcome)}
			for name, c := range row.Cells {
				cells[name] = c.Status
			}
			out[row.Name] = cells
		}
		return out
	}
	skipped := killmatrix.Build(l, l.Mutants, obs, killmatrix.Options{})
	every := killmatrix.Build(l, l.Mutants, obs, killmatrix.Options{RunUnreached: true})
	if diff := cmp.Diff(verdicts(every), verdicts(skipped)); diff != "" {
		t.Errorf("outcome (key \"\") and cells, every cell run (-) against cells not reached taken from the reference (+):\n%s", diff)
	}
	n, total := 0, 0
	for _, row := range skipped.Mutants {
		for _, c := range row.Cells {
			total++
			if c.NotReached {
				n++
			}
		}
	}
	t.Logf("%d of %d cells not reached, in %v against %v", n, total, skipped.Elapsed, every.Elapsed)
	if n == 0 {
		t.Error("no cell was taken from the reference: the analysis did nothing")
	}
}
