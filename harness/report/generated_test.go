package report_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutagen"
	"idemlab/harness/outcome"
	"idemlab/harness/report"
)

// TestGenerated judges a made-up run of generated mutants: each outcome,
// the score, the problems that fail the run, and the survivor's diff.
func TestGenerated(t *testing.T) {
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
	eq := &mutagen.Equivalents{Version: 1, Equivalent: []mutagen.Equivalent{
		{ID: eqv.ID, Reason: "a space", Pos: "eq.json:3"},
		{ID: stale.ID, Reason: "thought so", Pos: "eq.json:4"},
	}}
	kill := killmatrix.Kill{Observation: "edge/order", Pos: "testdata/edge/order.txtar:5", Command: "stdout x"}
	res := &mutagen.RunResult{
		Matrix: &killmatrix.Matrix{
			Observations: []killmatrix.ObservationRow{
				{Observation: killmatrix.Observation{Name: "edge/order", Kind: killmatrix.KindEdge}, Status: outcome.Pass},
				{Observation: killmatrix.Observation{Name: "edge/wrong", Kind: killmatrix.KindEdge}, Status: outcome.Broken, Reference: killmatrix.Result{Pos: "w.txtar:3", Message: "no match"}},
			},
			Mutants: []killmatrix.MutantRow{
				{Name: lt.ID, Outcome: outcome.Survived},
				{Name: neg.ID, Outcome: outcome.Killed, KilledBy: []killmatrix.Kill{kill}},
				{Name: eqv.ID, Outcome: outcome.Survived},
				{Name: stale.ID, Outcome: outcome.Killed, KilledBy: []killmatrix.Kill{kill}},
			},
		},
		Unviable: []mutagen.Unviable{{ID: bad.ID, Reason: "does not compile: reference/store.go:2:1: oops"}},
		Generate: time.Millisecond, Build: 2 * time.Second, Run: 3 * time.Second,
	}
	r := report.Generated(report.GeneratedRun{Lab: "p", Source: "p/p.go", Text: src,
		Mutants: []mutagen.Mutant{lt, neg, eqv, stale, bad}, Result: res, Equivalents: eq, Hand: map[string]string{neg.ID: "4_negated"}})

	type verdict struct {
		ID, Hand string
		Outcome  outcome.Mutant
		Reason   string
	}
	var got []verdict
	for _, m := range r.Mutants {
		got = append(got, verdict{m.Name, m.Hand, m.Outcome, m.Reason})
	}
	want := []verdict{
		{lt.ID, "", outcome.Survived, ""},
		{neg.ID, "4_negated", outcome.Killed, ""},
		{eqv.ID, "", outcome.Equivalent, "a space"},
		{stale.ID, "", outcome.Killed, ""},
		{bad.ID, "", outcome.Unviable, "does not compile: reference/store.go:2:1: oops"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	wantSummary := killmatrix.Summary{Mutants: 5, Killed: 2, Survived: 1, Equivalent: 1, Unviable: 1, Broken: 1}
	if diff := cmp.Diff(wantSummary, r.Summary); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
	if got, want := r.GeneratedScoreLine(), "5 mutants: 2 killed, 1 survived, 1 equivalent, 0 timeout, 1 unviable; mutation score 66.7% (2 of 3)"; got != want {
		t.Errorf("score line = %q, want %q", got, want)
	}
	wantProblems := []string{
		"observation edge/wrong is broken on the reference: w.txtar:3: no match",
		"eq.json:4: mutant p.go:5:go-negate-if is listed as equivalent but edge/order kills it: remove the entry",
	}
	if diff := cmp.Diff(wantProblems, r.Problems); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
	if r.Passed() {
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
	if err := r.Text(&text); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"p: 5 generated mutants of p/p.go, 2 observations",
		"SURVIVED (1): no observation tells these from the reference",
		"p.go:4:go-lt-to-le  in f: < becomes <=\n" + wantDiff,
		"equivalent (1), as the equivalent-mutant file says:\n  p.go:3:go-negate-if  a space\n",
		"unviable (1): not judged\n  p.go:2:go-drop-err-check  does not compile",
		"problems:\n  observation edge/wrong is broken on the reference",
		"\n" + r.GeneratedScoreLine() + "\n",
	} {
		if !strings.Contains(text.String(), w) {
			t.Errorf("text report lacks %q:\n%s", w, text.String())
		}
	}
}

// TestCacheLine: the text report of idemlab mutate says, in the report's
// language, what came from the verdict cache, or that -fresh took
// nothing; without a cache it says nothing of one.
func TestCacheLine(t *testing.T) {
	used := &report.CacheUse{Mutants: 272, Judged: 539, Results: 5484, Searches: 52, Searched: 52, Program: true}
	tests := []struct {
		lang  i18n.Lang
		cache *report.CacheUse
		want  string
	}{
		{i18n.English, used, "from the verdict cache: 272 of the 539 mutants judged with no observation run on them, 5484 observation results, 52 of 52 differential searches, and the program of mutants, not rebuilt (-fresh judges everything anew)"},
		{i18n.Chinese, used, "来自判定缓存：539 个被评判的变异体中有 272 个未在其上运行任何观测，5484 个观测结果，52 次差分搜索中的 52 次，以及变异体程序（未重新构建）（-fresh 会全部重新评判）"},
		{i18n.English, &report.CacheUse{Fresh: true}, "verdict cache: -fresh, so every verdict was judged anew here, and kept for the next run"},
		{i18n.Chinese, &report.CacheUse{Fresh: true}, "判定缓存：使用了 -fresh，本次每个判定都重新得出，并保存供下次运行使用"},
		{i18n.English, nil, ""},
	}
	for _, tt := range tests {
		r := &report.Report{Meta: report.Meta{Lang: tt.lang}, Cache: tt.cache}
		if got := r.CacheLine(); got != tt.want {
			t.Errorf("%s, %+v:\n got %q\nwant %q", tt.lang, tt.cache, got, tt.want)
		}
	}
}
