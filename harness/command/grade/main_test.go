package grade

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/testscript"

	"idemlab/harness/internal/schematest"
	"idemlab/harness/lab"
	"idemlab/harness/labrun/testdata/counter"
	lease "idemlab/labs/lease/mutants"
	"idemlab/mutants"
)

// testLabs are the labs this test binary has built in, as a grade binary
// would: the first lab (the default), the lease lab, and the counter lab,
// which no binary has, also laid out under other names (relaid).
var testLabs = lab.Registry{
	{Name: mutants.Lab().Name, Summary: "the first lab", Lab: mutants.Lab},
	{Name: lease.Lab().Name, Summary: "the lease lab", Lab: lease.Lab},
	{Name: counter.Lab().Name, Summary: "a test lab", Lab: counter.Lab},
	{Name: relaidName, Summary: "the counter lab laid out otherwise", Lab: relaid},
}

// TestMain makes this test binary the grade command for the scripts, and
// its worker: grade starts itself again as "worker -lab NAME JOB", which
// is not one of testscript's commands.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(Main(testLabs, os.Args[1:], os.Stdout, os.Stderr))
	}
	testscript.Main(m, map[string]func(){
		"grade": func() { os.Exit(Main(testLabs, os.Args[1:], os.Stdout, os.Stderr)) },
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
		// [root]: the test runs as root, so a worker run without
		// bubblewrap runs as an unprivileged user.
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"valid":      valid(filepath.Join(root, "harness", "schemas")),
			"cmpuntimed": cmpUntimed,
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

// cmpUntimed is the scripts' command
//
//	cmpuntimed FILE1 FILE2
//
// which compares two feedback files as cmp does, but for two things that
// say when the student's report was made, not what it found: the minute
// it was made ("made 2026-12-04 15:55 UTC", "生成于 …") and the time it
// took, the duration in parentheses that ends its summary line
// ("8 mutants: 8 killed, ... (23.395s)"). Nothing else in a feedback file
// depends on when or where it was graded.
func cmpUntimed(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 || neg {
		ts.Fatalf("usage: cmpuntimed FILE1 FILE2")
	}
	a, b := untimed(ts.ReadFile(args[0])), untimed(ts.ReadFile(args[1]))
	if a != b {
		ts.Logf("(-%s +%s):\n%s", args[0], args[1], cmp.Diff(a, b))
		ts.Fatalf("%s and %s differ, their report's times aside", args[0], args[1])
	}
}

// reportTimes are the minute a report was made and the time it took.
var reportTimes = regexp.MustCompile(`\d{4}-\d\d-\d\d \d\d:\d\d UTC|(?m) \((\d+h)?(\d+m)?\d+(\.\d+)?(ns|µs|ms|s)\)$`)

// untimed is a feedback file's text with the report's times masked.
func untimed(text string) string { return reportTimes.ReplaceAllString(text, "TIME") }
