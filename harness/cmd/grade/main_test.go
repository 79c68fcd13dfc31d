package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"idemlab/harness/grade"
	"idemlab/mutants"
)

// TestMain makes this test binary the grade command for the scripts, and
// its worker: grade starts itself again as "worker JOB", which is not one
// of testscript's commands.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(grade.Serve(mutants.Lab(), os.Args[2:], os.Stdout, os.Stderr))
	}
	testscript.Main(m, map[string]func(){
		"grade": func() { os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs testdata/script/*.txtar, one behaviour of the command
// each; $ROOT is the checkout the command grades with (-C $ROOT).
func TestScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("grades classes with the whole lab")
	}
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Setup: func(e *testscript.Env) error {
			e.Setenv("ROOT", root)
			return nil
		},
	})
}
