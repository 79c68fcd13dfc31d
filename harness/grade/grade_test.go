package grade_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/grade"
	"idemlab/harness/internal/testfs"
	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/predict"
	"idemlab/mutants"
)

// TestMain lets this test binary be the grading worker: Grade starts it
// again with the arguments "worker JOB", as the grade command starts
// itself.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(grade.Serve(mutants.Lab(), os.Args[2:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// root is the checkout, seen from this folder.
const root = "../.."

// Student observations used throughout.
const (
	// Kills 7_counts_hides_pending, and only it.
	countsOnePending = "# One reservation shows as one pending row.\nidem init\nidem reserve k v 10\nidem counts\nstdout '\"pending\":1'\n"
	// Fails on the reference: expects a replay at now == expires, as
	// 4_fetch_replays_at_expiry does.
	replayAtExpiry = "# Expects a replay at expiry, which the contract forbids.\nidem init\nidem reserve k v 10\nidem finish k v 1\nidem fetch k 10\nstdout '^1$'\n"
	// Passes everywhere.
	reserveTrue = "# A new key is reserved.\nidem init\nidem reserve k v 10\nstdout '^true$'\n"
)

// prediction is one filled prediction block.
func prediction(mutant, killer, evidence string) string {
	return "\n```prediction\nmutant: " + mutant + "\nkiller: " + killer + "\nevidence: " + evidence + "\nreason: a reason\n```\n"
}

// killers are the catalogue's intended killers: a small lab that still
// kills every mutant, so that the lab's gate passes quickly.
var killers = sync.OnceValues(func() ([]killmatrix.Observation, error) {
	all, err := labrun.LabObservations(mutants.Lab(), root)
	if err != nil {
		return nil, err
	}
	var out []killmatrix.Observation
	for _, m := range mutants.Lab().Catalogue.Mutants {
		if i := slices.IndexFunc(all, func(o killmatrix.Observation) bool { return o.Name == m.Killer }); i >= 0 {
			out = append(out, all[i])
		}
	}
	return out, nil
})

// options grade with the small lab, the test binary as worker, and
// budgets small enough for a fast suite.
func options(t *testing.T) grade.Options {
	t.Helper()
	obs, err := killers()
	if err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	b := grade.DefaultBudgets
	b.Wall, b.Observation, b.Disk, b.Output = 60*time.Second, 5*time.Second, 8<<20, 4<<20
	return grade.Options{Lab: mutants.Lab(), Observations: obs, Rubric: grade.DefaultRubric, Budgets: b,
		Worker: grade.Worker{Path: self, Args: []string{"worker"}}, WorkRoot: t.TempDir()}
}

// gradeClass grades every entry of the folder class.
func gradeClass(t *testing.T, class string, opt grade.Options) *grade.Class {
	t.Helper()
	entries, err := grade.ReadClass(class, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := grade.Grade(context.Background(), entries, opt)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// row returns the row of student.
func row(t *testing.T, c *grade.Class, student string) grade.Row {
	t.Helper()
	i := slices.IndexFunc(c.Rows, func(r grade.Row) bool { return r.Student == student })
	if i < 0 {
		var names []string
		for _, r := range c.Rows {
			names = append(names, r.Student)
		}
		t.Fatalf("no row for %q among %q", student, names)
	}
	return c.Rows[i]
}

// flagged reports whether some flag of r contains every one of parts.
func flagged(r grade.Row, parts ...string) bool {
	return slices.ContainsFunc(r.Flags, func(f string) bool {
		for _, p := range parts {
			if !strings.Contains(f, p) {
				return false
			}
		}
		return true
	})
}

// honest writes the class's honest students: one right prediction and
// a killing observation each, one with a broken observation too, and
// names in three scripts.
func honest(t *testing.T, class string) {
	t.Helper()
	files := map[string]string{
		"alice/worksheet.md":                  prediction("7_counts_hides_pending", "edge/counts_sees_pending", "state"),
		"alice/student/counts.txtar":          countsOnePending,
		"alice/student/replay.txtar":          replayAtExpiry,
		"José/worksheet.md":                   prediction("7_counts", "edge/counts_sees_pending", "return"),
		"José/student/reserve.txtar":          reserveTrue,
		"王伟/worksheet.zh-CN.md":               prediction("7_counts_hides_pending", "edge/counts_sees_pending", "state"),
		"王伟/student/counts_one_pending.txtar": countsOnePending,
	}
	// Each ran the report once predicted: their histories record it.
	for _, f := range []string{"alice/worksheet.md", "José/worksheet.md", "王伟/worksheet.zh-CN.md"} {
		files[filepath.Dir(f)+"/worksheet.history.json"] = jsonOf(t, recorded(t, filepath.Base(f), files[f]))
	}
	testfs.Write(t, class, files)
}

func TestGradeHonest(t *testing.T) {
	class := t.TempDir()
	honest(t, class)
	c := gradeClass(t, class, options(t))
	type counts struct {
		Student                              string
		Predicted, Right, OwnObservations    int
		OwnKills, Invalid, Timeouts, Refused int
		Killed                               []string
		Total                                float64
	}
	var got []counts
	for _, r := range c.Rows {
		got = append(got, counts{r.Student, r.Predicted, r.Right, r.OwnObservations, r.OwnKills, r.Invalid, r.Timeouts, r.Refused, r.Killed, r.Total})
	}
	want := []counts{
		{"José", 1, 0, 1, 0, 0, 0, 0, []string{}, 0},
		{"alice", 1, 1, 2, 1, 1, 0, 0, []string{"7_counts_hides_pending"}, 2 + 1 - 1},
		{"王伟", 1, 1, 1, 1, 0, 0, 0, []string{"7_counts_hides_pending"}, 2 + 1},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	if r := row(t, c, "alice"); !flagged(r, "invalid: student/replay", "student/replay.txtar:6") {
		t.Errorf("alice's broken observation is not flagged with its line: %q", r.Flags)
	}
	// Each verdict says what was predicted, what the mutant showed, and
	// what was wrong; each kill names the student's own killers.
	verdicts := map[string][]grade.PredictionVerdict{}
	killers := map[string][]grade.OwnKiller{}
	for _, r := range c.Rows {
		verdicts[r.Student], killers[r.Student] = r.Predictions, r.OwnKillers
	}
	wantVerdicts := map[string][]grade.PredictionVerdict{
		"José":  {{Mutant: "7_counts_hides_pending", Miss: grade.MissEvidence, Evidence: "return", Actual: "state", Recorded: "before"}},
		"alice": {{Mutant: "7_counts_hides_pending", Right: true, Evidence: "state", Actual: "state", Recorded: "before"}},
		"王伟":    {{Mutant: "7_counts_hides_pending", Right: true, Evidence: "state", Actual: "state", Recorded: "before"}},
	}
	if diff := cmp.Diff(wantVerdicts, verdicts); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	wantKillers := map[string][]grade.OwnKiller{
		"José":  {},
		"alice": {{Mutant: "7_counts_hides_pending", Observations: []string{"student/counts"}}},
		"王伟":    {{Mutant: "7_counts_hides_pending", Observations: []string{"student/counts_one_pending"}}},
	}
	if diff := cmp.Diff(wantKillers, killers); diff != "" {
		t.Errorf("own killers (-want +got):\n%s", diff)
	}
}

// TestShardsMergeToTheWhole grades a class in three shards and merges
// them: the result is what one run writes, timings aside.
func TestShardsMergeToTheWhole(t *testing.T) {
	class := t.TempDir()
	honest(t, class)
	testfs.Write(t, class, map[string]string{"bob/worksheet.md": prediction("1_init", "edge/init_twice_keeps_rows", "error")})
	opt := options(t)
	whole := gradeClass(t, class, opt)
	entries, err := grade.ReadClass(class, nil)
	if err != nil {
		t.Fatal(err)
	}
	var parts []*grade.Class
	for _, k := range []int{3, 1, 2} { // any order
		s := grade.Shard{K: k, N: 3}
		opt.Shard = &s
		c, err := grade.Grade(context.Background(), s.Select(entries), opt)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, roundTrip(t, c))
	}
	merged, err := grade.Merge(parts, mutants.Lab().Catalogue)
	if err != nil {
		t.Fatal(err)
	}
	whole.ElapsedMS, whole.LabElapsedMS, merged.ElapsedMS, merged.LabElapsedMS = 0, 0, 0, 0
	if diff := cmp.Diff(jsonText(t, whole), jsonText(t, merged)); diff != "" {
		t.Errorf("merged shards differ from the whole class (-whole +merged):\n%s", diff)
	}

	t.Run("refused", func(t *testing.T) {
		for _, tc := range []struct {
			name  string
			parts []*grade.Class
			want  string
		}{
			{"a shard missing", parts[:2], "2 results given for 3 shards"},
			{"a shard twice", []*grade.Class{parts[0], parts[0], parts[1]}, "given twice"},
			{"another rubric", []*grade.Class{parts[0], parts[1], withRubric(parts[2])}, "another rubric"},
		} {
			if _, err := grade.Merge(tc.parts, mutants.Lab().Catalogue); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: Merge error %v, want one saying %q", tc.name, err, tc.want)
			}
		}
	})
}

func withRubric(c *grade.Class) *grade.Class {
	o := *c
	o.Rubric.OwnKill = 5
	return &o
}

// t0 is when the tests' histories record their predictions, and graded
// when they are graded.
var (
	t0     = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	graded = t0.Add(24 * time.Hour)
)

// recorded is the history a run of the harness writes for the worksheet
// text: every prediction seen at t0, and its answer shown with it.
func recorded(t *testing.T, file, text string) *predict.History {
	t.Helper()
	sheet := parsed(t, file, text)
	h := predict.NewHistory()
	var names []string
	by := map[string]string{}
	for _, p := range sheet.Predictions {
		names, by[p.Mutant] = append(names, p.Mutant), predict.ByPrediction
	}
	h.Record(sheet, names, by, t0)
	return h
}

// parsed is the worksheet text's sheet.
func parsed(t *testing.T, file, text string) *predict.Sheet {
	t.Helper()
	obs, err := killers()
	if err != nil {
		t.Fatal(err)
	}
	sheet, err := predict.Parse(file, []byte(text), labrun.Known(mutants.Lab(), obs))
	if err != nil {
		t.Fatal(err)
	}
	return sheet
}

// jsonOf is h as a run saves it.
func jsonOf(t *testing.T, h *predict.History) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "h.json")
	if err := h.Save(file); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestGradeAfterReveal grades one right prediction of 7_counts beside
// every history a student may hand in: only one that records the
// prediction no later than its answer earns prediction_right; every
// other earns prediction_after_reveal, with a flag for the instructor
// that names the file (and line) and a reason in the feedback.
func TestGradeAfterReveal(t *testing.T) {
	const name = "7_counts_hides_pending"
	sheet := prediction("7_counts", "edge/counts_sees_pending", "state")
	edited := strings.Replace(sheet, "a reason", "a reason。", 1)
	first := jsonOf(t, recorded(t, "worksheet.md", sheet))
	late := predict.NewHistory()
	late.Record(&predict.Sheet{}, []string{name}, map[string]string{name: predict.ByReveal}, t0)
	late.Record(parsed(t, "worksheet.md", sheet), nil, nil, t0.Add(time.Hour))
	instructor := predict.NewHistory()
	instructor.Record(&predict.Sheet{}, []string{name}, map[string]string{name: predict.ByCI}, t0)
	digest := recorded(t, "worksheet.md", sheet).Mutants[name].Predictions[0].Digest
	forged := func(seen, revealed, by string) string {
		return `{"version": 1, "mutants": {
  "` + name + `": {"predictions": [` + seen + `], "revealed": "` + revealed + `", "by": "` + by + `"}}}`
	}
	at := func(ts string) string { return `{"digest": "` + digest + `", "seen": "` + ts + `"}` }
	for _, c := range []struct {
		name  string
		files map[string]string
		// want: the row's counts, the history flag and the feedback line.
		afterReveal, right int
		total              float64
		flag, feedback     string
	}{
		{name: "recorded first", files: map[string]string{"worksheet.md": sheet, "worksheet.history.json": first}, right: 1, total: 2},
		{name: "recorded after a reveal", files: map[string]string{"worksheet.md": sheet, "worksheet.history.json": jsonOf(t, late)},
			right: 1, afterReveal: 1, flag: "history: worksheet.history.json:4: 7_counts: answers shown by reveal before the first prediction the history records (2026-12-01T11:00:00Z): counted as after",
			feedback: "recorded after its answer was revealed (2026-12-01 10:00 UTC, shown by a reveal before you predicted it)"},
		{name: "the answers shown by CI first", files: map[string]string{"worksheet.md": sheet, "worksheet.history.json": jsonOf(t, func() *predict.History {
			instructor.Record(parsed(t, "worksheet.md", sheet), nil, nil, t0.Add(time.Hour))
			return instructor
		}())}, right: 1, afterReveal: 1, feedback: "shown by go test -v with CI set before you predicted it",
			flag: "history: worksheet.history.json:4: 7_counts: answers shown by the instructor's view (ci), not the student's (a history from the course's template?): counted as after"},
		{name: "no history", files: map[string]string{"worksheet.md": sheet}, right: 1, afterReveal: 1,
			flag: "history: none handed in: the predictions of 7_counts count as after their answers", feedback: "(no history was handed in)"},
		{name: "edited after its answer", files: map[string]string{"worksheet.md": edited, "worksheet.history.json": first}, right: 1, afterReveal: 1,
			flag:     "history: worksheet.md:2: 7_counts's prediction is not in worksheet.history.json, which shows its answer at 2026-12-01T10:00:00Z by prediction: counts as after it",
			feedback: "(the history never saw this text of the prediction)"},
		{name: "never seen, nothing shown", files: map[string]string{"worksheet.md": sheet, "worksheet.history.json": `{"version": 1, "mutants": {}}`}, right: 1, afterReveal: 1,
			flag: "history: worksheet.md:2: 7_counts's prediction is not in worksheet.history.json: counts as after it"},
		{name: "copied into the other worksheet", files: map[string]string{"worksheet.zh-CN.md": sheet, "worksheet.history.json": first}, right: 1, total: 2},
		{name: "a reveal in the future", files: map[string]string{"worksheet.md": sheet, "worksheet.history.json": forged(at("2020-01-01T00:00:00Z"), "2099-01-01T00:00:00Z", "reveal")},
			right: 1, afterReveal: 1,
			flag:     "history: tampered (worksheet.history.json:2: " + name + ": its answer revealed 2099-01-01T00:00:00Z, after the grading (2026-12-02T10:00:00Z)): the predictions of 7_counts count as after their answers",
			feedback: "(the history holds what no run of the harness writes)"},
		{name: "a prediction seen in the future", files: map[string]string{"worksheet.md": sheet, "worksheet.history.json": forged(at("2099-01-01T00:00:00Z"), "2099-01-01T00:00:00Z", "prediction")},
			right: 1, afterReveal: 1, flag: "history: tampered (worksheet.history.json:2: " + name + ": a prediction seen 2099-01-01T00:00:00Z, after the grading"},
		{name: "predictions out of order", files: map[string]string{"worksheet.md": sheet, "worksheet.history.json": forged(at("2026-12-01T11:00:00Z")+","+at("2026-12-01T09:00:00Z"), "2026-12-01T11:00:00Z", "prediction")},
			right: 1, afterReveal: 1, flag: "history: tampered (worksheet.history.json:2: " + name + ": a prediction seen 2026-12-01T09:00:00Z listed after one seen 2026-12-01T11:00:00Z"},
		{name: "shown by a way no run records", files: map[string]string{"worksheet.md": sheet, "worksheet.history.json": forged(at("2026-12-01T09:00:00Z"), "2026-12-01T11:00:00Z", "friend")},
			right: 1, afterReveal: 1, flag: "history: tampered (worksheet.history.json:2: " + name + `: its answer shown by "friend", which the harness never records`},
		{name: "a history that does not read", files: map[string]string{"worksheet.md": sheet, "worksheet.history.json": "{\"version\": 1, \"mutants\": {"},
			right: 1, afterReveal: 1, flag: "history: unreadable (worksheet.history.json:1: ", feedback: "(the history does not read, and no run of the harness writes it so)"},
		{name: "predicted in both worksheets", files: map[string]string{"worksheet.md": sheet, "worksheet.zh-CN.md": sheet, "worksheet.history.json": first},
			flag: "worksheet: worksheet.zh-CN.md:2: mutant 7_counts is already predicted at worksheet.md:2; predict each mutant in one worksheet only: neither is judged"},
	} {
		t.Run(c.name, func(t *testing.T) {
			class, feedback := t.TempDir(), t.TempDir()
			files := map[string]string{}
			for f, text := range c.files {
				files["s/"+f] = text
			}
			testfs.Write(t, class, files)
			opt := options(t)
			opt.FeedbackDir, opt.Now = feedback, func() time.Time { return graded }
			r := row(t, gradeClass(t, class, opt), "s")
			type counts struct {
				Right, AfterReveal, RightAfterReveal int
				Total                                float64
			}
			want, got := counts{c.right, c.afterReveal, c.afterReveal, c.total}, counts{r.Right, r.AfterReveal, r.RightAfterReveal, r.Total}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("row (-want +got):\n%s\nflags %q", diff, r.Flags)
			}
			var flag string
			for _, f := range r.Flags {
				if strings.HasPrefix(f, "history:") || strings.Contains(f, "already predicted") {
					flag = f
				}
			}
			if c.flag == "" && flag != "" || !strings.HasPrefix(flag, c.flag) {
				t.Errorf("flag %q, want one starting %q", flag, c.flag)
			}
			text, err := os.ReadFile(filepath.Join(feedback, "s.txt"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(text), c.feedback) {
				t.Errorf("the feedback lacks %q:\n%s", c.feedback, text)
			}
		})
	}
}

// TestGradeAfterRevealRubric: the totals of a prediction recorded first
// and one recorded after its reveal differ by the rubric's
// prediction_right less its prediction_after_reveal, the class analytics
// count the late one, and its feedback says what each would earn.
func TestGradeAfterRevealRubric(t *testing.T) {
	class, feedback := t.TempDir(), t.TempDir()
	const name = "7_counts_hides_pending"
	sheet := prediction("7_counts", "edge/counts_sees_pending", "state")
	late := predict.NewHistory()
	late.Record(&predict.Sheet{}, []string{name}, map[string]string{name: predict.ByReveal}, t0)
	late.Record(parsed(t, "worksheet.md", sheet), nil, nil, t0.Add(time.Hour))
	testfs.Write(t, class, map[string]string{"first/worksheet.md": sheet, "late/worksheet.md": sheet,
		"first/worksheet.history.json": jsonOf(t, recorded(t, "worksheet.md", sheet)), "late/worksheet.history.json": jsonOf(t, late)})
	for _, rb := range []grade.Rubric{grade.DefaultRubric, {PredictionRight: 3, PredictionAfterReveal: 1}} {
		opt := options(t)
		opt.Rubric, opt.FeedbackDir = rb, feedback
		c := gradeClass(t, class, opt)
		first, late := row(t, c, "first"), row(t, c, "late")
		if got, want := first.Total-late.Total, rb.PredictionRight-rb.PredictionAfterReveal; got != want {
			t.Errorf("rubric %+v: first %v - late %v = %v, want %v", rb, first.Total, late.Total, got, want)
		}
		want := []grade.Tally{{Mutant: name, Count: 1, Of: 2}}
		if diff := cmp.Diff(want, c.Analytics.AfterReveal[:1]); diff != "" {
			t.Errorf("analytics after_reveal (-want +got):\n%s", diff)
		}
		var table strings.Builder
		if err := c.Table(&table); err != nil || !strings.Contains(table.String(), "predictions recorded after their answer was revealed:\n  "+name) {
			t.Errorf("the class table does not count the late prediction (%v):\n%s", err, table.String())
		}
		text, err := os.ReadFile(filepath.Join(feedback, "late.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if want := "earns " + strconv.FormatFloat(rb.PredictionAfterReveal, 'f', -1, 64) + " point(s) instead of the " + strconv.FormatFloat(rb.PredictionRight, 'f', -1, 64); !strings.Contains(string(text), want) {
			t.Errorf("late's feedback lacks %q:\n%s", want, text)
		}
		if text, _ := os.ReadFile(filepath.Join(feedback, "first.txt")); strings.Contains(string(text), "recorded after its answer") || strings.Contains(string(text), "not backed by") {
			t.Errorf("first's feedback says it was recorded after:\n%s", text)
		}
		// Handed in, the work is not told to predict before running; the
		// mutants are named by their IDs, their names being answers.
		if !strings.Contains(string(text), "not predicted, so no prediction points: 1_init, 2_reserve,") || strings.Contains(string(text), "before running") {
			t.Errorf("late's feedback does not say once, without advice, what was not predicted:\n%s", text)
		}
	}
}

// TestChineseFeedback: a Chinese student's feedback words their broken
// observation in Chinese, testscript's failure included, not as the
// instructor's English flag.
func TestChineseFeedback(t *testing.T) {
	class, feedback := t.TempDir(), t.TempDir()
	testfs.Write(t, class, map[string]string{
		"王伟/worksheet.zh-CN.md":   prediction("7_counts", "edge/counts_sees_pending", "state"),
		"王伟/student/replay.txtar": replayAtExpiry,
	})
	opt := options(t)
	opt.FeedbackDir = feedback
	c := gradeClass(t, class, opt)
	if r := row(t, c, "王伟"); !flagged(r, "invalid: student/replay fails on the reference") {
		t.Errorf("the instructor's flag is gone: %q", r.Flags)
	}
	text, err := os.ReadFile(filepath.Join(feedback, "王伟.txt"))
	if err != nil {
		t.Fatal(err)
	}
	_, reasons, _ := strings.Cut(string(text), "得分的全部依据：")
	for _, english := range []string{"fails on the reference", "no match for"} {
		if strings.Contains(reasons, english) {
			t.Errorf("the reasons keep %q:\n%s", english, reasons)
		}
	}
	if !strings.Contains(reasons, "student/replay") || !strings.Contains(reasons, "中没有与") {
		t.Errorf("the reasons do not word the broken observation in Chinese:\n%s", reasons)
	}
}

// TestObservationFailingOnAWheatIsBroken: a student's observation that
// passes on the reference but fails on the lab's wheat (here, one that
// asserts the reference's words for a refused cycle, which the contract
// leaves open) counts as invalid, not as a kill: the instructor's flag
// names the wheat, and the student's feedback says it in their language.
func TestObservationFailingOnAWheatIsBroken(t *testing.T) {
	const words = `# the cycle refuses a key the store holds, in the reference's words
idem init
idem reserve k v0 30
! idem cycle k
stderr 'the cycle needs a key the store does not hold'
`
	class, feedback := t.TempDir(), t.TempDir()
	testfs.Write(t, class, map[string]string{
		"ann/worksheet.md":              prediction("7_counts", "edge/counts_sees_pending", "state"),
		"ann/student/cycle_words.txtar": words,
		"王伟/worksheet.zh-CN.md":         prediction("7_counts", "edge/counts_sees_pending", "state"),
		"王伟/student/cycle_words.txtar":  words,
	})
	opt := options(t)
	opt.FeedbackDir = feedback
	c := gradeClass(t, class, opt)
	for _, tc := range []struct{ student, want string }{
		{"ann", "passes on the reference but fails on the wheat ledger"},
		{"王伟", "却在独立于参考实现编写的另一个正确实现 ledger 上失败"},
	} {
		r := row(t, c, tc.student)
		if r.Invalid != 1 || r.OwnKills != 0 {
			t.Errorf("%s: %d invalid, %d own kills, want 1 and 0", tc.student, r.Invalid, r.OwnKills)
		}
		if !flagged(r, "invalid: student/cycle_words fails on wheat ledger", "student/cycle_words.txtar:5") {
			t.Errorf("%s: no flag names the wheat: %q", tc.student, r.Flags)
		}
		text, err := os.ReadFile(filepath.Join(feedback, tc.student+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(text), tc.want) {
			t.Errorf("%s's feedback does not say the observation fails on the wheat (%q):\n%s", tc.student, tc.want, text)
		}
	}
}
