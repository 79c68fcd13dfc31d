package heldout_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"idemlab/harness/heldout"
	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
)

// Load checks a held-out catalogue against the lab before it builds
// anything, and names every problem at the catalogue's line: here a name
// that is already a lab mutant's label, and a killer that is none of the
// lab's observations.
func ExampleLoad() {
	dir, err := os.MkdirTemp("", "heldout-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "heldout.json")
	os.WriteFile(file, []byte(`{
  "version": 1,
  "reference": "harness/labrun/testdata/counter/counter.go",
  "mutants": [
    {
      "name": "2_result", "step": 2, "function": "Inc", "idea": "result",
      "old": "return next, nil", "new": "return next + 1, nil",
      "killer": "happy/inc_then_get", "hint": "What does the first increment print?"
    },
    {
      "name": "4_get_ignores_spaces", "step": 4, "function": "Get", "idea": "file format",
      "old": "strings.TrimSpace(string(data))", "new": "string(data)",
      "killer": "happy/inc_then_read", "hint": "Read back a counter that Inc wrote."
    }
  ]
}
`), 0o644)

	l := counter.Lab()
	obs, err := labrun.LabObservations(l, "../..")
	if err != nil {
		fmt.Println(err)
		return
	}
	var names []string
	for _, o := range obs {
		names = append(names, o.Name)
	}
	_, err = heldout.Load(l, "../..", file, names, killmatrix.Options{})
	fmt.Println(strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
	// Output:
	// heldout.json:5: mutant "2_result": "2_result" is already the lab's mutant 2_inc_returns_old_value (harness/labrun/testdata/counter/catalogue.json:18); held-out names must differ
	// heldout.json:10: mutant "4_get_ignores_spaces": killer "happy/inc_then_read" is not one of the lab's observations
}
