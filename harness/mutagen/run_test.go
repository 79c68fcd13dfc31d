package mutagen_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/mutagen"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/mutants"
)

// TestRun builds three mutants of the real reference into one program, of
// which one does not compile and one does not apply, and judges the rest
// with one observation: the unviable two are reported with their reasons,
// the others judged.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with go build")
	}
	src, cat := reference(t)
	root, err := mutation.ModuleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	all, err := mutagen.Generate(cat.Reference, src)
	if err != nil {
		t.Fatal(err)
	}
	var sorted, reserve mutagen.Mutant // Expired's ORDER BY, Reserve's insert
	for _, m := range all {
		switch {
		case m.Operator == "sql-asc-to-desc" && m.Function == "Expired":
			sorted = m
		case m.Operator == "sql-do-nothing-to-replace":
			reserve = m
		}
	}
	if sorted.ID == "" || reserve.ID == "" {
		t.Fatal("the reference has no ORDER BY ... ASC in Expired or no do-nothing insert")
	}
	broken := mutagen.Mutant{ID: "store.go:1:go-negate-if", File: "store.go", Line: 1, Operator: "go-negate-if",
		Old: "func InitDB(path string) error {", New: "func InitDB(path string) error {\n\tunused := 1"}
	gone := mutagen.Mutant{ID: "store.go:2:go-negate-if", File: "store.go", Line: 2, Operator: "go-negate-if",
		Old: "no such text in the reference", New: "x"}

	obs := t.TempDir()
	if err := os.MkdirAll(filepath.Join(obs, "edge"), 0o755); err != nil {
		t.Fatal(err)
	}
	script := `# Expired lists the lowest ids first.
idem init
idem reserve a v 1
idem finish a v 1
idem reserve b v 1
idem finish b v 1
idem expired 5 1
stdout '^\["a"\]$'
`
	if err := os.WriteFile(filepath.Join(obs, "edge", "expired_ascending.txtar"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := mutagen.Run(mutants.Lab(), src, []mutagen.Mutant{sorted, broken, gone, reserve}, mutagen.BuildOptions{Root: root},
		mutagen.RunOptions{Dir: obs, Kinds: []string{killmatrix.KindEdge}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Builds != 2 {
		t.Errorf("%d builds, want 2: one that fails, one without the broken mutant", res.Builds)
	}
	var ids []string
	for _, u := range res.Unviable {
		ids = append(ids, u.ID)
	}
	if diff := cmp.Diff([]string{broken.ID, gone.ID}, ids); diff != "" {
		t.Errorf("unviable (-want +got):\n%s", diff)
	}
	if len(res.Unviable) == 2 {
		if r := res.Unviable[0].Reason; !strings.Contains(r, "does not compile") || !strings.Contains(r, "unused") {
			t.Errorf("reason for the mutant that does not compile: %q", r)
		}
		if r := res.Unviable[1].Reason; !strings.Contains(r, "does not occur") {
			t.Errorf("reason for the mutant that does not apply: %q", r)
		}
	}
	got := map[string]outcome.Mutant{}
	for _, row := range res.Matrix.Mutants {
		got[row.Name] = row.Outcome
	}
	want := map[string]outcome.Mutant{sorted.ID: outcome.Killed, reserve.ID: outcome.Survived}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("outcomes (-want +got):\n%s", diff)
	}
}
