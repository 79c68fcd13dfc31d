package labtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
)

// Scripts runs every testdata/*.txtar of the calling test's package on
// lab l's reference, a subtest each, with the lab's commands as the
// observations have them: a command package's own tests (what each
// subcommand prints, what it passes on to the store, how an interleaving
// reads), written as scripts, not Go. They are not observations: no
// mutant is judged by them and no report shows them.
func Scripts(t *testing.T, l *lab.Lab) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if len(files) == 0 {
		wd, _ := os.Getwd()
		t.Fatalf("no scripts: %s matches no file; write one testdata/NAME.txtar per behaviour of the command, as an observation is written", filepath.Join(wd, "testdata", "*.txtar"))
	}
	for _, f := range files {
		base := strings.TrimSuffix(filepath.Base(f), ".txtar")
		t.Run(base, func(t *testing.T) {
			o, err := killmatrix.Load("testdata", f)
			if err != nil {
				t.Fatal(err)
			}
			if r := killmatrix.Run(l, l.Reference, o, killmatrix.Options{}); r.Status != outcome.Pass {
				t.Errorf("%s at %s: %s\n%s", r.Status, r.Pos, r.Message, r.Log)
			}
		})
	}
}
