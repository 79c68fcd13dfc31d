package classroom

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"idemlab/harness/grade"
	"idemlab/harness/mutation"
)

// Dir is the folder, in the student's repository, where the workflow
// builds grade and keeps what it writes.
const Dir = ".idemlab"

// Points is the points file grade -format classroom writes in Dir.
const Points = Dir + "/points.txt"

// Prepare is the workflow's first command, run with bash in the root of
// the student's repository: it copies the student's worksheets, history
// and own observations into a class of one, builds grade from the lab
// (the repository itself, or the checkout $IDEMLAB_LAB names), grades
// the class, writes the student's feedback to the job summary and the
// penalties to the step's outputs. It fails only when grading could not
// run.
const Prepare = `set -euo pipefail
lab="$(cd "${IDEMLAB_LAB:-.}" && pwd)"
work="$PWD/` + Dir + `"
rm -rf "$work" && mkdir -p "$work/class/submission" "$work/feedback"
for f in worksheet.md worksheet.zh-CN.md worksheet.history.json; do
  if [ -e "$f" ] || [ -L "$f" ]; then cp -P "$f" "$work/class/submission/"; fi
done
if [ -e testdata/student ] || [ -L testdata/student ]; then cp -RP testdata/student "$work/class/submission/student"; fi
go build -C "$lab" -o "$work/grade" ./harness/cmd/grade
"$work/grade" -C "$lab" -q -format classroom -feedback "$work/feedback" -o "$work/points.txt" "$work/class"
{ echo '~~~text'; cat "$work/feedback/submission.txt" 2>/dev/null || echo 'no feedback: the submission could not be read'; echo '~~~'; } >> "${GITHUB_STEP_SUMMARY:-/dev/null}"
sed -n 's/^points \([a-z_]*\) \(-\{0,1\}[0-9]*\)$/\1=\2/p' "$work/points.txt" >> "${GITHUB_OUTPUT:-/dev/null}"
`

// A Step is one of GitHub Classroom's command-grader tests: passed, it
// scores MaxScore; failed, nothing.
type Step struct {
	// ID is the step's id, letters and digits only, as the grading
	// reporter's runners list wants them.
	ID, Name string
	// Command exits 0 when the test passes. It runs after Prepare, in
	// the repository's root, with nothing of the environment but PATH
	// and HOME, as the command grader runs it.
	Command string
	// MaxScore is an integer, or the name of one of Prepare's outputs,
	// whose value is known once grading ran (a penalty).
	MaxScore string
	// Output names the Prepare output MaxScore takes, "" for a fixed
	// score.
	Output string
}

// Steps are the workflow's tests for the lab's catalogue and a rubric:
// per lab mutant, its prediction (right and recorded before its answer
// was revealed) and the student's own kill of it; then a test per
// penalty and for right predictions recorded after the reveal, each
// scored what grading found (see [Write]). GitHub Classroom's command
// grader takes whole points only, so a rubric weight that is not a whole
// number is refused.
func Steps(cat *mutation.Catalogue, r grade.Rubric) ([]Step, error) {
	for _, w := range []struct {
		name   string
		weight float64
	}{{"prediction_right", r.PredictionRight}, {"prediction_after_reveal", r.PredictionAfterReveal}, {"own_kill", r.OwnKill},
		{"invalid_observation", r.Invalid}, {"timeout", r.Timeout}, {"flag", r.Flag}} {
		if w.weight != math.Trunc(w.weight) {
			return nil, fmt.Errorf("classroom: GitHub Classroom scores whole points, and the rubric's %s is %v", w.name, w.weight)
		}
	}
	var steps []Step
	for i, m := range cat.Mutants {
		steps = append(steps, Step{ID: fmt.Sprintf("prediction%d", i+1), Name: "Prediction " + m.ID(),
			Command: check("pass prediction " + m.Name), MaxScore: num(r.PredictionRight)})
	}
	for i, m := range cat.Mutants {
		steps = append(steps, Step{ID: fmt.Sprintf("kill%d", i+1), Name: "Own observations kill " + m.ID(),
			Command: check("pass kill " + m.Name), MaxScore: num(r.OwnKill)})
	}
	for _, p := range penalties {
		steps = append(steps, Step{ID: strings.ReplaceAll(p.key, "_", ""), Name: p.name, Command: "true", Output: p.key})
	}
	return steps, nil
}

// penalties are the terms scored by what grading found, by their key in
// the points file.
var penalties = []struct{ key, name string }{
	{"after_reveal", "Predictions right after their answer was revealed"},
	{"invalid", "Invalid observations"},
	{"timeouts", "Observations that timed out"},
	{"flags", "Problems flagged"},
}

func check(line string) string {
	return "grep -qxF '" + line + "' " + Points
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// Write writes the points file of a class of one graded student, which
// grade -format classroom writes: a line "pass|fail prediction NAME" and
// "pass|fail kill NAME" per lab mutant, and "points KEY N" per penalty,
// N the rubric's weight times the count. Every step's score added up
// is the row's total (held-out mutants aside: a student's repository
// holds none).
func Write(w io.Writer, c *grade.Class, cat *mutation.Catalogue) error {
	if len(c.Rows) != 1 {
		return fmt.Errorf("classroom: the points file is one repository's, and the class has %d", len(c.Rows))
	}
	row, r := c.Rows[0], c.Rubric
	var b strings.Builder
	mark := func(ok bool) string {
		if ok {
			return "pass"
		}
		return "fail"
	}
	for _, m := range cat.Mutants {
		right := slices.ContainsFunc(row.Predictions, func(p grade.PredictionVerdict) bool {
			return p.Mutant == m.Name && p.Right && p.Recorded == "before"
		})
		fmt.Fprintf(&b, "%s prediction %s\n", mark(right), m.Name)
	}
	for _, m := range cat.Mutants {
		fmt.Fprintf(&b, "%s kill %s\n", mark(slices.Contains(row.Killed, m.Name)), m.Name)
	}
	for _, p := range []struct {
		key    string
		weight float64
		n      int
	}{{"after_reveal", r.PredictionAfterReveal, row.RightAfterReveal}, {"invalid", r.Invalid, row.Invalid},
		{"timeouts", r.Timeout, row.Timeouts}, {"flags", r.Flag, len(row.Flags)}} {
		points := "0"
		if p.n != 0 {
			points = num(p.weight * float64(p.n))
		}
		fmt.Fprintf(&b, "points %s %s\n", p.key, points)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
