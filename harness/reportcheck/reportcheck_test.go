package reportcheck_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/outcome"
	"idemlab/harness/reportcheck"
	"idemlab/harness/submission"
	"idemlab/mutants"
)

// The example worksheet and its student observations: one that kills a
// mutant, one that fails on the reference.
const (
	worksheet = "mutants/testdata/answers/worksheet.md"
	invalid   = "student/fetch_at_expiry_still_replays"
)

func root(t *testing.T) string {
	t.Helper()
	r, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// vet reads a student's observations as grading does.
var vet = submission.Reader{Lab: mutants.Lab(), Limits: submission.DefaultLimits}.Vet

// makeReport runs the lab on the example worksheet as idemlab -json does,
// in the student's view, keeping the prediction history in history ("":
// none).
func makeReport(t *testing.T, history string) []byte {
	t.Helper()
	return makeReportWith(t, history, killmatrix.Options{})
}

// makeReportWith is makeReport with the kill matrix built with build.
func makeReportWith(t *testing.T, history string, build killmatrix.Options) []byte {
	t.Helper()
	own, refused, err := vet("../../mutants/testdata/answers/student")
	if err != nil {
		t.Fatal(err)
	}
	plan, err := labrun.Prepare(labrun.Config{
		Lab:         mutants.Lab(),
		Root:        root(t),
		Worksheets:  []string{"../../" + worksheet},
		StudentRoot: "../../mutants/testdata/answers",
		Own:         own,
		Refused:     refused,
		History:     history,
		Build:       build,
	})
	if err != nil {
		t.Fatal(err)
	}
	res, err := plan.Run()
	if err != nil {
		t.Fatal(err)
	}
	r := res.Report
	var b bytes.Buffer
	if err := r.JSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// edit decodes data, lets f change it, and encodes it again; numbers are
// kept exact.
func edit(t *testing.T, data []byte, f func(r map[string]any)) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var r map[string]any
	if err := dec.Decode(&r); err != nil {
		t.Fatal(err)
	}
	f(r)
	out, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func list(t *testing.T, v any) []any {
	t.Helper()
	l, ok := v.([]any)
	if !ok {
		t.Fatalf("%T is not a JSON array", v)
	}
	return l
}

func object(t *testing.T, v any) map[string]any {
	t.Helper()
	o, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("%T is not a JSON object", v)
	}
	return o
}

func check(t *testing.T, data []byte) *reportcheck.Result {
	t.Helper()
	res, err := reportcheck.Check(mutants.Lab(), root(t), data, killmatrix.Options{}, vet)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	return res
}

func TestCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the lab several times")
	}
	data := makeReport(t, "")

	t.Run("ok", func(t *testing.T) {
		res := check(t, data)
		if res.Verdict != reportcheck.OK || len(res.Differences) != 0 || len(res.Mismatched) != 0 {
			t.Fatalf("Check of an untouched report: %s", res)
		}
		if !strings.HasPrefix(res.String(), "ok: ") {
			t.Errorf("String() = %q", res)
		}
	})

	// idemlab keeps a prediction history by default, and each verdict
	// then says whether its prediction came first: a fact of the
	// checkout's history, read again from it (TestCheckRecomputesRecorded).
	// A report made with a history kept elsewhere says "before" where
	// this checkout's history (none) backs nothing.
	t.Run("history elsewhere", func(t *testing.T) {
		withHistory := makeReport(t, filepath.Join(t.TempDir(), "worksheet.history.json"))
		if !bytes.Contains(withHistory, []byte(`"recorded": "before"`)) {
			t.Fatalf("the report made with a history records nothing:\n%.3000s", withHistory)
		}
		res := check(t, withHistory)
		if res.Verdict != reportcheck.Tampered || len(res.Differences) == 0 {
			t.Fatalf("Check of a report whose history is not the checkout's: %s", res)
		}
		for _, d := range res.Differences {
			if !strings.HasSuffix(d.Path, ".recorded") || d.Report != `"before"` || d.Rerun != "" {
				t.Errorf("difference %s; want only recorded ones, before in the report and nothing in the history", d)
			}
		}
	})

	// A report made with -run-unreached has cells the default run takes
	// from the reference; it says so, and the re-run does as it did.
	t.Run("ok with every cell run", func(t *testing.T) {
		every := makeReportWith(t, "", killmatrix.Options{RunUnreached: true})
		if !bytes.Contains(every, []byte(`"run_unreached": true`)) || bytes.Contains(every, []byte(`"not_reached"`)) || !bytes.Contains(data, []byte(`"not_reached": true`)) {
			t.Fatalf("the report made with RunUnreached does not say so, or has cells not reached, or the default one has none")
		}
		if res := check(t, every); res.Verdict != reportcheck.OK {
			t.Fatalf("Check of an untouched report made with RunUnreached: %s", res)
		}
	})

	t.Run("tampered", func(t *testing.T) {
		var mutant string
		tampered := edit(t, data, func(r map[string]any) {
			// An outcome: the first mutant "survived".
			mu := object(t, list(t, r["mutants"])[0])
			mutant = mu["name"].(string)
			if mu["outcome"] != string(outcome.Killed) {
				t.Fatalf("mutant %s is %v in the report, want killed", mutant, mu["outcome"])
			}
			mu["outcome"] = string(outcome.Survived)
			// A verdict turned right: the example's third prediction is wrong.
			v := object(t, list(t, r["verdicts"])[2])
			if v["right"] != false {
				t.Fatalf("verdict 3 is right in the report, want wrong")
			}
			v["right"] = true
			// The score.
			score := object(t, r["score"])
			score["right"] = json.Number("5")
		})
		res := check(t, tampered)
		if res.Verdict != reportcheck.Tampered || len(res.Mismatched) != 0 {
			t.Fatalf("Check of an edited report: %s", res)
		}
		var paths []string
		for _, d := range res.Differences {
			paths = append(paths, d.Path)
		}
		// The edits, and what follows from the verdict's being right (a
		// lesson's problems): every one is found by its JSON path.
		for _, want := range []string{"mutants[0].outcome", "verdicts[2].right", "score.right"} {
			if !slices.Contains(paths, want) {
				t.Errorf("differences do not name %s: %q", want, paths)
			}
		}
		if !strings.HasPrefix(res.String(), "TAMPERED: ") || !strings.Contains(res.String(), `mutants[0].outcome: the report says "survived", a re-run "killed"`) {
			t.Errorf("String() = %q", res)
		}
	})

	t.Run("other inputs", func(t *testing.T) {
		other := edit(t, data, func(r map[string]any) {
			found := false
			for _, d := range list(t, r["inputs"]) {
				d := object(t, d)
				if d["path"] == worksheet {
					d["sha256"] = strings.Repeat("0", 64)
					found = true
				}
			}
			if !found {
				t.Fatalf("the report's inputs do not list %s", worksheet)
			}
		})
		res := check(t, other)
		if res.Verdict != reportcheck.OtherInputs || !slices.Equal(res.Mismatched, []string{worksheet}) {
			t.Fatalf("Check of a report with another worksheet digest: verdict %s, mismatched %q", res.Verdict, res.Mismatched)
		}
		if !strings.Contains(res.String(), "OTHER INPUTS: ") || !strings.Contains(res.String(), worksheet) {
			t.Errorf("String() = %q", res)
		}
	})

	// A report that drops what it must not, with everything it asserts
	// made consistent again: an input's digest (here the harness's and
	// the reference's), and a student's broken observation, though its
	// file is still in the folder. Check must not call it ok.
	t.Run("dropped input and observation", func(t *testing.T) {
		dropped := edit(t, data, func(r map[string]any) {
			var inputs []any
			for _, d := range list(t, r["inputs"]) {
				if p := object(t, d)["path"]; p != "harness/" && p != "reference/store.go" {
					inputs = append(inputs, d)
				}
			}
			r["inputs"] = inputs
			var obs []any
			for _, o := range list(t, r["observations"]) {
				if object(t, o)["name"] != invalid {
					obs = append(obs, o)
				}
			}
			r["observations"] = obs
			r["uncounted_observations"] = []any{}
			summary := object(t, r["summary"])
			summary["broken_observations"] = json.Number("0")
		})
		res := check(t, dropped)
		want := []string{"harness/ (missing from the report)", "reference/store.go (missing from the report)"}
		if res.Verdict != reportcheck.OtherInputs || !slices.Equal(res.Mismatched, want) {
			t.Errorf("Check of a report that drops inputs: verdict %s, mismatched %q; want %s and %q", res.Verdict, res.Mismatched, reportcheck.OtherInputs, want)
		}
	})

	// A student observation the report drops altogether, digest and all,
	// though the file is in the folder: the report is not of this folder.
	t.Run("dropped own observation", func(t *testing.T) {
		dropped := edit(t, data, func(r map[string]any) {
			var inputs []any
			for _, d := range list(t, r["inputs"]) {
				if !strings.HasSuffix(object(t, d)["path"].(string), "fetch_at_expiry_still_replays.txtar") {
					inputs = append(inputs, d)
				}
			}
			r["inputs"] = inputs
		})
		res := check(t, dropped)
		want := []string{invalid + " (a student observation the report leaves out)"}
		if res.Verdict != reportcheck.OtherInputs || !slices.Equal(res.Mismatched, want) {
			t.Errorf("verdict %s, mismatched %q; want %s and %q", res.Verdict, res.Mismatched, reportcheck.OtherInputs, want)
		}
	})

	t.Run("not a report", func(t *testing.T) {
		for _, c := range []struct{ name, data, says string }{
			{"not JSON", "this is not JSON", "not a JSON report"},
			{"wrong type", `{"schema": 2}`, "not a JSON report"},
			{"wrong schema", `{"schema": "idemlab/killmatrix/v1"}`, `report schema "idemlab/killmatrix/v1"`},
			{"no schema", `{}`, `report schema ""`},
		} {
			t.Run(c.name, func(t *testing.T) {
				res, err := reportcheck.Check(mutants.Lab(), root(t), []byte(c.data), killmatrix.Options{}, vet)
				if err == nil {
					t.Fatalf("Check succeeded: %s", res)
				}
				if !strings.Contains(err.Error(), c.says) {
					t.Errorf("error %q does not say %q", err, c.says)
				}
			})
		}
		t.Run("outside the checkout", func(t *testing.T) {
			outside := edit(t, data, func(r map[string]any) {
				object(t, list(t, r["inputs"])[0])["path"] = "../../../etc/passwd.txtar"
			})
			_, err := reportcheck.Check(mutants.Lab(), root(t), outside, killmatrix.Options{}, vet)
			if err == nil || !strings.Contains(err.Error(), `"../../../etc/passwd.txtar", which is not a path inside the checkout`) {
				t.Errorf("Check of a report naming a file outside the checkout: err = %v", err)
			}
		})
	})

	// A mutant renamed in the report is an edit like any other.
	t.Run("unknown mutant", func(t *testing.T) {
		renamed := edit(t, data, func(r map[string]any) {
			object(t, list(t, r["mutants"])[0])["name"] = "9_not_in_this_checkout"
		})
		res := check(t, renamed)
		if res.Verdict != reportcheck.Tampered || len(res.Differences) == 0 || res.Differences[0].Path != "mutants[0].name" {
			t.Errorf("Check of a report judging an unknown mutant: %s", res)
		}
	})
}

// A checkout whose own lab observation was edited to run a program is
// refused before anything runs, as grading refuses a student's: checkreport
// never runs a line grading would refuse, whichever folder it is in.
func TestCheckLintsTheLabsObservations(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the lab")
	}
	data := makeReport(t, "")
	dir := copyCheckout(t, root(t))
	const rel = "testdata/edge/init_twice_keeps_rows.txtar"
	file := filepath.Join(dir, filepath.FromSlash(rel))
	old, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	pwned := filepath.Join(t.TempDir(), "pwned")
	first, rest, _ := bytes.Cut(old, []byte("\n")) // the comment stays first
	hostile := slices.Concat(first, []byte("\nexec sh -c 'touch "+pwned+"'\n"), rest)
	if err := os.WriteFile(file, hostile, 0o644); err != nil {
		t.Fatal(err)
	}
	// The report digests the edited file, as the student's own run would.
	sum := sha256.Sum256(hostile)
	data = edit(t, data, func(r map[string]any) {
		for _, in := range list(t, r["inputs"]) {
			if o := object(t, in); o["path"] == rel {
				o["sha256"] = hex.EncodeToString(sum[:])
			}
		}
	})
	res, err := reportcheck.Check(mutants.Lab(), dir, data, killmatrix.Options{}, vet)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	if res.Verdict != reportcheck.Refused || len(res.Refusals) != 1 || !strings.HasPrefix(res.Refusals[0], "edge/init_twice_keeps_rows: ") {
		t.Fatalf("Check of a checkout whose lab observation runs sh: %s, want one refusal of edge/init_twice_keeps_rows", res)
	}
	if _, err := os.Stat(pwned); err == nil {
		t.Fatal("the edited observation ran")
	}
}

// copyCheckout copies the module at root, less its .git, into a
// temporary folder.
func copyCheckout(t *testing.T, root string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		switch {
		case d.IsDir() && d.Name() == ".git":
			return filepath.SkipDir
		case d.IsDir():
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		case !d.Type().IsRegular():
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
