package labtest

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/report"
)

// update makes ExampleWorksheet write its golden file instead of comparing
// with it: go test ./labs/NAME/mutants -run TestExampleWorksheet -update.
var update = flag.Bool("update", false, "write the example worksheet's expected.json instead of comparing with it")

// exampleFile is the golden file beside the lab's example worksheet.
const exampleFile = "expected.json"

// example is what ExampleWorksheet pins of a student's run: every fact a
// student's report is built from, without timings.
type example struct {
	Lang      i18n.Lang         `json:"lang"`
	Score     report.Score      `json:"score"`
	Unfilled  []string          `json:"unfilled,omitempty"`
	Verdicts  []exampleVerdict  `json:"verdicts"`
	Uncounted []exampleOwn      `json:"uncounted,omitempty"`
	Lessons   map[string]string `json:"lessons,omitempty"`
}

// exampleVerdict is one prediction's verdict: right or not, the problems
// found with it by code, and where the reference and the mutant first
// part ways when it was wrong.
type exampleVerdict struct {
	Mutant     string   `json:"mutant"`
	Right      bool     `json:"right"`
	Problems   []string `json:"problems,omitempty"`
	Divergence string   `json:"divergence,omitempty"`
}

// exampleOwn is a student observation that counts as no evidence, and the
// mutants whose behaviour it expects.
type exampleOwn struct {
	Observation string   `json:"observation"`
	Status      string   `json:"status"`
	Pos         string   `json:"pos"`
	SharedWith  []string `json:"shared_with,omitempty"`
}

// ExampleWorksheet runs the lab's example submission, the worksheets and
// the student folder kept beside its answer key (mutants/testdata/answers:
// predictions right and wrong on purpose, an observation that kills and
// one that expects a mutant's behaviour), as a student's checkout, and
// compares every verdict, problem, score, misconception and lesson with
// expected.json in that folder ((-want +got)). Run with -update to write
// expected.json after a deliberate change, and read its diff: it is what
// a student would now be told.
func ExampleWorksheet(t *testing.T, l *lab.Lab) {
	if l.Layout.Answers == "" {
		t.Skip("the lab's catalogue answers in place: no example submission beside an answer key")
	}
	dir := joinRoot(Root(t), path.Dir(l.Layout.Answers))
	var sheets []string
	for _, w := range l.Layout.Worksheets {
		if p := filepath.Join(dir, path.Base(w)); fileExists(p) {
			sheets = append(sheets, p)
		}
	}
	if len(sheets) == 0 {
		t.Fatalf("no example worksheet in %s: put a filled copy of one of %v there", dir, l.Layout.Worksheets)
	}
	res := StudentRun(t, l, filepath.Join(dir, l.Layout.Own), labrun.Config{Worksheets: sheets})
	got := summarise(res.Report)
	file := filepath.Join(dir, exampleFile)
	if *update {
		data, err := json.MarshalIndent(got, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	var want example
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v: write it with go test -run %s -update, then read it", err, t.Name())
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&want); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the example submission's report differs from %s (-want +got):\n%s\n(after a deliberate change: go test -run %s -update)", file, diff, t.Name())
	}
}

// summarise keeps what ExampleWorksheet pins of a student's report.
func summarise(r *report.Report) example {
	e := example{Lang: r.Meta.Lang, Score: r.Score, Unfilled: r.Predictions.Unfilled}
	for _, v := range r.Verdicts {
		ev := exampleVerdict{Mutant: v.Prediction.Mutant, Right: v.Right}
		for _, p := range v.Problems {
			ev.Problems = append(ev.Problems, p.Code)
		}
		if v.Divergence != nil {
			ev.Divergence = v.Divergence.Observation
		}
		if !v.Right {
			if e.Lessons == nil {
				e.Lessons = map[string]string{}
			}
			e.Lessons[v.Prediction.Mutant] = r.Lesson(v)
		}
		e.Verdicts = append(e.Verdicts, ev)
	}
	for _, u := range r.Uncounted {
		o := exampleOwn{Observation: u.Observation, Status: string(u.Status), Pos: u.Pos}
		for _, s := range u.SharedWith {
			o.SharedWith = append(o.SharedWith, s.Mutant)
		}
		e.Uncounted = append(e.Uncounted, o)
	}
	return e
}

// fileExists reports whether p names a regular file.
func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}
