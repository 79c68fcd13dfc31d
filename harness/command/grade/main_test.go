package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"idemlab/harness/grade"
	"idemlab/harness/internal/docgen"
	"idemlab/harness/internal/schematest"
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
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"valid": valid(filepath.Join(root, "harness", "schemas")),
		},
	})
}

// valid is the scripts' command
//
//	valid SCHEMA FILE...
//
// which checks that each FILE is valid against SCHEMA, one of the
// published schemas in dir (grade.schema.json), and with ! that none is.
func valid(dir string) func(ts *testscript.TestScript, neg bool, args []string) {
	return func(ts *testscript.TestScript, neg bool, args []string) {
		if len(args) < 2 {
			ts.Fatalf("usage: valid SCHEMA FILE...")
		}
		for _, file := range args[1:] {
			err := schematest.Check(filepath.Join(dir, args[0]), []byte(ts.ReadFile(file)))
			switch {
			case err != nil && !neg:
				ts.Fatalf("%s: %v", file, err)
			case err == nil && neg:
				ts.Fatalf("%s is valid against %s", file, args[0])
			}
		}
	}
}

// TestUsageInREADME: the README shows grade's and grade merge's -h output
// as they are.
func TestUsageInREADME(t *testing.T) {
	for name, args := range map[string][]string{"grade": {"-h"}, "merge": {"merge", "-h"}} {
		var stdout, stderr bytes.Buffer
		if status := run(context.Background(), args, &stdout, &stderr); status != 0 {
			t.Fatalf("%q: exit %d", args, status)
		}
		if msg := docgen.CheckUsage("../../../README.md", name, stdout.String()); msg != "" {
			t.Error(msg)
		}
	}
}
