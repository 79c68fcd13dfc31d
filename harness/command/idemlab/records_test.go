package idemlab

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutagen"
	"idemlab/harness/outcome"
	"idemlab/harness/report"
	"idemlab/harness/search"
	"idemlab/mutants"
)

// TestEquivalenceRecordsNameTheirGenerator: an equivalent mutant is
// believed only with a recorded search whose programs the lab's generator
// draws now; one with no record, with a record of no generator or of
// another is a problem that says how to search it again.
func TestEquivalenceRecordsNameTheirGenerator(t *testing.T) {
	l := mutants.Lab()
	now := search.Generator(l)
	records := map[string]*mutagen.SearchRecord{
		"store.go:1:a": {Seed: 1, Programs: 10000, Generator: now},
		"store.go:2:b": nil,
		"store.go:3:c": {Seed: 1, Programs: 10000},
		"store.go:4:d": {Seed: 1, Programs: 10000, Generator: "v0-000000000000"},
	}
	g := &generated{lab: l, eq: &mutagen.Equivalents{}}
	r := &report.Report{}
	for _, id := range []string{"store.go:1:a", "store.go:2:b", "store.go:3:c", "store.go:4:d"} {
		g.eq.Equivalent = append(g.eq.Equivalent, mutagen.Equivalent{ID: id, Reason: "r", Search: records[id], Pos: "equivalent.json:" + id[9:10]})
		r.Mutants = append(r.Mutants, report.Mutant{MutantRow: killmatrix.MutantRow{Name: id, Outcome: outcome.Equivalent}})
	}
	g.unrecorded(r)
	var got []string
	for _, p := range r.Problems {
		pos, what, _ := strings.Cut(p, ": mutant ")
		got = append(got, pos+": "+strings.TrimSuffix(strings.Fields(what)[0], ":"))
		if !strings.Contains(p, "-record 10000 -run 'store\\.go:") {
			t.Errorf("problem does not say how to search again: %s", p)
		}
	}
	want := []string{"equivalent.json:2: store.go:2:b", "equivalent.json:3: store.go:3:c", "equivalent.json:4: store.go:4:d"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("problems (-want +got):\n%s\n%s", diff, strings.Join(r.Problems, "\n"))
	}
	if p := r.Problems[2]; !strings.Contains(p, "v0-000000000000") || !strings.Contains(p, now) {
		t.Errorf("a record of another generator: the problem names neither or only one of the two: %s", p)
	}
}

// TestEquivalentByTheEngine: an equivalence that rests on the engine's
// query plan says so before its reason, in the report's language.
func TestEquivalentByTheEngine(t *testing.T) {
	mu := report.Mutant{MutantRow: killmatrix.MutantRow{Outcome: outcome.Equivalent, Reason: "rows come out in the index's order"}, EquivalentBy: mutagen.ByEngine}
	for lang, want := range map[string]string{"en": "equivalent by the engine, not by SQL", "zh-CN": "由引擎而非 SQL 决定的等价"} {
		l, err := i18n.Parse(lang)
		if err != nil {
			t.Fatal(err)
		}
		got := report.ReasonIn(l, mu)
		if !strings.Contains(got, want) || !strings.HasSuffix(got, mu.Reason) {
			t.Errorf("%s: %q, want %q first, then the reason", lang, got, want)
		}
	}
	mu.EquivalentBy = ""
	if got := report.ReasonIn(i18n.English, mu); got != mu.Reason {
		t.Errorf("by the code: %q, want the reason alone", got)
	}
}
