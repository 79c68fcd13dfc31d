package submission_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"idemlab/harness/internal/scriptrun"
	"idemlab/harness/killmatrix"
	"idemlab/harness/submission"
	"idemlab/mutants"
)

// lintSeeds are scripts the lint must read as testscript runs them: the
// attacks of issue 20 and their neighbours, and honest observations.
var lintSeeds = []string{
	"# doc\nidem init\ngrep '-x\\|^rchar: \\d{1,6}$' ${/}proc${/}self${/}io\n",
	"# doc\ngrep '-x' /dev/zero\n",
	"# doc\n! grep '-x\\|SECRET.*' ../bob/worksheet.md\n",
	"# doc\ncp want.txt out\nmkdir sub\nmv out sub/out\nexists -readonly want.txt\n-- want.txt --\na\n",
	"# doc\ncp want.txt $WORK/../escaped\n-- want.txt --\na\n",
	"# doc\nmkdir ${/}tmp${/}x\n",
	"# doc\ncp want.txt '-x=../y'\n-- want.txt --\na\n",
	"# doc\nidem init\n-- ${/}tmp${/}x --\nx\n",
	"# doc\nidem init\n-- $WORK/../x --\nx\n",
	"# doc\nmkdir a\ncp want.txt a/../../z\n-- want.txt --\n",
	"# doc\n$BANG cp want.txt ..\n-- want.txt --\n",
	"# doc\nidem init\n-- --\n",
	"# doc\nidem -C /etc -list\n",
	"# doc\nidem -heldout=/etc/passwd init\n",
	"# doc\nidem --impl=reference -db s.db init\n",
	"# doc\nidem -db -C --db=s.db init\n",
	"# doc\nidem -- init\n",
}

// FuzzLint runs every script the lint accepts in testscript itself, with
// the lab's command as a no-op, in a work folder of its own inside an
// otherwise empty folder: whatever the script does, nothing may appear
// beside its work folder. It also checks that the lint never panics, and
// that a script it refuses says where, and that every idem line it
// accepts has only the flags idem defines, read as idem reads them.
func FuzzLint(f *testing.F) {
	for _, s := range lintSeeds {
		f.Add(s)
	}
	l := mutants.Lab()
	f.Fuzz(func(t *testing.T, text string) {
		o, err := killmatrix.New(killmatrix.KindStudent, "x", "student/x.txtar", []byte(text))
		if err != nil {
			return
		}
		if strings.ContainsRune(text, 0) {
			return // the reader refuses it before the lint
		}
		if err := submission.Lint(l, o, submission.DefaultLimits); err != nil {
			if !strings.HasPrefix(err.Error(), "student/x.txtar") {
				t.Errorf("Lint(%q) = %v: the refusal names no file", text, err)
			}
			return
		}
		root := t.TempDir()
		dir := filepath.Join(root, "run")
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(root, "x.txtar")
		if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		noop := func(*testscript.TestScript, bool, []string) {}
		idem := func(_ *testscript.TestScript, _ bool, args []string) {
			if bad := unknownFlag(args); bad != "" {
				t.Errorf("Lint accepted %q, whose idem line has the flag %q idem does not define", text, bad)
			}
		}
		scriptrun.Run(testscript.Params{
			Files:       []string{file},
			WorkdirRoot: dir,
			Setup: func(env *testscript.Env) error {
				env.Vars = append(env.Vars, "BANG=!")
				return nil
			},
			Cmds: map[string]func(*testscript.TestScript, bool, []string){"idem": idem, "?": noop},
		})
		entries, err := os.ReadDir(root)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		if !slices.Equal(names, []string{"run", "x.txtar"}) {
			t.Errorf("Lint accepted %q, and running it left %v beside its work folder", text, names)
		}
		inner, _ := os.ReadDir(dir)
		for _, e := range inner {
			if !strings.HasPrefix(e.Name(), "script-") {
				t.Errorf("Lint accepted %q, and running it left %s beside its work folder", text, e.Name())
			}
		}
	})
}

// unknownFlag reads idem's leading flags as reference/idem's Run does
// and returns the first it does not define, or "".
func unknownFlag(args []string) string {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		flag, _, hasValue := strings.Cut(strings.TrimPrefix(args[0], "-"), "=")
		if flag != "db" && flag != "-db" {
			return args[0]
		}
		if !hasValue && len(args) > 1 {
			args = args[1:]
		}
		args = args[1:]
	}
	return ""
}
