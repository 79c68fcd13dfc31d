package submission_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/report"
	"idemlab/harness/submission"
	"idemlab/mutants"
)

// TestLintFlags: a flag idem does not define, in any of the forms idem's
// own reading takes (-f, --f, -f=v, --f=v), is refused by name before
// anything runs, in the student's language; the shell's flags (-C, -impl,
// -list, -heldout, -lab, -lang) are not the observation's. idem's -db in
// every form is read as idem reads it, and its value checked as a file.
func TestLintFlags(t *testing.T) {
	const only = "is not allowed in an observation (idem takes only -db)"
	const zhOnly = "（idem 只接受 -db）"
	for _, c := range []struct {
		name, line string
		en, zh     string // "" when the line is allowed
	}{
		{"shell folder", "idem -C /etc -list", "flag -C " + only, "观测中不允许使用标志 -C" + zhOnly},
		{"shell implementation", "idem -impl reference init", "flag -impl " + only, "观测中不允许使用标志 -impl" + zhOnly},
		{"shell held-out", "idem -heldout h.json init", "flag -heldout " + only, "观测中不允许使用标志 -heldout" + zhOnly},
		{"shell lab", "idem -lab lease init", "flag -lab " + only, "观测中不允许使用标志 -lab" + zhOnly},
		{"shell language", "idem -lang en init", "flag -lang " + only, "观测中不允许使用标志 -lang" + zhOnly},
		{"shell list", "idem -list", "flag -list " + only, "观测中不允许使用标志 -list" + zhOnly},
		{"flag=value", "idem -heldout=/etc/passwd init", "flag -heldout " + only, "观测中不允许使用标志 -heldout" + zhOnly},
		{"two dashes", "idem --lang en init", "flag --lang " + only, "观测中不允许使用标志 --lang" + zhOnly},
		{"two dashes=value", "idem --impl=reference init", "flag --impl " + only, "观测中不允许使用标志 --impl" + zhOnly},
		{"after -db", "idem -db s.db -C /etc init", "flag -C " + only, "观测中不允许使用标志 -C" + zhOnly},
		{"three dashes", "idem ---db s.db init", `flag "---db" ` + only, `观测中不允许使用标志 "---db"` + zhOnly},
		{"bare dashes", "idem -- init", `flag "--" ` + only, `观测中不允许使用标志 "--"` + zhOnly},
		{"one dash", "idem - init", `flag "-" ` + only, `观测中不允许使用标志 "-"` + zhOnly},
		{"quoted space", "idem '-a b' init", `flag "-a b" ` + only, `观测中不允许使用标志 "-a b"` + zhOnly},
		{"work in a flag", "idem -$WORK init", `flag "-$WORK" ` + only, `观测中不允许使用标志 "-$WORK"` + zhOnly},
		{"db=absolute", "idem -db=/tmp/x init", `idem's argument 1: "-db=/tmp/x" is an absolute path: an observation stays in its work directory`,
			`idem 的第 1 个参数："-db=/tmp/x" 是绝对路径：观测只能留在自己的工作目录中`},
		{"--db=absolute", "idem --db=/etc/passwd init", `idem's argument 1: "--db=/etc/passwd" is an absolute path: an observation stays in its work directory`,
			`idem 的第 1 个参数："--db=/etc/passwd" 是绝对路径：观测只能留在自己的工作目录中`},
		{"db", "idem -db s.db init", "", ""},
		{"db=", "idem -db=s.db init", "", ""},
		{"--db", "idem --db s.db init", "", ""},
		{"--db=", "idem --db=s.db init", "", ""},
		{"db value with a dash", "idem -db -C init", "", ""},
		{"flag-like data", "idem -db s.db reserve -C -v 10", "", ""},
	} {
		o, err := killmatrix.New(killmatrix.KindStudent, "x", "student/x.txtar", []byte("# doc\n"+c.line+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		var reason string
		if err := submission.Lint(mutants.Lab(), o, submission.DefaultLimits); err != nil {
			var r *submission.Refusal
			if !errors.As(err, &r) || r.Line != 2 {
				t.Errorf("%s: Lint = %v, want a refusal of line 2", c.name, err)
				continue
			}
			reason = r.Reason
		}
		if diff := cmp.Diff(c.en, reason); diff != "" {
			t.Errorf("%s: %q: reason (-want +got):\n%s", c.name, c.line, diff)
		}
		if reason == "" {
			continue
		}
		zh := report.Refusal(i18n.Chinese, reason)
		if diff := cmp.Diff(c.zh, zh); diff != "" {
			t.Errorf("%s: %q: in Chinese (-want +got):\n%s", c.name, c.line, diff)
		}
		if en := report.Refusal(i18n.English, reason); en != reason {
			t.Errorf("%s: worded again in English (-want +got):\n%s", c.name, cmp.Diff(reason, en))
		}
	}
}

// TestFlagWordedNoFlags: the refusal of a flag to a command that takes
// none is worded in both languages.
func TestFlagWordedNoFlags(t *testing.T) {
	const msg = "flag -x is not allowed in an observation (ctr takes no flags)"
	for lang, want := range map[i18n.Lang]string{
		i18n.English: msg,
		i18n.Chinese: "观测中不允许使用标志 -x（ctr 不接受任何标志）",
	} {
		if diff := cmp.Diff(want, report.Refusal(lang, msg)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", lang, diff)
		}
	}
}
