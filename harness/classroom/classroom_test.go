package classroom_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/classroom"
	"idemlab/harness/grade"
	"idemlab/harness/internal/gradetest"
	"idemlab/harness/internal/testfs"
	"idemlab/mutants"
)

// TestMain lets this test binary be the grading worker of the grading
// the test compares with.
func TestMain(m *testing.M) { gradetest.Main(m, mutants.Lab()) }

// root is the checkout, seen from this folder.
const root = "../.."

// TestWorkflowIsFresh: classroom.yml is the workflow Steps and Workflow
// make for the lab and the default rubric.
func TestWorkflowIsFresh(t *testing.T) {
	steps, err := classroom.Steps(mutants.Lab().Catalogue, grade.DefaultRubric)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("classroom.yml")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(classroom.Workflow(steps)), string(got)); diff != "" {
		t.Errorf("stale: run go generate ./harness/classroom (-want +got):\n%s", diff)
	}
}

func TestStepsRefuseFractions(t *testing.T) {
	r := grade.DefaultRubric
	r.OwnKill = 0.5
	if _, err := classroom.Steps(mutants.Lab().Catalogue, r); err == nil || !strings.Contains(err.Error(), "own_kill is 0.5") {
		t.Errorf("error %v, want one naming own_kill", err)
	}
}

// A student's work, as it lies in their repository (the lab, with their
// worksheet filled and their observations in testdata/student).
const (
	counts  = "# One reservation shows as one pending row.\nidem init\nidem reserve k v 10\nidem counts\nstdout '\"pending\":1'\n"
	replays = "# Expects a replay at expiry, which the contract forbids.\nidem init\nidem reserve k v 10\nidem finish k v 1\nidem fetch k 10\nstdout '^1$'\n"
)

func prediction(mutant, killer, evidence string) string {
	return "```prediction\nmutant: " + mutant + "\nkiller: " + killer + "\nevidence: " + evidence + "\nreason: a reason\n```\n\n"
}

// TestWorkflowGradesARepository runs the workflow's own commands, as
// GitHub Actions runs them, on fixture repositories: Prepare, then each
// step's command with only PATH and HOME, scored as the command grader
// scores it and added up as the grading reporter adds up the points it
// sends GitHub Classroom. The points are what grade gives the same
// student, and the job summary holds their feedback in their language.
func TestWorkflowGradesARepository(t *testing.T) {
	if testing.Short() {
		t.Skip("builds grade and grades")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("the workflow's commands are bash")
	}
	lab, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	steps, err := classroom.Steps(mutants.Lab().Catalogue, grade.DefaultRubric)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, worksheet, summary string
		files                    map[string]string
	}{
		{"english, an invalid observation", "worksheet.md", "Your grade",
			map[string]string{"counts.txtar": counts, "replays.txtar": replays}},
		{"chinese, nothing but predictions", "worksheet.zh-CN.md", "你的成绩", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sheet := prediction("7_counts", "student/counts", "state") + prediction("4_fetch", "happy/finish_then_fetch_replays", "return") +
				prediction("1_init", "edge/init_twice_keeps_rows", "error")
			repo := t.TempDir()
			// The student ran the lab once predicted: the history records it.
			history := gradetest.History(t, mutants.Lab(), root, tc.worksheet, sheet, "student/counts")
			files := map[string]string{tc.worksheet: sheet, "worksheet.history.json": history}
			class := t.TempDir()
			want := map[string]string{"submission/" + tc.worksheet: sheet, "submission/worksheet.history.json": history}
			for name, text := range tc.files {
				files["testdata/student/"+name] = text
				want["submission/student/"+name] = text
			}
			testfs.Write(t, repo, files)
			testfs.Write(t, class, want)

			outputs, summary := prepare(t, repo, lab)
			got := 0
			for _, s := range steps {
				max := s.MaxScore
				if s.Output != "" {
					max = outputs[s.Output]
				}
				score, _ := strconv.Atoi(max) // the command grader's parseInt: "" is 0
				cmd := exec.Command("bash", "-c", s.Command)
				cmd.Dir, cmd.Env = repo, []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
				if cmd.Run() == nil && score != 0 { // the reporter skips a runner whose max_score is 0
					got += score
					t.Logf("%s: %d", s.Name, score)
				}
			}
			row := gradeAlone(t, class)
			if float64(got) != row.Total {
				t.Errorf("the workflow reports %d points, grade gives the student %v", got, row.Total)
			}
			if !strings.Contains(summary, tc.summary) || !strings.HasPrefix(summary, "~~~text\n") {
				t.Errorf("the job summary is not the feedback in the student's language (%q):\n%s", tc.summary, summary)
			}
		})
	}
}

// prepare runs the workflow's first step in repo, with the lab at lab,
// and returns its outputs and what it wrote to the job summary.
func prepare(t *testing.T, repo, lab string) (map[string]string, string) {
	t.Helper()
	out, sum := filepath.Join(t.TempDir(), "output"), filepath.Join(t.TempDir(), "summary")
	cmd := exec.Command("bash", "-c", classroom.Prepare)
	cmd.Dir = repo
	cmd.Env = append(os.Environ(), "IDEMLAB_LAB="+lab, "GITHUB_OUTPUT="+out, "GITHUB_STEP_SUMMARY="+sum)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the workflow's grading step: %v\n%s", err, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	outputs := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		k, v, _ := strings.Cut(line, "=")
		outputs[k] = v
	}
	summary, err := os.ReadFile(sum)
	if err != nil {
		t.Fatal(err)
	}
	return outputs, string(summary)
}

// gradeAlone grades class, the student's files laid out as grade reads a
// class, and returns the one row.
func gradeAlone(t *testing.T, class string) grade.Row {
	t.Helper()
	c, err := gradetest.Grade(mutants.Lab(), root, class)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Rows) != 1 {
		t.Fatalf("%d rows", len(c.Rows))
	}
	return c.Rows[0]
}
