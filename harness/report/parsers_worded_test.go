package report_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/labcmd"
	"idemlab/harness/report"
)

// TestParserErrorsWordedAgain: the reasons labcmd's number and count
// parsers give, as a lab command's error wraps them, read in Chinese.
func TestParserErrorsWordedAgain(t *testing.T) {
	_, number := labcmd.ParseNumber("ten")
	_, decimal := labcmd.ParseNumber("1_0")
	_, count := labcmd.ParseCount("-1")
	got := map[string]string{}
	for _, err := range []error{number, decimal, count} {
		msg := `rate take: N "x": ` + err.Error()
		got[msg] = report.Failure(i18n.Chinese, msg)
	}
	want := map[string]string{
		`rate take: N "x": want a number (or NaN, Inf, -Inf)`:                          `rate take: N "x": 应为数（或 NaN、Inf、-Inf）`,
		`rate take: N "x": want a decimal number`:                                      `rate take: N "x": 应为十进制的数`,
		`rate take: N "x": want a count: a whole number from 0 to 9223372036854775807`: `rate take: N "x": 应为计数：0 到 9223372036854775807 之间的整数`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("worded in Chinese (-want +got):\n%s", diff)
	}
}
