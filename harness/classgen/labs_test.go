package classgen_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/classgen"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/outcome"
	"idemlab/harness/submission"
	"idemlab/labs"
)

// TestEveryLab writes a class of each lab and runs every observation it
// wrote on the lab's reference (every built-in lab, and the counter): a copied killer or happy-path observation
// passes, an invalid one fails, and the one that runs a program is
// refused before it runs. Each lab's class speaks its own commands.
func TestEveryLab(t *testing.T) {
	if testing.Short() {
		t.Skip("runs observations of three labs")
	}
	for _, e := range append(slices.Clone(labs.Builtin), lab.Entry{Name: "counter", Lab: counter.Lab}) {
		t.Run(e.Name, func(t *testing.T) { everyObservation(t, e.Lab()) })
	}
}

func everyObservation(t *testing.T, l *lab.Lab) {
	obs, err := labrun.LabObservations(l, "../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := classgen.Write(dir, 12, 3, classgen.DefaultMix, l, obs); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*", "student", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no observations written (%v)", err)
	}
	got, want := map[string]string{}, map[string]string{}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txtar")
		got[name], want[name] = judge(t, l, f), string(outcome.Pass)
		switch {
		case strings.HasPrefix(name, "expects_"):
			want[name] = string(outcome.Fail)
		case name == "runs_a_program":
			want[name] = "refused"
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("on the reference (-want +got):\n%s", diff)
	}
}

// judge runs the observation in file on l's reference, after the lint
// grading applies: "refused" when the lint refuses it.
func judge(t *testing.T, l *lab.Lab, file string) string {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	o, err := killmatrix.New(killmatrix.KindStudent, strings.TrimSuffix(filepath.Base(file), ".txtar"), file, data)
	if err != nil {
		t.Fatal(err)
	}
	if err := submission.Lint(l, o, submission.DefaultLimits); err != nil {
		return "refused"
	}
	r := killmatrix.Run(l, l.Reference, o, killmatrix.Options{Timeout: time.Minute, WorkRoot: t.TempDir()})
	return string(r.Status)
}
