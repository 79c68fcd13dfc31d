package grade

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"idemlab/harness/classgen"
	"idemlab/harness/exitcode"
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
	checkGraded(t, whole.class, merged.class)
	checkOutputs(t, whole, merged)
	checkEditsRefused(t, merged.work)
}

// TestLeaseLab: the lease lab's synthetic class, graded by name (-lab
// lease) as the shipped binary does, sharded and merged, is the class
// graded at once.
func TestLeaseLab(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class")
	}
	whole, merged := shardedAndWhole(t, lease.Lab(), 6)
	checkGraded(t, whole.class, merged.class)
	checkOutputs(t, whole, merged)
}

// graded is a class graded at once or merged from shards, and the
// folder of what was written beside it: DIR/NAME.txt the feedback,
// DIR.html the dashboard.
type graded struct {
	class     *grading.Class
	work, dir string
}

// shardedAndWhole writes a class of n submissions of l, grades it at once
// and in two shards signed with a key, merges the shards, and returns
// both classes, each with its dashboard and feedback.
func shardedAndWhole(t *testing.T, l *lab.Lab, n int) (whole, merged graded) {
	t.Chdir(".") // grade -C changes to the checkout; come back after
	t.Setenv(grading.ShardKeyEnv, string(testKey))
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
	mustRun(t, append(common, "-o", file("whole.json"), "-html", file("whole.html"), "-feedback", file("whole"), class)...)
	for k := 1; k <= 2; k++ {
		mustRun(t, append(common, "-shard", strconv.Itoa(k)+"/2", "-o", file("s"+strconv.Itoa(k)+".json"), class)...)
	}
	// No -lab: merge reads the lab the shards record.
	mustRun(t, "merge", "-class", class, "-format", "json", "-o", file("merged.json"), "-html", file("merged.html"), "-feedback", file("merged"), file("s2.json"), file("s1.json"))
	return graded{readClass(t, file("whole.json")), work, file("whole")}, graded{readClass(t, file("merged.json")), work, file("merged")}
}

// testKey is the instructor's key the shards are signed with.
const testKey = "a test key of the instructor's!!"

// checkOutputs: the merged dashboard is the whole class's, byte for
// byte, and so is every student's feedback but for its report's times
// (untimed): the same files, the same texts.
func checkOutputs(t *testing.T, whole, merged graded) {
	t.Helper()
	if diff := cmp.Diff(readText(t, whole.dir+".html"), readText(t, merged.dir+".html")); diff != "" {
		t.Errorf("merged dashboard against the class graded at once (-whole +merged):\n%s", diff)
	}
	texts := func(dir string) map[string]string {
		out := map[string]string{}
		des, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, de := range des {
			out[de.Name()] = untimed(readText(t, filepath.Join(dir, de.Name())))
		}
		return out
	}
	w, m := texts(whole.dir), texts(merged.dir)
	if len(w) == 0 {
		t.Errorf("no feedback written to %s", whole.dir)
	}
	if diff := cmp.Diff(w, m); diff != "" {
		t.Errorf("merged feedback against the class graded at once, their report's times aside (-whole +merged):\n%s", diff)
	}
}

func readText(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
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

// checkEditsRefused: grade merge refuses the signed shards in work
// (s1.json, s2.json) once edited with care, every field that restates a
// count changed with it and the total recomputed; signed with another
// key; or graded with another rubric than the one merge is given, even
// when the shards themselves were signed with it.
func checkEditsRefused(t *testing.T, work string) {
	t.Helper()
	file := func(name string) string { return filepath.Join(work, name) }
	kinder := grading.DefaultRubric
	kinder.PredictionAfterReveal = 2
	if err := os.WriteFile(file("kinder.json"), []byte(`{"prediction_after_reveal": 2}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		edit  func(t *testing.T, c *grading.Class)
		flags []string
		want  string
	}{
		{"a kill added, with its killer, count and total", func(t *testing.T, c *grading.Class) {
			r, m := unkilled(t, c)
			r.Killed, r.OwnKills, r.OwnObservations = append(r.Killed, m), r.OwnKills+1, r.OwnObservations+1
			r.OwnKillers = append(r.OwnKillers, grading.OwnKiller{Mutant: m, Observations: []string{"student/forged"}})
			r.Total = c.Rubric.Total(*r)
		}, nil, "s1.json (shard 1/2): signature: does not match: the shard was changed after it was signed"},
		{"signed with another key", func(t *testing.T, c *grading.Class) {
			if err := c.Sign([]byte("another key, also long enough..."), c.Signature.Inputs); err != nil {
				t.Fatal(err)
			}
		}, nil, "s1.json (shard 1/2): signature: signed with another key"},
		{"merged with another rubric", nil, []string{"-rubric", file("kinder.json")}, "s1.json (shard 1/2): rubric: graded with another rubric"},
		{"signed with another rubric", func(t *testing.T, c *grading.Class) {
			c.Rubric = kinder
			for i := range c.Rows {
				c.Rows[i].Total = c.Rubric.Total(c.Rows[i])
			}
			in := c.Signature.Inputs
			in.Rubric = grading.RubricDigest(kinder)
			if err := c.Sign([]byte(testKey), in); err != nil {
				t.Fatal(err)
			}
		}, nil, "s1.json (shard 1/2): rubric: graded with another rubric"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			shards := []string{file("s1.json"), file("s2.json")}
			if tc.edit != nil {
				for i, s := range shards {
					c, err := grading.ReadPartial(s, []byte(readText(t, s)))
					if err != nil {
						t.Fatal(err)
					}
					if i == 0 || strings.Contains(tc.name, "rubric") {
						tc.edit(t, c)
					}
					shards[i] = filepath.Join(t.TempDir(), filepath.Base(s))
					writeClass(t, shards[i], c)
				}
			}
			var stdout, stderr bytes.Buffer
			args := append(append([]string{"merge", "-format", "csv"}, tc.flags...), shards...)
			status := Main(testLabs, args, &stdout, &stderr)
			if status != exitcode.Usage || !strings.Contains(stderr.String(), tc.want) || stdout.Len() > 0 {
				t.Errorf("grade %q: exit %d, stdout %q, stderr:\n%s\nwant exit 1, nothing on stdout, and %q", args, status, stdout.String(), stderr.String(), tc.want)
			}
		})
	}
}

// unkilled is a graded row of c and a lab mutant its observations do
// not kill.
func unkilled(t *testing.T, c *grading.Class) (*grading.Row, string) {
	for i, r := range c.Rows {
		for _, m := range counter.Lab().Catalogue.Mutants {
			if r.Graded && !slices.Contains(r.Killed, m.Name) {
				return &c.Rows[i], m.Name
			}
		}
	}
	t.Fatalf("every graded row of shard %s kills every mutant", c.Shard)
	return nil, ""
}

func writeClass(t *testing.T, file string, c *grading.Class) {
	t.Helper()
	var b bytes.Buffer
	if err := c.JSON(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
