package killmatrix_test

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/mutants"
	"idemlab/reference/idem"
)

// Build runs one observation against the reference and a mutant whose
// Counts forgets pending rows: the observation kills it at the line that
// checks the count.
func ExampleBuild() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "counts_sees_pending.txtar")
	err = os.WriteFile(file, []byte(`# counts reports an unfinished key
idem init
idem reserve k1 v1 10
idem counts
stdout '"pending":1'
`), 0o644)
	if err != nil {
		panic(err)
	}
	o, err := killmatrix.Load(killmatrix.KindEdge, file)
	if err != nil {
		panic(err)
	}

	// The store lab, and a mutant of its reference whose Counts forgets
	// pending rows.
	l := mutants.Lab()
	api := l.Reference.Value.(idem.API)
	counts := api.Counts
	api.Counts = func(path string) (map[string]int, error) {
		c, err := counts(path)
		c["pending"] = 0
		return c, err
	}
	mutant := lab.Impl{Name: "counts_hides_pending", Value: api}

	m := killmatrix.Build(l, []lab.Impl{mutant}, []killmatrix.Observation{o}, killmatrix.Options{Timeout: time.Minute})
	mu := m.Mutants[0]
	fmt.Println(mu.Name, mu.Outcome)
	fmt.Println(filepath.Base(mu.KilledBy[0].Pos), mu.KilledBy[0].Command)
	fmt.Println(m.Summary())
	// Output:
	// counts_hides_pending killed
	// counts_sees_pending.txtar:5 stdout '"pending":1'
	// 1 mutant: 1 killed, 0 survived, 0 timeout, 0 invalid
}
