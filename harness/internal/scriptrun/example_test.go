package scriptrun_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"

	"idemlab/harness/internal/scriptrun"
)

// A failing script is logged, not a failure of the caller.
func ExampleRun() {
	dir, _ := os.MkdirTemp("", "scriptrun")
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "x.txtar")
	os.WriteFile(file, []byte("exists nothing-here\n"), 0o600)
	log := scriptrun.Run(testscript.Params{Files: []string{file}, WorkdirRoot: dir})
	fmt.Println(strings.Contains(log, "nothing-here does not exist"))
	// Output:
	// true
}
