package predict_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/predict"
	"idemlab/mutants"
)

// known is a small catalogue and set of observations for hand-written
// worksheets.
var known = predict.Known{
	Mutants:      []string{"1_a", "2_b", "3_c"},
	Observations: []string{"happy/h1", "happy/h2", "edge/e1", "edge/e2", "student/s1"},
}

// ignoreHow leaves out of a comparison how a prediction named its mutant
// and its worksheet's language, which TestParseLabelsAndLanguage checks.
var ignoreHow = cmpopts.IgnoreFields(predict.Prediction{}, "Wrote", "Lang")

// lines joins its arguments as the lines of a file, each ending in "\n".
func lines(ls ...string) string {
	return strings.Join(ls, "\n") + "\n"
}

func empty() *predict.Sheet {
	return &predict.Sheet{Predictions: []predict.Prediction{}, Unfilled: []string{}}
}

func TestParseValid(t *testing.T) {
	tests := []struct {
		name string
		text string
		want *predict.Sheet
	}{
		{
			name: "filled block",
			text: lines(
				"# Worksheet",
				"",
				"```prediction",
				"mutant: 1_a",
				"killer: edge/e1",
				"evidence: return",
				"reason: the fetch prints a receipt: not null",
				"survives: happy/h1",
				"```",
			),
			want: &predict.Sheet{
				Predictions: []predict.Prediction{{
					Mutant: "1_a", Killer: "edge/e1", Evidence: killmatrix.EvidenceReturn,
					Reason: "the fetch prints a receipt: not null", Survives: []string{"happy/h1"}, Pos: "w.md:3",
				}},
				Unfilled: []string{},
			},
		},
		{
			name: "two filled blocks in file order, without survives",
			text: lines(
				"```prediction",
				"mutant: 2_b",
				"killer: edge/e2",
				"evidence: state",
				"reason: counts",
				"```",
				"text between",
				"```prediction",
				"mutant: 1_a",
				"killer: student/s1",
				"evidence: error",
				"reason: init fails",
				"```",
			),
			want: &predict.Sheet{
				Predictions: []predict.Prediction{
					{Mutant: "2_b", Killer: "edge/e2", Evidence: killmatrix.EvidenceState, Reason: "counts", Pos: "w.md:1"},
					{Mutant: "1_a", Killer: "student/s1", Evidence: killmatrix.EvidenceError, Reason: "init fails", Pos: "w.md:8"},
				},
				Unfilled: []string{},
			},
		},
		{
			name: "unfilled blocks, fields empty or absent",
			text: lines(
				"```prediction",
				"mutant: 1_a",
				"killer:",
				"evidence:   ",
				"reason:",
				"survives: ",
				"```",
				"",
				"```prediction",
				"mutant: 3_c",
				"```",
				"",
				"```prediction",
				"",
				"  mutant:   2_b  ",
				"",
				"survives: , ,",
				"```",
			),
			want: &predict.Sheet{Predictions: []predict.Prediction{}, Unfilled: []string{"1_a", "3_c", "2_b"}},
		},
		{name: "empty file", text: "", want: empty()},
		{name: "no blocks", text: lines("# Worksheet", "", "Nothing to predict here."), want: empty()},
		{
			name: "other fenced blocks are ignored",
			text: lines(
				"```text",
				"mutant: 9_not_a_mutant",
				"killer: edge/nowhere",
				"evidence: maybe",
				"```",
				"```go",
				"func main() { x := map[string]int{\"a\": 1} }",
				"```",
				"~~~",
				"```prediction",
				"mutant: 9_quoted_in_tildes",
				"```",
				"~~~",
				"~~~markdown",
				"```prediction",
				"no colon here",
				"~~~",
				"````markdown",
				"```prediction",
				"mutant: 9_quoted_in_four_backticks",
				"killer: nowhere",
				"```",
				"````",
				"```diff",
				"- CREATE TABLE IF NOT EXISTS keys",
				"+ CREATE TABLE keys",
				"```",
				"```prediction",
				"mutant: 3_c",
				"killer: happy/h2",
				"evidence: return",
				"reason: after all the others",
				"```",
			),
			want: &predict.Sheet{
				Predictions: []predict.Prediction{{Mutant: "3_c", Killer: "happy/h2", Evidence: killmatrix.EvidenceReturn, Reason: "after all the others", Pos: "w.md:28"}},
				Unfilled:    []string{},
			},
		},
		{
			name: "tilde prediction fence with a longer closing fence",
			text: lines(
				"~~~prediction",
				"mutant: 1_a",
				"killer: edge/e1",
				"evidence: return",
				"reason: r",
				"~~~~",
			),
			want: &predict.Sheet{
				Predictions: []predict.Prediction{{Mutant: "1_a", Killer: "edge/e1", Evidence: killmatrix.EvidenceReturn, Reason: "r", Pos: "w.md:1"}},
				Unfilled:    []string{},
			},
		},
		{
			name: "CRLF line endings",
			text: strings.ReplaceAll(lines(
				"intro",
				"```prediction",
				"mutant: 1_a",
				"killer: edge/e1",
				"evidence: state",
				"reason: rows differ",
				"survives: happy/h1, happy/h2",
				"```",
				"```prediction",
				"mutant: 2_b",
				"killer:",
				"```",
			), "\n", "\r\n"),
			want: &predict.Sheet{
				Predictions: []predict.Prediction{{
					Mutant: "1_a", Killer: "edge/e1", Evidence: killmatrix.EvidenceState, Reason: "rows differ",
					Survives: []string{"happy/h1", "happy/h2"}, Pos: "w.md:2",
				}},
				Unfilled: []string{"2_b"},
			},
		},
		{
			name: "field names are case-insensitive",
			text: lines(
				"```prediction",
				"MUTANT: 2_b",
				"Killer: edge/e2",
				"EviDence: error",
				"  Reason : spaced name",
				"SURVIVES: happy/h1",
				"```",
			),
			want: &predict.Sheet{
				Predictions: []predict.Prediction{{
					Mutant: "2_b", Killer: "edge/e2", Evidence: killmatrix.EvidenceError, Reason: "spaced name",
					Survives: []string{"happy/h1"}, Pos: "w.md:1",
				}},
				Unfilled: []string{},
			},
		},
		{
			name: "survives list with spaces and empty entries",
			text: lines(
				"```prediction",
				"mutant: 1_a",
				"killer: edge/e1",
				"evidence: return",
				"reason: r",
				"survives:   happy/h1 ,happy/h2,  edge/e2 , ",
				"```",
			),
			want: &predict.Sheet{
				Predictions: []predict.Prediction{{
					Mutant: "1_a", Killer: "edge/e1", Evidence: killmatrix.EvidenceReturn, Reason: "r",
					Survives: []string{"happy/h1", "happy/h2", "edge/e2"}, Pos: "w.md:1",
				}},
				Unfilled: []string{},
			},
		},
		{
			name: "only a survives line counts as unfilled when empty",
			text: lines("```prediction", "mutant: 1_a", "survives:", "```"),
			want: &predict.Sheet{Predictions: []predict.Prediction{}, Unfilled: []string{"1_a"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := predict.Parse("w.md", []byte(tt.text), known)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if diff := cmp.Diff(tt.want, got, ignoreHow); diff != "" {
				t.Errorf("Parse (-want +got):\n%s", diff)
			}
		})
	}
}

// filled is a complete block for mutant m, opening at its first line.
func filled(m string) []string {
	return []string{"```prediction", "mutant: " + m, "killer: edge/e1", "evidence: return", "reason: r", "```"}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		prefix string // "w.md:LINE: "
		want   string // a substring of the message
	}{
		{
			name:   "unknown mutant",
			text:   lines("intro", "```prediction", "killer: edge/e1", "mutant: 9_nope", "evidence: return", "reason: r", "```"),
			prefix: "w.md:4: ",
			want:   `unknown mutant "9_nope"; the worksheet's mutants are 1_a, 2_b, 3_c`,
		},
		{
			name:   "unknown killer observation",
			text:   lines("```prediction", "mutant: 1_a", "killer: edge/nowhere", "evidence: return", "reason: r", "```"),
			prefix: "w.md:3: ",
			want:   `unknown observation "edge/nowhere"`,
		},
		{
			name:   "killer without its kind",
			text:   lines("```prediction", "mutant: 1_a", "killer: e1", "evidence: return", "reason: r", "```"),
			prefix: "w.md:3: ",
			want:   `killer: unknown observation "e1"; want kind/name`,
		},
		{
			name:   "bad evidence kind",
			text:   lines("```prediction", "mutant: 1_a", "killer: edge/e1", "evidence: maybe", "reason: r", "```"),
			prefix: "w.md:4: ",
			want:   `evidence "maybe": want return, error or state`,
		},
		{
			name:   "unknown survives entry",
			text:   lines("```prediction", "mutant: 1_a", "killer: edge/e1", "evidence: return", "reason: r", "survives: happy/h1, happy/gone", "```"),
			prefix: "w.md:6: ",
			want:   `survives: unknown observation "happy/gone"`,
		},
		{
			name:   "unknown field",
			text:   lines("```prediction", "mutant: 1_a", "killr: edge/e1", "```"),
			prefix: "w.md:3: ",
			want:   `unknown field "killr" (did you mean killer?); want one of mutant, killer, evidence, reason, survives`,
		},
		{
			name:   "field given twice",
			text:   lines("```prediction", "mutant: 1_a", "killer: edge/e1", "evidence: return", "reason: one", "", "Reason: two", "```"),
			prefix: "w.md:7: ",
			want:   `field "reason" given twice in one block (first on line 5)`,
		},
		{
			name:   "line without a colon",
			text:   lines("```prediction", "mutant: 1_a", "just some words", "```"),
			prefix: "w.md:3: ",
			want:   `want "field: value", got "just some words"`,
		},
		{
			name:   "missing evidence in a filled block",
			text:   lines("x", "y", "```prediction", "mutant: 2_b", "killer: edge/e1", "reason: r", "```"),
			prefix: "w.md:6: ",
			want:   "the prediction for 2_b is missing evidence (fill every field but survives, or none)",
		},
		{
			name:   "only survives filled names every missing field",
			text:   lines("```prediction", "mutant: 2_b", "survives: happy/h1", "```"),
			prefix: "w.md:3: ",
			want:   "the prediction for 2_b is missing killer, evidence, reason",
		},
		{
			name:   "block with no mutant line",
			text:   lines("intro", "```prediction", "killer: edge/e1", "evidence: return", "reason: r", "```"),
			prefix: "w.md:2: ",
			want:   "prediction block without a mutant: line",
		},
		{
			name:   "block with an empty mutant line",
			text:   lines("```prediction", "mutant:", "killer: edge/e1", "```"),
			prefix: "w.md:1: ",
			want:   "prediction block without a mutant: line",
		},
		{
			name:   "two blocks for one mutant in one file",
			text:   lines(append(append(filled("1_a"), "between"), filled("1_a")...)...),
			prefix: "w.md:8: ",
			want:   "second prediction block for mutant 1_a in this file (the first is on line 1)",
		},
		{
			name:   "two unfilled blocks for one mutant in one file",
			text:   lines("```prediction", "mutant: 3_c", "```", "```prediction", "mutant: 3_c", "```"),
			prefix: "w.md:4: ",
			want:   "second prediction block for mutant 3_c",
		},
		{
			name:   "unclosed block",
			text:   lines(append(filled("1_a"), "text", "```prediction", "mutant: 2_b", "killer: edge/e1")...),
			prefix: "w.md:8: ",
			want:   "prediction block is never closed (no ``` line)",
		},
		{
			name:   "unclosed block with a longer fence",
			text:   lines("````prediction", "mutant: 2_b", "```"),
			prefix: "w.md:1: ",
			want:   "prediction block is never closed (no ```` line)",
		},
		{
			name:   "not UTF-8",
			text:   lines(append(filled("1_a"), "caf\xe9")...),
			prefix: "w.md:1: ",
			want:   "not UTF-8 text",
		},
		{
			name:   "NUL byte",
			text:   lines(append(filled("1_a"), "a\x00b")...),
			prefix: "w.md:1: ",
			want:   "not UTF-8 text",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := predict.Parse("w.md", []byte(tt.text), known)
			if err == nil {
				t.Fatalf("Parse succeeded with %+v, want an error", got)
			}
			if got != nil {
				t.Errorf("Parse returned a sheet %+v along with its error", got)
			}
			msg := err.Error()
			if n := len(unwrap(err)); n != 1 {
				t.Errorf("got %d errors, want 1:\n%s", n, msg)
			}
			if !strings.HasPrefix(msg, tt.prefix) {
				t.Errorf("error %q does not start with %q", msg, tt.prefix)
			}
			if !strings.Contains(msg, tt.want) {
				t.Errorf("error %q does not contain %q", msg, tt.want)
			}
		})
	}
}

// unwrap lists the errors joined in err, or err alone.
func unwrap(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func TestParseReportsEveryProblem(t *testing.T) {
	text := lines(
		"```prediction", // 1
		"mutant: 9_nope",
		"```",
		"```prediction", // 4
		"mutant: 1_a",
		"killer: edge/nowhere", // 6
		"evidence: maybe",      // 7
		"reason: r",
		"survives: happy/gone", // 9
		"```",
		"```prediction", // 11
		"mutant: 2_b",
		"killer: edge/e1",
		"evidence: return",
		"reason: r",
		"```",
		"```prediction", // 17
		"mutant: 3_c",
		"colonless", // 19
		"```",
		"```prediction", // 21
		"mutant: 2_b",
		"```",
		"```prediction", // 24
		"mutant: 3_c",
	)
	sheet, err := predict.Parse("w.md", []byte(text), known)
	if sheet != nil {
		t.Errorf("Parse returned a sheet %+v despite errors", sheet)
	}
	if err == nil {
		t.Fatal("Parse succeeded, want errors")
	}
	var got []string
	for _, e := range unwrap(err) {
		got = append(got, e.Error())
	}
	wantPrefixes := []string{
		"w.md:2: unknown mutant",
		"w.md:6: killer: unknown observation",
		"w.md:7: evidence",
		"w.md:9: survives: unknown observation",
		"w.md:19: want \"field: value\"",
		"w.md:21: second prediction block for mutant 2_b",
		"w.md:24: prediction block is never closed",
	}
	if len(got) != len(wantPrefixes) {
		t.Fatalf("got %d errors, want %d:\n%s", len(got), len(wantPrefixes), err)
	}
	for i, want := range wantPrefixes {
		if !strings.HasPrefix(got[i], want) {
			t.Errorf("error %d = %q, want it to start with %q", i, got[i], want)
		}
	}
	// errors.Join puts one problem on each line.
	if n := strings.Count(err.Error(), "\n") + 1; n != len(wantPrefixes) {
		t.Errorf("error text has %d lines, want %d:\n%s", n, len(wantPrefixes), err)
	}
}

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

func TestParseFiles(t *testing.T) {
	unfilledA := lines("```prediction", "mutant: 1_a", "killer:", "```", "```prediction", "mutant: 2_b", "```")
	filledA := lines(append([]string{"intro"}, filled("1_a")...)...)

	t.Run("unfilled in one, filled in the other", func(t *testing.T) {
		for _, order := range [][2]string{{unfilledA, filledA}, {filledA, unfilledA}} {
			dir := t.TempDir()
			a := write(t, dir, "a.md", order[0])
			b := write(t, dir, "b.md", order[1])
			missing := filepath.Join(dir, "missing.md")
			got, err := predict.ParseFiles([]string{a, missing, b}, known)
			if err != nil {
				t.Fatal(err)
			}
			pos := a + ":2"
			unfilled := []string{"2_b"}
			if order[1] == filledA {
				pos = b + ":2"
			}
			want := &predict.Sheet{
				Predictions: []predict.Prediction{{Mutant: "1_a", Killer: "edge/e1", Evidence: killmatrix.EvidenceReturn, Reason: "r", Pos: pos}},
				Unfilled:    unfilled,
			}
			if diff := cmp.Diff(want, got, ignoreHow); diff != "" {
				t.Errorf("ParseFiles (-want +got):\n%s", diff)
			}
		}
	})

	t.Run("unfilled in both is listed once", func(t *testing.T) {
		dir := t.TempDir()
		a := write(t, dir, "a.md", unfilledA)
		b := write(t, dir, "b.md", lines("```prediction", "mutant: 2_b", "```", "```prediction", "mutant: 3_c", "```"))
		got, err := predict.ParseFiles([]string{a, b}, known)
		if err != nil {
			t.Fatal(err)
		}
		want := &predict.Sheet{Predictions: []predict.Prediction{}, Unfilled: []string{"1_a", "2_b", "3_c"}}
		if diff := cmp.Diff(want, got, ignoreHow); diff != "" {
			t.Errorf("ParseFiles (-want +got):\n%s", diff)
		}
	})

	t.Run("filled in both", func(t *testing.T) {
		dir := t.TempDir()
		a := write(t, dir, "a.md", filledA)
		b := write(t, dir, "b.md", lines(filled("1_a")...))
		got, err := predict.ParseFiles([]string{a, b}, known)
		if err == nil {
			t.Fatalf("ParseFiles succeeded with %+v, want an error", got)
		}
		if got != nil {
			t.Errorf("ParseFiles returned a sheet along with its error: %+v", got)
		}
		want := b + ":1: mutant 1_a is already predicted at " + a + ":2; predict each mutant in one worksheet only: neither is judged"
		if err.Error() != want {
			t.Errorf("error = %q\nwant    %q", err, want)
		}
	})

	t.Run("errors in both files are all reported", func(t *testing.T) {
		dir := t.TempDir()
		a := write(t, dir, "a.md", lines("```prediction", "mutant: 9_x", "```"))
		b := write(t, dir, "b.md", lines("```prediction", "mutant: 1_a", "evidence: maybe", "```"))
		_, err := predict.ParseFiles([]string{a, b}, known)
		errs := unwrap(err)
		if len(errs) != 3 {
			t.Fatalf("got %d errors, want 3 (unknown mutant; missing fields; bad evidence):\n%v", len(errs), err)
		}
		for i, prefix := range []string{a + ":2: unknown mutant", b + ":3: the prediction for 1_a is missing killer, reason", b + ":3: evidence \"maybe\""} {
			if !strings.HasPrefix(errs[i].Error(), prefix) {
				t.Errorf("error %d = %q, want prefix %q", i, errs[i], prefix)
			}
		}
	})

	t.Run("only missing files", func(t *testing.T) {
		dir := t.TempDir()
		got, err := predict.ParseFiles([]string{filepath.Join(dir, "no.md"), filepath.Join(dir, "nor.md")}, known)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(empty(), got); diff != "" {
			t.Errorf("ParseFiles (-want +got):\n%s", diff)
		}
	})

	t.Run("a directory is an error, not skipped", func(t *testing.T) {
		dir := t.TempDir()
		if _, err := predict.ParseFiles([]string{dir}, known); err == nil {
			t.Error("ParseFiles of a directory succeeded, want an error")
		}
	})
}

// labKnown is what the real worksheets may name: the catalogue's mutants
// and the lab's observations, plus the student observations under
// studentRoot.
func labKnown(t *testing.T, studentRoot string) predict.Known {
	t.Helper()
	obs, err := killmatrix.Discover(filepath.Join("..", "..", "testdata"), mutants.Lab().Layout.Kinds...)
	if err != nil {
		t.Fatal(err)
	}
	if studentRoot != "" {
		own, err := killmatrix.Discover(studentRoot, killmatrix.KindStudent)
		if err != nil {
			t.Fatal(err)
		}
		obs = append(obs, own...)
	}
	k := predict.Known{Mutants: mutantNames(), Labels: map[string]string{}}
	for _, m := range mutants.Lab().Catalogue.Mutants {
		k.Labels[m.Label] = m.Name
	}
	for _, o := range obs {
		k.Observations = append(k.Observations, o.Name)
	}
	if len(k.Observations) == 0 {
		t.Fatal("no observations found under ../../testdata")
	}
	return k
}

func TestParseExampleWorksheet(t *testing.T) {
	example := filepath.Join("..", "..", "mutants", "testdata", "answers")
	file := filepath.Join(example, "worksheet.md")
	sheet, err := predict.ParseFiles([]string{file}, labKnown(t, example))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range sheet.Predictions {
		if !strings.HasPrefix(p.Pos, file+":") {
			t.Errorf("%s: Pos = %q, want it in %s", p.Mutant, p.Pos, file)
		}
		got = append(got, p.Mutant)
	}
	want := []string{"1_init_fails_twice", "2_reserve_replaces_existing", "4_fetch_replays_at_expiry", "6_purge_deletes_pending", "7_counts_hides_pending"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("predicted mutants (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"8_cycle_purges_too_early"}, sheet.Unfilled); diff != "" {
		t.Errorf("unfilled (-want +got):\n%s", diff)
	}
	// Without the student observations, a prediction naming one would be
	// an error; the example names none, so it parses the same.
	if _, err := predict.ParseFiles([]string{file}, labKnown(t, "")); err != nil {
		t.Errorf("without the student observations: %v", err)
	}
}

// TestParseLabelsAndLanguage: a worksheet may name a mutant by its label
// (the neutral ID it shows) and an observation by its file; the prediction
// keeps the catalogue's name, how it was written, and the worksheet's
// language, read from its file name.
func TestParseLabelsAndLanguage(t *testing.T) {
	k := known
	k.Labels = map[string]string{"1_x": "1_a"}
	text := lines("```prediction", "mutant: 1_x", "killer: testdata/edge/e1.txtar", "evidence: STATE", "reason: r", "survives: ./happy/h1.txtar", "```")
	sheet, err := predict.Parse("worksheet.zh-CN.md", []byte(text), k)
	if err != nil {
		t.Fatal(err)
	}
	want := []predict.Prediction{{Mutant: "1_a", Wrote: "1_x", Killer: "edge/e1", Evidence: killmatrix.EvidenceState, Reason: "r",
		Survives: []string{"happy/h1"}, Pos: "worksheet.zh-CN.md:1", Lang: i18n.Chinese}}
	if diff := cmp.Diff(want, sheet.Predictions); diff != "" {
		t.Errorf("predictions (-want +got):\n%s", diff)
	}
}

// TestReadKeepsTheRest: a malformed block is a problem at its line, and
// every other block is read, as a grader needs; warnings do not stop
// Parse.
func TestReadKeepsTheRest(t *testing.T) {
	text := lines(
		"```Prediction", "mutant: 3_c", "```", // 1: a near miss, warned
		"```prediction", "mutant: 1_a", "killer: edge/e1", "evidence: maybe", "reason: r", "```", // 4: malformed
		"```prediction", "mutant: 2_b", "killer: edge/e2", "evidence: error", "reason: r", "survives: happy/h1 happy/h2", "```", // 10: separator
		"```prediction", "mutant: 3_c", "killer: edge/e2", "evidence: error", "reason: r", "```", // 17: right
	)
	sheet, problems := predict.Read([]predict.Source{{File: "w.md", Data: []byte(text)}}, known)
	var got []string
	for _, p := range problems {
		got = append(got, fmt.Sprintf("%d %s %v", p.Line, p.Code, p.Warning))
	}
	want := []string{"1 near-fence true", "7 bad-evidence false", "15 survives-separator false"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
	var read []string
	for _, p := range sheet.Predictions {
		read = append(read, p.Mutant)
	}
	if diff := cmp.Diff([]string{"3_c"}, read); diff != "" {
		t.Errorf("predictions read (-want +got):\n%s", diff)
	}
	if msg := problems[2].Error(); !strings.Contains(msg, "separate them with commas (happy/h1, happy/h2)") {
		t.Errorf("separator problem = %q", msg)
	}
}

// TestParseDidYouMean: an unknown observation close to a known one names
// it.
func TestParseDidYouMean(t *testing.T) {
	text := lines("```prediction", "mutant: 1_a", "killer: edge/e11", "evidence: error", "reason: r", "```")
	_, err := predict.Parse("w.md", []byte(text), known)
	if err == nil || !strings.Contains(err.Error(), "(did you mean edge/e1?)") {
		t.Errorf("error %v, want it to suggest edge/e1", err)
	}
}

// TestReadRefusesAMutantPredictedTwice: a mutant predicted in both
// worksheets (or three) is judged in none, whatever the order, and the
// problem names both places; the other predictions are read.
func TestReadRefusesAMutantPredictedTwice(t *testing.T) {
	en := lines(append(filled("1_a"), filled("2_b")...)...)
	zh := lines(filled("1_a")...)
	for _, c := range []struct {
		name    string
		sources []predict.Source
		want    []string // the mutants read
		problem string
	}{
		{"English first", []predict.Source{{File: "worksheet.md", Data: []byte(en)}, {File: "worksheet.zh-CN.md", Data: []byte(zh)}},
			[]string{"2_b"}, "worksheet.zh-CN.md:1: mutant 1_a is already predicted at worksheet.md:1; predict each mutant in one worksheet only: neither is judged"},
		{"Chinese first", []predict.Source{{File: "worksheet.zh-CN.md", Data: []byte(zh)}, {File: "worksheet.md", Data: []byte(en)}},
			[]string{"2_b"}, "worksheet.md:1: mutant 1_a is already predicted at worksheet.zh-CN.md:1; predict each mutant in one worksheet only: neither is judged"},
		{"three times", []predict.Source{{File: "a.md", Data: []byte(zh)}, {File: "b.md", Data: []byte(zh)}, {File: "c.md", Data: []byte(zh)}},
			[]string{}, "b.md:1: mutant 1_a is already predicted at a.md:1; predict each mutant in one worksheet only: neither is judged"},
	} {
		t.Run(c.name, func(t *testing.T) {
			sheet, problems := predict.Read(c.sources, known)
			got := []string{}
			for _, p := range sheet.Predictions {
				got = append(got, p.Mutant)
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("predictions read (-want +got):\n%s", diff)
			}
			if len(problems) == 0 || problems[0].Error() != c.problem {
				t.Errorf("problems %v, want first %q", problems, c.problem)
			}
		})
	}
}
