package idemlab

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/exitcode"
	"idemlab/harness/i18n"
	"idemlab/harness/i18n/i18ntest"
)

// TestMisuseInChinese: under a Chinese locale, a mistyped command line's
// error is Chinese, the flag, the value and the names it holds kept.
func TestMisuseInChinese(t *testing.T) {
	i18ntest.Set(t, i18n.Chinese)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-lab", "leas"}, "idemlab: -lab：没有名为 \"leas\" 的实验；现有的实验：idemstore, lease\n"},
		{[]string{"-bogus"}, "没有这个参数：-bogus\n运行 'idemlab -h' 查看用法\n"},
		{[]string{"-run"}, "参数 -run 需要一个值\n运行 'idemlab -h' 查看用法\n"},
		{[]string{"-format", "xml"}, "idemlab: 没有格式 \"xml\"；可选的格式：text, json, html, stryker\n"},
		{[]string{"mutat"}, "idemlab: 多余的参数 \"mutat\"（你是不是想写 idemlab mutate？）\n"},
		{[]string{"-mutant", "1_int"}, "idemlab: -mutant \"1_int\"：没有这个变异体（你是不是想写 1_init？）；本实验的变异体有 1_init, 2_reserve, 3_finish, 4_fetch, 5_expired, 6_purge, 7_counts, 8_cycle（加上 -heldout 时还有保留变异体）\n"},
		{[]string{"-json", "report.json"}, "idemlab: 多余的参数 \"report.json\"：-json 不带值；要把报告写入文件，请加上 -o：-json -o report.json\n"},
		{[]string{"-q", "out.txt"}, "idemlab: 多余的参数 \"out.txt\"：-q 不带值\n"},
		{[]string{"-format", "json", "report.json"}, "idemlab: 多余的参数 \"report.json\"：idemlab 只接受以 - 开头的参数；要把报告写入文件，请加上 -o：-o report.json\n"},
		{[]string{"-lang", "fr"}, "idemlab: -lang：不支持语言 \"fr\"；可选 en 或 zh-CN\n"},
	} {
		var stdout, stderr bytes.Buffer
		if status := Main(labs, c.args, &stdout, &stderr); status != exitcode.Usage {
			t.Errorf("%q: status %d, want %d", c.args, status, exitcode.Usage)
		}
		if diff := cmp.Diff(c.want, stderr.String()); diff != "" {
			t.Errorf("%q: stderr (-want +got):\n%s", c.args, diff)
		}
	}
}

// TestUsageErrorsInTheStudentsLanguage: a usage error of the kill report
// speaks the student's language, -lang's before the locale's, and says
// what was likely meant: the mutant a typo is nearest to, and -o for a
// file name given after a flag that takes no value.
func TestUsageErrorsInTheStudentsLanguage(t *testing.T) {
	for _, c := range []struct {
		locale i18n.Lang
		args   []string
		want   string
	}{
		{i18n.English, []string{"-mutant", "1_int"}, "idemlab: -mutant \"1_int\": no such mutant (did you mean 1_init?); the lab's are 1_init, 2_reserve, 3_finish, 4_fetch, 5_expired, 6_purge, 7_counts, 8_cycle (with -heldout, held-out ones too)\n"},
		{i18n.English, []string{"-lang", "zh-CN", "-mutant", "9_nope"}, "idemlab: -mutant \"9_nope\"：没有这个变异体；本实验的变异体有 1_init, 2_reserve, 3_finish, 4_fetch, 5_expired, 6_purge, 7_counts, 8_cycle（加上 -heldout 时还有保留变异体）\n"},
		{i18n.Chinese, []string{"-lang", "en", "-json", "report.json"}, "idemlab: unexpected argument \"report.json\": -json takes no value; to write the report to a file, add -o: -json -o report.json\n"},
		{i18n.English, []string{"-reveal", "x"}, "idemlab: unexpected argument \"x\": -reveal takes no value\n"},
		{i18n.English, []string{"-q", "mutat"}, "idemlab: unexpected argument \"mutat\" (did you mean idemlab mutate?)\n"},
		{i18n.English, []string{"lease"}, "idemlab: unexpected argument \"lease\" (did you mean idemlab -lab lease?)\n"},
		{i18n.English, []string{"report"}, "idemlab: unexpected argument \"report\": idemlab takes only flags (idemlab -h lists them), or first the subcommand mutate or search\n"},
		{i18n.English, []string{"-o", "r.txt", "r.json"}, "idemlab: unexpected argument \"r.json\": idemlab takes only flags; to write the report to a file, add -o: -o r.json\n"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			i18ntest.Set(t, c.locale)
			var stdout, stderr bytes.Buffer
			if status := Main(labs, c.args, &stdout, &stderr); status != exitcode.Usage {
				t.Errorf("status %d, want %d", status, exitcode.Usage)
			}
			if diff := cmp.Diff(c.want, stderr.String()); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
		})
	}
}
