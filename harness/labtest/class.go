package labtest

import (
	"bytes"
	"context"
	"os"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/classgen"
	"idemlab/harness/grade"
	"idemlab/harness/lab"
	"idemlab/harness/search"
)

// Main is a TestMain for a package that grades: it lets the test binary
// be the grading worker of every lab in reg (GradeShardedAndMerged starts
// it again as "worker -lab NAME JOB", as the grade command starts
// itself), and otherwise runs the tests.
func Main(m *testing.M, reg lab.Registry) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(grade.ServeLab("worker", reg, os.Args[2:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// GradeShardedAndMerged grades a synthetic class of lab l (classgen's
// default mix: right and wrong predictions, observations that kill, that
// expect a mutant's behaviour, that the grader refuses) with workers, as
// a whole and in two shards merged: every submission is graded, and the
// merged class is the whole one, timings aside. The package's TestMain
// must be Main.
func GradeShardedAndMerged(t *testing.T, l *lab.Lab) {
	if testing.Short() {
		t.Skip("starts grading workers")
	}
	obs := observations(t, l)
	class := t.TempDir()
	if err := classgen.Write(class, 6, 1, classgen.DefaultMix, l, obs); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	b := grade.DefaultBudgets
	b.Wall, b.Observation = 5*time.Minute, 30*time.Second // room for a loaded machine
	opt := grade.Options{Lab: l, Observations: obs, Rubric: grade.DefaultRubric, Budgets: b,
		Worker: grade.Worker{Path: self, Args: []string{"worker", "-lab", l.Name}}, WorkRoot: t.TempDir()}
	entries, err := grade.ReadClass(class, nil)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := grade.Grade(context.Background(), entries, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range whole.Rows {
		if !r.Graded || r.Predicted == 0 && r.OwnObservations == 0 {
			t.Errorf("%s: graded %v, %d predictions, %d observations: want every submission of the synthetic class read", r.Student, r.Graded, r.Predicted, r.OwnObservations)
		}
	}
	var parts []*grade.Class
	for _, k := range []int{2, 1} {
		s := grade.Shard{K: k, N: 2}
		opt.Shard = &s
		c, err := grade.Grade(context.Background(), s.Select(entries), opt)
		if err != nil {
			t.Fatal(err)
		}
		var js bytes.Buffer
		if err := c.JSON(&js); err != nil {
			t.Fatal(err)
		}
		back, err := grade.ReadPartial("shard.json", js.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, back)
	}
	merged, err := grade.Merge(parts, l.Catalogue)
	if err != nil {
		t.Fatal(err)
	}
	whole.ElapsedMS, whole.LabElapsedMS, merged.ElapsedMS, merged.LabElapsedMS = 0, 0, 0, 0
	var w, m bytes.Buffer
	if err := whole.JSON(&w); err != nil {
		t.Fatal(err)
	}
	if err := merged.JSON(&m); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(w.String(), m.String()); diff != "" {
		t.Errorf("merged shards differ from the whole class (-whole +merged):\n%s", diff)
	}
}

// Search: the differential search (harness/search) tells each of lab l's
// mutants from the reference, from the argument domains its commands
// declare and nothing else, with a short script (at most 12 commands)
// whose observation passes on the reference and fails on the mutant,
// within 1,000 programs from one of the seeds 1 to 3; and the reference
// searched against itself finds nothing. A boundary the search does not
// draw as such (a time exactly at a sum of two arguments) may take a
// second or third seed.
func Search(t *testing.T, l *lab.Lab) {
	if testing.Short() {
		t.Skip("runs thousands of generated programs")
	}
	// Generous bounds on a call and on shrinking, so that a loaded
	// machine neither calls a slow command a difference nor stops
	// shrinking early.
	opt := search.Options{Programs: 1000, CallTimeout: time.Minute, ShrinkTime: 2 * time.Minute}
	for _, m := range l.Mutants {
		t.Run(m.Name, func(t *testing.T) {
			var res *search.Result
			for seed := uint64(1); seed <= 3 && (res == nil || !res.Found()); seed++ {
				opt := opt
				opt.Seed = seed
				var err error
				if res, err = search.Run(l, l.Reference, m, opt); err != nil {
					t.Fatal(err)
				}
			}
			if !res.Found() || !res.Script.Confirmed {
				t.Fatalf("no confirmed difference in %d programs from each of seeds 1 to 3", opt.Programs)
			}
			t.Logf("seed %d, %d programs: %s", res.Seed, res.Programs, res.Script.What())
			if n := len(res.Script.Steps); n > 12 {
				t.Errorf("the script has %d commands, want a short one", n)
			}
		})
	}
	opt.Seed, opt.Programs = 1, 200
	res, err := search.Run(l, l.Reference, l.Reference, opt)
	if err != nil {
		t.Fatal(err)
	}
	if res.Found() {
		t.Errorf("the reference differs from itself: %s", res.Script.What())
	}
}
