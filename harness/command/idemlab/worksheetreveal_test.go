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

// TestOtherWorksheetRecordsShown: a kill report of another worksheet
// (-worksheet FILE) records the answers it shows in the checkout's
// prediction history, as the report of the checkout's own worksheets
// does, whatever the view (finding 7 of issue 30: -reveal and
// -instructor with -worksheet recorded nothing, and neither did the
// student's view, so a prediction tried in a scratch worksheet showed
// its answer, and copied into the checkout's worksheet afterwards
// counted as made first). The checkout's own predictions are recorded
// as a run of them records them. No view records anything in a checkout
// with neither history nor prediction, the course's own, where an
// instructor reads a student's worksheet.
func TestOtherWorksheetRecordsShown(t *testing.T) {
	l := counter.Lab()
	module, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir()) // -C changes the folder; the test's own comes back after it
	names := map[string]string{}
	for _, label := range []string{"1_limit", "2_result", "3_save"} {
		m, _ := l.Lookup(label)
		names[label] = m.Name
	}
	const (
		predicts3 = "```prediction\nmutant: 3_save\nkiller: happy/inc_then_get\nevidence: state\nreason: the file keeps 0\n```\n"
		scratch   = "```prediction\nmutant: 2_result\nkiller: happy/inc_then_get\nevidence: return\nreason: the first inc prints 0\n```\n"
	)
	by := func(pairs ...string) map[string]string {
		out := map[string]string{}
		for i := 0; i < len(pairs); i += 2 {
			out[names[pairs[i]]] = pairs[i+1]
		}
		return out
	}
	for _, c := range []struct {
		name  string
		flags []string
		sheet string            // the checkout's worksheet
		want  map[string]string // the history's reveals, by mutant; nil: no history written
	}{
		{"student's view", nil, predicts3, by("2_result", predict.ByReveal, "3_save", predict.ByPrediction)},
		{"student's view, fresh checkout", nil, "", nil},
		{"-reveal, fresh checkout", []string{"-reveal"}, "", nil},
		{"-reveal", []string{"-reveal"}, predicts3, by("1_limit", predict.ByReveal, "2_result", predict.ByReveal, "3_save", predict.ByPrediction)},
		{"-instructor", []string{"-instructor"}, predicts3, by("1_limit", predict.ByInstructor, "2_result", predict.ByInstructor, "3_save", predict.ByPrediction)},
		{"-instructor, fresh checkout", []string{"-instructor"}, "", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			work := t.TempDir()
			copyTree(t, filepath.Join(module, counter.Dir), filepath.Join(work, counter.Dir))
			other := filepath.Join(t.TempDir(), "scratch.md")
			for file, text := range map[string]string{
				filepath.Join(work, "go.mod"):                                   "module idemlab\n",
				filepath.Join(work, filepath.FromSlash(l.Layout.Worksheets[0])): c.sheet,
				other: scratch,
			} {
				if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var stdout, stderr bytes.Buffer
			args := append([]string{"-C", work, "-q", "-worksheet", other}, c.flags...)
			if status := Run(l, args, &stdout, &stderr); status != exitcode.OK {
				t.Fatalf("idemlab %q: status %d, stderr %q", args, status, stderr.String())
			}
			history := filepath.Join(work, filepath.FromSlash(l.Layout.History))
			if c.want == nil {
				if _, err := os.Lstat(history); !os.IsNotExist(err) {
					t.Errorf("a history was written in the course's checkout (%v), want none", err)
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
