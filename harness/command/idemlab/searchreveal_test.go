package idemlab

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/exitcode"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/predict"
)

// TestSearchWorksheetRecordsShown: idemlab search -worksheet FILE, asked
// by a student for a mutant FILE predicts, shows an observation that
// kills it, and records in the checkout's prediction history that its
// answer was shown, as the kill report of another worksheet does (finding
// 7 of issue 30): a prediction tried in a scratch worksheet would
// otherwise be searched, and copied into the checkout's worksheet
// afterwards count as made before its answer. The checkout's own
// predictions are recorded by the prediction, as a run of them records
// them; a search of the checkout's own worksheet records its prediction
// first. Nothing is written in a checkout with neither history nor
// prediction (the course's own, where an instructor reads a student's
// worksheet), and a search refused before predicting records nothing.
func TestSearchWorksheetRecordsShown(t *testing.T) {
	l := counter.Lab()
	module, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	names := map[string]string{}
	for _, label := range []string{"1_limit", "2_result", "3_save"} {
		m, _ := l.Lookup(label)
		names[label] = m.Name
	}
	const (
		predicts3 = "```prediction\nmutant: 3_save\nkiller: happy/inc_then_get\nevidence: state\nreason: the file keeps 0\n```\n"
		predicts2 = "```prediction\nmutant: 2_result\nkiller: happy/inc_then_get\nevidence: return\nreason: the first inc prints 0\n```\n"
	)
	by := func(pairs ...string) map[string]string {
		out := map[string]string{}
		for i := 0; i < len(pairs); i += 2 {
			out[names[pairs[i]]] = pairs[i+1]
		}
		return out
	}
	for _, c := range []struct {
		name    string
		sheet   string // the checkout's worksheet
		scratch string // the worksheet -worksheet names; "" for none
		status  int
		want    map[string]string // the history's reveals, by mutant; nil: no history written
	}{
		{"-worksheet predicting it", predicts3, predicts2, exitcode.OK, by("2_result", predict.ByReveal, "3_save", predict.ByPrediction)},
		{"-worksheet predicting it, fresh checkout", "", predicts2, exitcode.OK, nil},
		{"-worksheet not predicting it", predicts3, predicts3, exitcode.Usage, nil},
		{"the checkout's worksheet", predicts2, "", exitcode.OK, by("2_result", predict.ByPrediction)},
	} {
		t.Run(c.name, func(t *testing.T) {
			work := t.TempDir()
			copyTree(t, filepath.Join(module, counter.Dir), filepath.Join(work, counter.Dir))
			files := map[string]string{
				filepath.Join(work, "go.mod"):                                   "module idemlab\n",
				filepath.Join(work, filepath.FromSlash(l.Layout.Worksheets[0])): c.sheet,
			}
			args := []string{"search", "-C", work, "-mutant", "2_result", "-programs", "300", "-time", "1m"}
			if c.scratch != "" {
				other := filepath.Join(t.TempDir(), "scratch.md")
				files[other] = c.scratch
				args = append(args, "-worksheet", other)
			}
			for file, text := range files {
				if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var stdout, stderr bytes.Buffer
			if status := Run(l, args, &stdout, &stderr); status != c.status {
				t.Fatalf("idemlab %q: status %d, want %d; stderr %q", args, status, c.status, stderr.String())
			}
			if c.status == exitcode.OK && stdout.Len() == 0 {
				t.Errorf("idemlab %q printed no observation", args)
			}
			history := filepath.Join(work, filepath.FromSlash(l.Layout.History))
			if c.want == nil {
				if _, err := os.Lstat(history); !os.IsNotExist(err) {
					t.Errorf("idemlab %q wrote a history (%v), want none", args, err)
				}
				return
			}
			h, err := predict.LoadHistory(history)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for name, m := range h.Mutants {
				got[name] = m.By
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("the checkout's history after idemlab %q (-want +got):\n%s", args, diff)
			}
			if impossible := h.Impossible(time.Now().Add(time.Minute)); len(impossible) > 0 {
				t.Errorf("the history holds what no run writes: %v", impossible)
			}
		})
	}
}
