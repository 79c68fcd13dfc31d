package submission_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

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
	// Issue 29's blocker: testscript's setup expands $WORK to nothing.
	"# doc\nidem init\n-- $WORK/some/absolute/path --\nx\n",
	"# doc\nidem init\n-- $WORK/x.txtar --\nx\n",
	"# doc\nidem init\n-- ${WORK}/../x --\nx\n",
	"# doc\nidem init\ncmp want$ want$\n-- want$ --\na\n",
}

// FuzzLint runs every script the lint accepts in testscript itself, with
// the lab's command as a no-op, confined to a fresh tmpfs that is its
// whole file system (see runConfined): whatever the script does, nothing
// may change there outside its work folder, wherever it aimed. It also
// checks that the lint never panics, that a script it refuses says
// where, and that every idem line it accepts has only the flags idem
// defines, read as idem reads them.
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
		r := runConfined(t, text)
		if diff := outsideWork(r.Before, r.After); len(diff) > 0 {
			t.Errorf("Lint accepted %q, and running it changed outside its work folder:\n%s\n%s", text, strings.Join(diff, "\n"), r.Log)
		}
		for _, bad := range r.BadFlags {
			t.Errorf("Lint accepted %q, whose idem line has the flag %q idem does not define", text, bad)
		}
	})
}

// TestOracleSeesOutside: FuzzLint's oracle sees what a script writes
// anywhere in its file system, here through issue 29's blocker (an
// archive name testscript's setup expands to an absolute path, which the
// lint once accepted), a .. that climbs and an absolute name; and it
// sees nothing outside the work folder for an honest script.
func TestOracleSeesOutside(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"# doc\n-- $WORK/some/absolute/path --\nx\n", []string{"/some", "/some/absolute", "/some/absolute/path"}},
		{"# doc\n-- $WORK/x.txtar --\nx\n", []string{"/x.txtar"}},
		{"# doc\n-- ../../escaped --\nx\n", []string{"/escaped"}},
		{"# doc\ncp want.txt out\nmkdir sub\nmv out sub/out\n-- want.txt --\na\n", nil},
	} {
		r := runConfined(t, c.text)
		var got []string
		for _, d := range outsideWork(r.Before, r.After) {
			p, _, _ := strings.Cut(d, ": ")
			got = append(got, p)
		}
		slices.Sort(got)
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%q: changed outside its work folder (-want +got):\n%s\n%s", c.text, diff, r.Log)
		}
	}
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
