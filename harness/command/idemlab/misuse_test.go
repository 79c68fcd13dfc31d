package idemlab

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/exitcode"
)

// TestMisuseInChinese: under a Chinese locale, a mistyped command line's
// error is Chinese, the flag, the value and the names it holds kept.
func TestMisuseInChinese(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "zh_CN.UTF-8")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-lab", "leas"}, "idemlab: -lab：没有名为 \"leas\" 的实验；现有的实验：idemstore, lease\n"},
		{[]string{"-bogus"}, "没有这个参数：-bogus\n运行 'idemlab -h' 查看用法\n"},
		{[]string{"-run"}, "参数 -run 需要一个值\n运行 'idemlab -h' 查看用法\n"},
		{[]string{"-format", "xml"}, "idemlab: 没有格式 \"xml\"；可选的格式：text, json, html, stryker\n"},
		{[]string{"mutat"}, "idemlab: 多余的参数 \"mutat\"\n"},
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
