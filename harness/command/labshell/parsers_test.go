package labshell

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/labcmd"
)

// TestParserReasonsInChinese: a usage error that says why an argument
// does not parse as a number or a count reads in Chinese.
func TestParserReasonsInChinese(t *testing.T) {
	_, number := labcmd.ParseNumber("ten")
	_, decimal := labcmd.ParseNumber("1_0")
	_, count := labcmd.ParseCount("1.5")
	got := map[string]string{}
	for _, err := range []error{number, decimal, count} {
		msg := `N "x": ` + err.Error()
		got[msg] = idemShell().reword(i18n.Chinese, msg)
	}
	want := map[string]string{
		`N "x": want a number (or NaN, Inf, -Inf)`:                          "N 的值 \"x\" 无效：应为数（或 NaN、Inf、-Inf）",
		`N "x": want a decimal number`:                                      "N 的值 \"x\" 无效：应为十进制的数",
		`N "x": want a count: a whole number from 0 to 9223372036854775807`: "N 的值 \"x\" 无效：应为计数：0 到 9223372036854775807 之间的整数",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("worded in Chinese (-want +got):\n%s", diff)
	}
}
