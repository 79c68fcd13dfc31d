package gradescope_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/gradescope"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/gradetest"
	"idemlab/harness/internal/sandbox"
	"idemlab/harness/internal/schematest"
	"idemlab/harness/internal/testfs"
	"idemlab/harness/lab"
	"idemlab/harness/mutation"
	lease "idemlab/labs/lease/mutants"
	"idemlab/mutants"
)

// root is the checkout, seen from this folder.
const root = "../.."

// bundle builds the bundle of this checkout grading lab l with the
// held-out catalogue heldOut ("" for none), for the machine the test runs
// on, and unpacks it as Gradescope does: the zip into ROOT/source,
// run_autograder copied to ROOT/run_autograder. It checks that the bundle
// holds the files want, and returns ROOT.
func bundle(t *testing.T, l *lab.Lab, heldOut string, want ...string) string {
	t.Helper()
	return unpack(t, newBundle(t, l, heldOut), want...)
}

// newBundle is the bundle of this checkout grading lab l with the
// held-out catalogue heldOut, grade built for the machine the test runs
// on; it skips where a bundle cannot be built.
func newBundle(t *testing.T, l *lab.Lab, heldOut string) gradescope.Bundle {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("the bundle is for Gradescope's Linux")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("run_autograder is a bash script")
	}
	files, err := gradescope.LabFiles(root, l.Layout)
	if err != nil {
		t.Skip(err) // not a git checkout
	}
	bin, err := gradescope.BuildGrade(root, t.TempDir(), runtime.GOARCH)
	if err != nil {
		t.Fatal(err)
	}
	return gradescope.Bundle{Lab: l.Name, Layout: l.Layout, Root: root, Files: files, Grade: bin, Arch: runtime.GOARCH, HeldOut: heldOut}
}

// unpack writes bundle b and unpacks it as Gradescope does: the zip into
// ROOT/source, run_autograder copied to ROOT/run_autograder. It checks
// that the bundle holds the files want, and returns ROOT.
func unpack(t *testing.T, b gradescope.Bundle, want ...string) string {
	t.Helper()
	var zb bytes.Buffer
	if err := b.Write(&zb); err != nil {
		t.Fatal(err)
	}
	ag := t.TempDir()
	z, err := zip.NewReader(bytes.NewReader(zb.Bytes()), int64(zb.Len()))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range z.File {
		to := filepath.Join(ag, "source", filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, f.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range append([]string{"setup.sh", "run_autograder", "bin/grade", "lab/go.mod"}, want...) {
		if !slices.ContainsFunc(z.File, func(f *zip.File) bool { return f.Name == want }) {
			t.Errorf("the bundle has no %s at its root", want)
		}
	}
	run, err := os.ReadFile(filepath.Join(ag, "source", "run_autograder"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ag, "run_autograder"), run, 0o755); err != nil {
		t.Fatal(err)
	}
	return ag
}

// TestBundleGradesASubmission runs run_autograder, as Gradescope runs it,
// on submissions laid out as Gradescope lays them out (in a temporary
// root standing for /autograder), and checks each results.json: it is
// valid against the documented format (testdata/results.schema.json),
// its score is the sum of its tests, its held-out tests have the
// visibility of their tier, and it speaks the student's language.
func TestBundleGradesASubmission(t *testing.T) {
	if testing.Short() {
		t.Skip("builds grade and the held-out mutants")
	}
	ag := bundle(t, mutants.Lab(), filepath.Join(root, "testdata/heldout/example.json"),
		"heldout.json", "lab/reference/store.go", "lab/testdata/edge/fetch_pending_is_nil.txtar")
	edge := func(name string) string {
		data, err := os.ReadFile(filepath.Join(root, "testdata/edge", name+".txtar"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	catFile := filepath.Join(root, "testdata/heldout/example.json")
	catData, err := os.ReadFile(catFile)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := mutation.Parse(catFile, catData)
	if err != nil {
		t.Fatal(err)
	}
	const countsSheet = "```prediction\nmutant: 7_counts\nkiller: edge/counts_sees_pending\nevidence: state\nreason: pending is not counted\n```\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		// passed lists the tests that must pass, by number; every
		// other test fails.
		passed   []string
		language string
	}{
		{
			name: "worksheet and student folder",
			files: map[string]string{
				"worksheet.md":           countsSheet,
				"worksheet.history.json": gradetest.History(t, mutants.Lab(), root, "worksheet.md", countsSheet),
				// The intended killers of the visible and the hidden
				// held-out mutant, as the student's own.
				"student/fetch_pending.txtar": edge("fetch_pending_is_nil"),
				"student/purge_limit.txtar":   edge("purge_limit_plus_one_leaves_highest"),
			},
			passed: []string{"Prediction: 7_counts", "held-out mutant 4_fetch_ignores_status", "held-out mutant 6_purge_limit_plus_one",
				"held-out mutant 2_reserve_forgets_digest", "Penalty: invalid", "Penalty: observations", "Every mutant's answer"},
			language: "Prediction: ",
		},
		{
			name: "a whole repository, in Chinese",
			files: map[string]string{
				"worksheet.zh-CN.md":                  "```prediction\nmutant: 7_counts\nkiller: student/counts\nevidence: return\nreason: 未完成的键没有被计数\n```\n",
				"testdata/student/counts.txtar":       "# 一次预约。\nidem init\nidem reserve k v 10\nidem counts\nstdout '\"pending\":1'\n",
				"reference/store.go":                  "package reference // a student's copy is never graded\n",
				"testdata/student/broken_fetch.txtar": "# 期望一个不存在的键重放 1。\nidem init\nidem fetch k 1\nstdout '^1$'\n",
			},
			passed:   []string{"你的观测杀死 7_counts", "扣分：超时", "每个变异体的答案"},
			language: "预测：",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := autograde(t, ag, tc.files)
			for _, test := range r.Tests {
				pass := slices.ContainsFunc(tc.passed, func(p string) bool { return strings.Contains(test.Name, p) })
				if got := test.Status == "passed"; got != pass {
					t.Errorf("test %q: status %s (%v of %v): %s", test.Name, test.Status, test.Score, test.MaxScore, test.Output)
				}
				if !strings.HasPrefix(test.Name, "Penalty") && !strings.HasPrefix(test.Name, "扣分") && test.MaxScore != 0 && (test.Status == "passed") != (test.Score == test.MaxScore) {
					t.Errorf("test %q: %s with %v of %v", test.Name, test.Status, test.Score, test.MaxScore)
				}
			}
			if !slices.ContainsFunc(r.Tests, func(t gradescope.Test) bool { return strings.HasPrefix(t.Name, tc.language) }) {
				t.Errorf("no test is named in the student's language (%q...)", tc.language)
			}
			// Every viable held-out mutant has a test, with its tier's
			// visibility; an unviable one has none.
			for _, m := range cat.Mutants {
				i := slices.IndexFunc(r.Tests, func(t gradescope.Test) bool { return strings.HasSuffix(t.Name, " "+m.Name) })
				unviable := strings.Contains(m.Name, "does_not")
				switch {
				case unviable && i >= 0:
					t.Errorf("unviable %s has a test", m.Name)
				case !unviable && i < 0:
					t.Errorf("held-out %s has no test", m.Name)
				case !unviable && r.Tests[i].Visibility != gradescope.Visibility(m.Visibility):
					t.Errorf("held-out %s (%s): visibility %s", m.Name, m.Visibility, r.Tests[i].Visibility)
				}
			}
			if !strings.Contains(r.Output, "7_counts") {
				t.Errorf("the output is not the student's feedback:\n%s", r.Output)
			}
		})
	}
}

// autograde runs run_autograder, as Gradescope runs it, on a submission
// of files laid out as Gradescope lays them out under ag (standing for
// /autograder), and returns its results.json, which it checks is valid
// against the documented format (testdata/results.schema.json) and
// scores the sum of its tests.
func autograde(t *testing.T, ag string, files map[string]string) gradescope.Results {
	t.Helper()
	return autogradeWith(t, ag, files, nil)
}

// autogradeWith is autograde, with setup making more of the submission
// folder (links, FIFOs) after files are written.
func autogradeWith(t *testing.T, ag string, files map[string]string, setup func(sub string) error, env ...string) gradescope.Results {
	t.Helper()
	os.RemoveAll(filepath.Join(ag, "submission"))
	os.RemoveAll(filepath.Join(ag, "results"))
	testfs.Write(t, filepath.Join(ag, "submission"), files)
	if setup != nil {
		if err := setup(filepath.Join(ag, "submission")); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("bash", filepath.Join(ag, "run_autograder"))
	cmd.Dir = ag
	cmd.Env = append(append(os.Environ(), "IDEMLAB_AUTOGRADER_ROOT="+ag), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("run_autograder: %v\n%s", err, out)
	}
	data, err := os.ReadFile(filepath.Join(ag, "results", "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	schematest.Validate(t, "testdata/results.schema.json", data)
	var r gradescope.Results
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, test := range r.Tests {
		sum += test.Score
	}
	if sum != r.Score {
		t.Errorf("score %v, but the tests add up to %v", r.Score, sum)
	}
	return r
}

// TestBundleGradesTheLeaseLab: a bundle of the lease lab (grade
// gradescope -lab lease) grades a lease submission, handed in as a whole
// repository, where the lease lab's layout puts a student's files
// (labs/lease/worksheet.md, labs/lease/testdata/student/): its
// prediction is judged and its own observation kills the mutant it was
// written for, in a results.json of Gradescope's format.
func TestBundleGradesTheLeaseLab(t *testing.T) {
	if testing.Short() {
		t.Skip("builds grade and grades a lease submission")
	}
	l := lease.Lab()
	ag := bundle(t, l, "", "lab/labs/lease/reference/store.go", "lab/labs/lease/testdata/edge/renew_at_lapse_is_refused.txtar")
	run, err := os.ReadFile(filepath.Join(ag, "run_autograder"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(run), "-lab lease") {
		t.Errorf("run_autograder does not grade with -lab lease:\n%s", run)
	}
	renew, err := os.ReadFile(filepath.Join(root, "labs/lease/testdata/edge/renew_at_lapse_is_refused.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	const renewSheet = "```prediction\nmutant: 2_renew\nkiller: student/renew\nevidence: return\nreason: a lease is renewed at its lapse\n```\n"
	r := autograde(t, ag, map[string]string{
		"labs/lease/worksheet.md":                 renewSheet,
		"labs/lease/worksheet.history.json":       gradetest.History(t, l, root, "worksheet.md", renewSheet, "student/renew"),
		"labs/lease/testdata/student/renew.txtar": string(renew),
	})
	var got []string
	for _, test := range r.Tests {
		got = append(got, test.Status+" "+test.Name)
	}
	// One test per prediction and per own kill of each of the lab's
	// mutants, and the penalties; only the prediction made passes, and
	// the kills of the two mutants renew_at_lapse_is_refused kills.
	want := []string{"passed Prediction: 2_renew", "passed Your observations kill 1_claim", "passed Your observations kill 2_renew",
		"passed Penalty: invalid observations (they fail on the reference)", "passed Penalty: observations that timed out",
		"passed Every mutant's answer (shown after the due date)"}
	for _, m := range l.Catalogue.Mutants {
		for _, name := range []string{"Prediction: " + m.ID(), "Your observations kill " + m.ID()} {
			if !slices.ContainsFunc(want, func(w string) bool { return strings.HasSuffix(w, " "+name) }) {
				want = append(want, "failed "+name)
			}
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the lease submission's tests (-want +got):\n%s", diff)
	}
	if !strings.Contains(r.Output, "2_renew") {
		t.Errorf("the output is not the student's feedback:\n%s", r.Output)
	}
}

// TestBundleRefusesHostileSubmissions runs run_autograder for real on
// submissions a hostile student could hand in: a worksheet that is a
// folder or a FIFO, and a testdata folder that is a link to observations
// elsewhere. Each gets a valid results.json (before, the first two got
// none, the FIFO hanging the script, and the link was followed): the
// refusal is a result, flagged in the student's feedback in their
// language, and nothing is read through the link. When grade itself
// stops without a result, results.json still says so, scored 0.
func TestBundleRefusesHostileSubmissions(t *testing.T) {
	if testing.Short() {
		t.Skip("builds grade and grades submissions")
	}
	ag := bundle(t, mutants.Lab(), "")
	kill, err := os.ReadFile(filepath.Join(root, "testdata/edge/fetch_pending_is_nil.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	const sheet = "```prediction\nmutant: 7_counts\nkiller: edge/counts_sees_pending\nevidence: state\nreason: pending is not counted\n```\n"
	elsewhere := t.TempDir()
	testfs.Write(t, elsewhere, map[string]string{"student/kill.txtar": string(kill)})
	for _, tc := range []struct {
		name  string
		files map[string]string
		setup func(sub string) error
		want  []string // in the feedback
	}{
		{"worksheet is a folder", map[string]string{"worksheet.md/x": sheet}, nil,
			[]string{"worksheet.md: is a folder: only regular files are read; not read"}},
		{"worksheet is a FIFO", map[string]string{"student/kill.txtar": string(kill)},
			func(sub string) error { return syscall.Mkfifo(filepath.Join(sub, "worksheet.md"), 0o644) },
			[]string{"worksheet.md: is a named pipe (FIFO): only regular files are read; not read"}},
		{"testdata is a link", map[string]string{"worksheet.md": sheet},
			func(sub string) error { return os.Symlink(elsewhere, filepath.Join(sub, "testdata")) },
			[]string{"student: is a symbolic link"}},
		{"testdata is a link, in Chinese", map[string]string{"worksheet.zh-CN.md": sheet},
			func(sub string) error { return os.Symlink(elsewhere, filepath.Join(sub, "testdata")) },
			[]string{"student: 是符号链接"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := autogradeWith(t, ag, tc.files, tc.setup)
			for _, want := range tc.want {
				if !strings.Contains(r.Output, want) {
					t.Errorf("the feedback does not say %q:\n%s", want, r.Output)
				}
			}
			for _, test := range r.Tests {
				if strings.Contains(test.Name, "kill") && test.Status == "passed" {
					t.Errorf("%s passed: an observation was read through a link or a refused file", test.Name)
				}
			}
		})
	}
	t.Run("grade stops without a result", func(t *testing.T) {
		bin := filepath.Join(ag, "source", "bin", "grade")
		real, err := os.ReadFile(bin)
		if err != nil {
			t.Fatal(err)
		}
		defer os.WriteFile(bin, real, 0o755)
		if err := os.WriteFile(bin, []byte("#!/bin/sh\nexit 70\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		r := autogradeWith(t, ag, map[string]string{"worksheet.md": sheet}, nil)
		want := i18n.English.T("grade.gs.failed", nil) + "\n\n" + i18n.Chinese.T("grade.gs.failed", nil)
		if diff := cmp.Diff(gradescope.Results{Score: 0, Output: want, OutputFormat: "text", StdoutVisibility: gradescope.Hidden, Tests: []gradescope.Test{}}, r); diff != "" {
			t.Errorf("results.json (-want +got):\n%s", diff)
		}
	})
}

// TestBundleWithoutBubblewrap: on an image where bubblewrap is not usable
// (IDEMLAB_NO_BWRAP stands for one), a bundle made without -no-sandbox
// grades nothing, and its results.json says grading failed; one made
// with it grades, each worker as a user of its own when run as root: the
// observation holding issue 29's blocker (an archive file named $WORK/…
// that testscript's setup would write at the bundle's own run_autograder)
// is refused, the bundle's files are unchanged, the honest observation
// still kills, and results.json is the grader's.
func TestBundleWithoutBubblewrap(t *testing.T) {
	if testing.Short() {
		t.Skip("builds grade and grades submissions")
	}
	b := newBundle(t, mutants.Lab(), "")
	closed := unpack(t, b)
	b.NoSandbox = true
	open := unpack(t, b)
	kill, err := os.ReadFile(filepath.Join(root, "testdata/edge/counts_sees_pending.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(open, "run_autograder")
	before, err := os.ReadFile(target)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"worksheet.md":       "```prediction\nmutant: 7_counts\nkiller: student/kill\nevidence: state\nreason: pending is not counted\n```\n",
		"student/kill.txtar": string(kill),
		"student/pwn.txtar":  "# Counts.\nidem init\nidem counts\nstdout pending\n-- $WORK" + target + " --\n#!/bin/sh\necho '{\"score\": 100}'\n",
	}
	noBwrap := sandbox.NoBwrapEnv + "=1"

	r := autogradeWith(t, closed, files, nil, noBwrap)
	failed := i18n.English.T("grade.gs.failed", nil) + "\n\n" + i18n.Chinese.T("grade.gs.failed", nil)
	if r.Score != 0 || r.Output != failed || len(r.Tests) != 0 {
		t.Errorf("without -no-sandbox: results.json = score %v, %d tests, output %q; want grading refused", r.Score, len(r.Tests), r.Output)
	}

	r = autogradeWith(t, open, files, nil, noBwrap)
	if after, _ := os.ReadFile(target); !bytes.Equal(before, after) {
		t.Errorf("%s changed:\n%s", target, after)
	}
	if want := `expands $WORK before the script's variables exist`; !strings.Contains(r.Output, want) {
		t.Errorf("the feedback does not refuse the blocker (%q):\n%s", want, r.Output)
	}
	killed := slices.ContainsFunc(r.Tests, func(test gradescope.Test) bool {
		return strings.Contains(test.Name, "7_counts") && test.Status == "passed" && test.Score > 0
	})
	if !killed || r.Score == 100 {
		t.Errorf("with -no-sandbox the honest observation did not count (score %v):\n%+v", r.Score, r.Tests)
	}
}
