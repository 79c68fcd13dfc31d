package cli_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/cli"
	"idemlab/harness/i18n"
)

// TestMisuse: each usage error is itself in English and worded again in
// Chinese; one of no known form is passed through as it is.
func TestMisuse(t *testing.T) {
	for _, c := range []struct{ msg, zh string }{
		{"flag provided but not defined: -bogus", "没有这个参数：-bogus"},
		{"flag needs an argument: -run", "参数 -run 需要一个值"},
		{`invalid value "x" for flag -n: parse error`, `参数 -n 的值 "x" 无效：parse error`},
		{`invalid boolean value "x" for -json: parse error`, `参数 -json 的值 "x" 无效：parse error`},
		{"bad flag syntax: ---x", "参数写法有误：---x"},
		{`unexpected argument "mutat"`, `多余的参数 "mutat"`},
		{`-lab: no lab called "leas"; the labs are idemstore, lease`, `-lab：没有名为 "leas" 的实验；现有的实验：idemstore, lease`},
		{`format "xml": want text, json`, `没有格式 "xml"；可选的格式：text, json`},
		{`-lang: language "fr": want en or zh-CN`, `-lang：不支持语言 "fr"；可选 en 或 zh-CN`},
		{`-run "zzz" matches none of the 87 observations in testdata`, `-run "zzz" 与 testdata 中的 87 个观测都不匹配`},
		{`-student /tmp: the folder must be named student`, `-student /tmp：这个文件夹必须命名为 student`},
		{`invalid value "1_init" for flag -mutant: "1_init" given twice`, `参数 -mutant 的值 "1_init" 无效："1_init" 给了两次`},
		{"-run: error parsing regexp: missing closing ): `(`", "-run：不是有效的正则表达式：缺少右圆括号 )（出错处：`(`）"},
		{"no such thing", "no such thing"},
	} {
		if diff := cmp.Diff(c.zh, cli.Misuse(i18n.Chinese, c.msg)); diff != "" {
			t.Errorf("Misuse(zh, %q) (-want +got):\n%s", c.msg, diff)
		}
		if got := cli.Misuse(i18n.English, c.msg); got != c.msg {
			t.Errorf("Misuse(en, %q) = %q, want it as it is", c.msg, got)
		}
	}
}
