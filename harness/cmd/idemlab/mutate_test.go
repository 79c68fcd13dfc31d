package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/mutagen"
	"idemlab/harness/outcome"
)

// mutateEntry is one line of idemlab mutate -list -json.
type mutateEntry struct {
	ID         string `json:"id"`
	Operator   string `json:"operator"`
	Function   string `json:"function"`
	Hand       string `json:"hand"`
	Equivalent string `json:"equivalent"`
}

func mutateList(t *testing.T, args ...string) []mutateEntry {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := runMutate(append([]string{"-list", "-json"}, args...), &stdout, &stderr); code != 0 {
		t.Fatalf("idemlab mutate -list -json %v: exit %d\n%s", args, code, stderr.String())
	}
	var list []mutateEntry
	if err := json.Unmarshal(stdout.Bytes(), &list); err != nil {
		t.Fatalf("-list -json output: %v\n%s", err, stdout.String())
	}
	return list
}

func TestMutateList(t *testing.T) {
	list := mutateList(t)
	if len(list) < 50 {
		t.Fatalf("%d mutants listed, want the reference's many", len(list))
	}
	hands := map[string]string{}
	equivalent := 0
	for _, e := range list {
		if e.Hand != "" {
			hands[e.Hand] = e.ID
		}
		if e.Equivalent != "" {
			equivalent++
		}
	}
	// The catalogue's SQL mutants are among the generated ones.
	for _, name := range []string{"1_init_fails_twice", "2_reserve_replaces_existing", "4_fetch_replays_at_expiry"} {
		if hands[name] == "" {
			t.Errorf("catalogue mutant %s is not marked in the list", name)
		}
	}
	if equivalent == 0 {
		t.Error("no mutant of the list is marked equivalent")
	}

	// The text form: one line a mutant, then a closing line.
	var stdout, stderr bytes.Buffer
	if code := runMutate([]string{"-list"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != len(list)+1 {
		t.Errorf("%d lines, want %d mutants and a closing line", len(lines), len(list))
	}
	for _, w := range []string{"[= 2_reserve_replaces_existing]", "[equivalent]", "in Reserve: an insert that does nothing on conflict becomes INSERT OR REPLACE"} {
		if !strings.Contains(stdout.String(), w) {
			t.Errorf("list lacks %q", w)
		}
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, "mutants of reference/store.go") || !strings.Contains(last, "hand-written only: ") {
		t.Errorf("closing line = %q", last)
	}

	// -run selects by id.
	sel := mutateList(t, "-run", `:sql-do-nothing-to-replace$`)
	want := []mutateEntry{{ID: hands["2_reserve_replaces_existing"], Operator: "sql-do-nothing-to-replace", Function: "Reserve", Hand: "2_reserve_replaces_existing"}}
	if diff := cmp.Diff(want, sel); diff != "" {
		t.Errorf("-run selection (-want +got):\n%s", diff)
	}
}

func TestMutateUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-bogus"}, "flag provided but not defined: -bogus"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-run", "("}, "-run: error parsing regexp"},
		{[]string{"-run", "no-such-operator"}, `-run "no-such-operator" matches none of the`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := runMutate(tt.args, &stdout, &stderr); code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("stderr = %q, want it to contain %q", stderr.String(), tt.want)
			}
			if stdout.Len() > 0 {
				t.Errorf("stdout = %q, want nothing", stdout.String())
			}
		})
	}
}

// TestMutateReport judges a made-up run: each outcome, the score, and the
// problems that fail the command.
func TestMutateReport(t *testing.T) {
	src := []byte("package p\n\nfunc f(a, b int) bool {\n\treturn a < b\n}\n")
	mk := func(line int, op, old, new string) mutagen.Mutant {
		id := "p.go:" + string(rune('0'+line)) + ":" + op
		return mutagen.Mutant{ID: id, File: "p.go", Line: line, Operator: op, Function: "f", Old: old, New: new}
	}
	lt := mk(4, "go-lt-to-le", "\treturn a < b", "\treturn a <= b")
	neg := mk(4, "go-return-negate", "\treturn a < b", "\treturn !(a < b)")
	eqv := mk(3, "go-negate-if", "func f(a, b int) bool {", "func f(a, b int) bool { ")
	stale := mk(5, "go-negate-if", "}", "} ")
	bad := mk(2, "go-drop-err-check", "x", "y")
	mutants := []mutagen.Mutant{lt, neg, eqv, stale, bad}
	eq := &mutagen.Equivalents{Version: 1, Equivalent: []mutagen.Equivalent{
		{ID: eqv.ID, Reason: "a space", Pos: "eq.json:3"},
		{ID: stale.ID, Reason: "thought so", Pos: "eq.json:4"},
	}}
	kill := killmatrix.Kill{Observation: "edge/order", Pos: "testdata/edge/order.txtar:5", Command: "stdout x"}
	res := &mutagen.RunResult{
		Matrix: &killmatrix.Matrix{
			Observations: []killmatrix.ObservationRow{
				{Observation: killmatrix.Observation{Name: "edge/order"}, Status: outcome.Pass},
				{Observation: killmatrix.Observation{Name: "edge/wrong"}, Status: outcome.Broken, Reference: killmatrix.Result{Pos: "w.txtar:3", Message: "no match"}},
			},
			Mutants: []killmatrix.MutantRow{
				{Name: lt.ID, Outcome: outcome.Survived},
				{Name: neg.ID, Outcome: outcome.Killed, KilledBy: []killmatrix.Kill{kill}},
				{Name: eqv.ID, Outcome: outcome.Survived},
				{Name: stale.ID, Outcome: outcome.Killed, KilledBy: []killmatrix.Kill{kill}},
			},
		},
		Unviable: []mutagen.Unviable{{ID: bad.ID, Reason: "does not compile: store.go:2:1: oops"}},
		Generate: time.Millisecond, Build: 2 * time.Second, Run: 3 * time.Second,
	}
	r := newMutateReport("p/p.go", src, mutants, map[string]string{neg.ID: "4_negated"}, eq, res)

	type verdict struct{ ID, Hand, Outcome, Reason string }
	var got []verdict
	for _, m := range r.Mutants {
		got = append(got, verdict{m.ID, m.Hand, m.Outcome, m.Reason})
	}
	want := []verdict{
		{lt.ID, "", "survived", ""},
		{neg.ID, "4_negated", "killed", ""},
		{eqv.ID, "", "equivalent", "a space"},
		{stale.ID, "", "killed", ""},
		{bad.ID, "", "unviable", "does not compile: store.go:2:1: oops"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	wantSummary := mutateSummary{Mutants: 5, Killed: 2, Survived: 1, Equivalent: 1, Unviable: 1, Score: 100 * 2.0 / 3}
	if diff := cmp.Diff(wantSummary, r.Summary); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
	if got, want := r.Summary.String(), "5 mutants: 2 killed, 1 survived, 1 equivalent, 0 timed out, 1 unviable; mutation score 66.7% (2 of 3)"; got != want {
		t.Errorf("summary line = %q, want %q", got, want)
	}
	wantProblems := []string{
		"observation edge/wrong fails on the reference: w.txtar:3: no match",
		"eq.json:4: mutant p.go:5:go-negate-if is listed as equivalent but edge/order kills it: remove the entry",
	}
	if diff := cmp.Diff(wantProblems, r.Problems); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
	if r.passed() {
		t.Error("a report with a survivor and problems passed")
	}
	wantDiff := "--- p/p.go\n+++ p/p.go (p.go:4:go-lt-to-le)\n@@ -4 +4 @@ func f\n-\treturn a < b\n+\treturn a <= b\n"
	if diff := cmp.Diff(wantDiff, r.Mutants[0].Diff); diff != "" {
		t.Errorf("survivor's diff (-want +got):\n%s", diff)
	}
	if r.Mutants[1].Diff != "" {
		t.Errorf("a killed mutant has a diff: %q", r.Mutants[1].Diff)
	}

	var text bytes.Buffer
	if err := r.text(&text); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"SURVIVED: no observation tells these from the reference (1):",
		"p.go:4:go-lt-to-le  in f: < becomes <=\n" + wantDiff,
		"equivalent, as mutants/equivalent.json says (1):\n  p.go:3:go-negate-if  a space\n",
		"unviable: not judged (1):\n  p.go:2:go-drop-err-check  does not compile",
		"problems:\n  observation edge/wrong fails on the reference",
		"\n" + r.Summary.String() + "\n",
	} {
		if !strings.Contains(text.String(), w) {
			t.Errorf("text report lacks %q:\n%s", w, text.String())
		}
	}
}

// TestMutateRun builds the mutants that swap ASC for DESC and runs them:
// against one observation that never looks at order they all survive,
// each shown with its diff, and the command fails; against the lab's
// observations they all die and it passes.
func TestMutateRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with go build")
	}
	const sel = `:sql-asc-to-desc$`
	n := len(mutateList(t, "-run", sel))

	obs := t.TempDir()
	if err := os.MkdirAll(filepath.Join(obs, killmatrix.KindHappy), 0o755); err != nil {
		t.Fatal(err)
	}
	script := "# init makes an empty store\nidem init\nidem counts\nstdout '^\\{\"done\":0,\"pending\":0\\}$'\n"
	if err := os.WriteFile(filepath.Join(obs, killmatrix.KindHappy, "init.txtar"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := runMutate([]string{"-run", sel, "-dir", obs}, &stdout, &stderr); code != 1 {
		t.Errorf("exit %d with survivors, want 1\n%s", code, stderr.String())
	}
	out := stdout.String()
	for _, w := range []string{
		"SURVIVED: no observation tells these from the reference",
		"+++ reference/store.go (store.go:",
		"ORDER BY id DESC",
		"0 killed, ",
		"mutation score 0.0%",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("report lacks %q:\n%s", w, out)
		}
	}
	if got := strings.Count(out, "\n-\t"); got != n {
		t.Errorf("%d removed lines in the diffs, want one for each of the %d survivors:\n%s", got, n, out)
	}

	stdout.Reset()
	stderr.Reset()
	if code := runMutate([]string{"-run", sel, "-json"}, &stdout, &stderr); code != 0 {
		t.Errorf("exit %d against the lab's observations, want 0\n%s\n%s", code, stdout.String(), stderr.String())
	}
	var r mutateReport
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Schema != MutateSchema || r.Summary.Mutants != n || r.Summary.Killed != n || r.Summary.Score != 100 {
		t.Errorf("report: schema %q, summary %+v; want %d mutants all killed", r.Schema, r.Summary, n)
	}
	for _, m := range r.Mutants {
		if len(m.KilledBy) != 1 || !m.FirstKillOnly {
			t.Errorf("%s: %d killers, first kill only %v; want judging stopped at one", m.ID, len(m.KilledBy), m.FirstKillOnly)
		}
	}

	// With -all every observation runs, and every killer is listed.
	stdout.Reset()
	stderr.Reset()
	if code := runMutate([]string{"-run", sel, "-json", "-all"}, &stdout, &stderr); code != 0 {
		t.Errorf("-all: exit %d against the lab's observations, want 0\n%s\n%s", code, stdout.String(), stderr.String())
	}
	var all mutateReport
	if err := json.Unmarshal(stdout.Bytes(), &all); err != nil {
		t.Fatal(err)
	}
	several := 0
	for i, m := range all.Mutants {
		if m.FirstKillOnly || len(m.KilledBy) == 0 || i < len(r.Mutants) && len(r.Mutants[i].KilledBy) > 0 && !slices.ContainsFunc(m.KilledBy, func(k killmatrix.Kill) bool { return k.Observation == r.Mutants[i].KilledBy[0].Observation }) {
			t.Errorf("-all: %s killed by %v (first kill only %v); want every killer, the first-kill one among them", m.ID, m.KilledBy, m.FirstKillOnly)
		}
		if len(m.KilledBy) > 1 {
			several++
		}
	}
	if several == 0 {
		t.Errorf("-all: no mutant has more than one killer; the order of ids is seen by several observations")
	}
}
