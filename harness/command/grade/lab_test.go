package grade

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"idemlab/harness/classgen"
	grading "idemlab/harness/grade"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
	lease "idemlab/labs/lease/mutants"
)

// TestAnotherLab grades a synthetic class of the counter lab, which no
// binary has built in, through Run: with workers (this test binary again,
// told -lab counter) in the sandbox, whole and in two shards merged.
func TestAnotherLab(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class")
	}
	whole, merged := shardedAndWhole(t, counter.Lab(), 8)
	checkGraded(t, whole, merged)
}

// TestLeaseLab: the lease lab's synthetic class, graded by name (-lab
// lease) as the shipped binary does, sharded and merged, is the class
// graded at once.
func TestLeaseLab(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class")
	}
	whole, merged := shardedAndWhole(t, lease.Lab(), 6)
	checkGraded(t, whole, merged)
}

// shardedAndWhole writes a class of n submissions of l, grades it at once
// and in two shards, merges the shards, and returns both classes.
func shardedAndWhole(t *testing.T, l *lab.Lab, n int) (whole, merged *grading.Class) {
	t.Chdir(".") // grade -C changes to the checkout; come back after
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	obs, err := labrun.LabObservations(l, root)
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	class := filepath.Join(work, "class")
	// More rule-breakers than a real class, so that a small one has some.
	mix := classgen.DefaultMix
	mix.Invalid, mix.Refused = 50, 40
	if err := classgen.Write(class, n, 7, mix, l, obs); err != nil {
		t.Fatal(err)
	}
	file := func(name string) string { return filepath.Join(work, name) }
	common := []string{"-lab", l.Name, "-C", root, "-q", "-format", "json", "-parallel", "2"}
	mustRun(t, append(common, "-o", file("whole.json"), class)...)
	for k := 1; k <= 2; k++ {
		mustRun(t, append(common, "-shard", strconv.Itoa(k)+"/2", "-o", file("s"+strconv.Itoa(k)+".json"), class)...)
	}
	// No -lab: merge reads the lab the shards record.
	mustRun(t, "merge", "-class", class, "-format", "json", "-o", file("merged.json"), file("s2.json"), file("s1.json"))
	return readClass(t, file("whole.json")), readClass(t, file("merged.json"))
}

// mustRun runs grade with testLabs built in, as the test binary's workers
// have them, and fails t unless it exits 0.
func mustRun(t *testing.T, args ...string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if status := Main(testLabs, args, &stdout, &stderr); status != 0 {
		t.Fatalf("grade %q: exit %d\n%s%s", args, status, stdout.String(), stderr.String())
	}
}

func readClass(t *testing.T, file string) *grading.Class {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var c grading.Class
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return &c
}

// checkGraded: the merged shards are the whole class but for its
// timings; every submission was graded in bubblewrap; and the class holds
// what its mix promises: kills, invalid observations and refusals.
func checkGraded(t *testing.T, whole, merged *grading.Class) {
	t.Helper()
	if diff := cmp.Diff(whole, merged, cmpopts.IgnoreUnexported(grading.Class{}),
		cmpopts.IgnoreFields(grading.Class{}, "ElapsedMS", "LabElapsedMS")); diff != "" {
		t.Errorf("merged shards against the class graded at once (-whole +merged):\n%s", diff)
	}
	var kills, invalid, refused int
	for _, r := range whole.Rows {
		if r.Isolation != "" && r.Isolation != "bubblewrap" {
			t.Errorf("%s graded under %q; want bubblewrap", r.Student, r.Isolation)
		}
		kills, invalid, refused = kills+r.OwnKills, invalid+r.Invalid, refused+r.Refused
	}
	if kills == 0 || invalid == 0 || refused == 0 {
		t.Errorf("lab %s: %d kills, %d invalid and %d refused observations in the class; want some of each", whole.Lab, kills, invalid, refused)
	}
}
