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

// TestArchiveNameAsSetupReadsIt: testscript unpacks an archive before its
// environment exists, so a variable in an archive file's name is empty
// there ($WORK/x is /x): issue 29's blocker wrote a classmate's worksheet
// that way. Every such name is refused at its line, with where testscript
// would have written it, in English and in Chinese.
func TestArchiveNameAsSetupReadsIt(t *testing.T) {
	for _, c := range []struct{ name, en, zh string }{
		{
			"$WORK/some/absolute/path",
			`archive file: "$WORK/some/absolute/path" expands $WORK before the script's variables exist, so testscript writes it at "/some/absolute/path": name an archive file relative to the work directory, without variables`,
			`归档文件："$WORK/some/absolute/path" 展开了 $WORK，但 testscript 解包归档时脚本的变量还不存在，所以它会写到 "/some/absolute/path"：归档文件的名字要相对于工作目录来写，不能用变量`,
		},
		{
			"${}notes.txt",
			`archive file: "${}notes.txt" is rewritten by testscript's expansion as "notes.txt": write an archive file's name without $`,
			`归档文件："${}notes.txt" 会被 testscript 的展开改写成 "notes.txt"：归档文件的名字里不要写 $`,
		},
	} {
		text := "# doc\nidem init\n-- " + c.name + " --\nx\n"
		o, err := killmatrix.New(killmatrix.KindStudent, "x", "student/x.txtar", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		var r *submission.Refusal
		if err := submission.Lint(mutants.Lab(), o, submission.DefaultLimits); !errors.As(err, &r) || r.Line != 3 {
			t.Fatalf("%s: Lint = %v, want a refusal of line 3", c.name, err)
		}
		if diff := cmp.Diff(c.en, r.Reason); diff != "" {
			t.Errorf("%s: reason (-want +got):\n%s", c.name, diff)
		}
		if diff := cmp.Diff(c.zh, report.Refusal(i18n.Chinese, r.Reason)); diff != "" {
			t.Errorf("%s: in Chinese (-want +got):\n%s", c.name, diff)
		}
		if en := report.Refusal(i18n.English, r.Reason); en != r.Reason {
			t.Errorf("%s: worded again in English (-want +got):\n%s", c.name, cmp.Diff(r.Reason, en))
		}
	}
}
