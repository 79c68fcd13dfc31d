package cli_test

import (
	"bytes"
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/cli"
	"idemlab/harness/i18n"
)

// flags is a flag set with a flag of every kind the commands define.
func flags() *flag.FlagSet {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var c cli.Common
	c.Define(fs)
	var names cli.Names
	fs.Var(&names, "mutant", "judge only this mutant (`ID`; repeatable)")
	fs.String("lab", "idemstore", "the lab to run, by `NAME` (-h lists them)")
	fs.Int("n", 3, "how many")
	fs.Duration("time", 2*time.Minute, "the `time`")
	fs.Bool("v", true, "verbose")
	return fs
}

// TestPrintDefaultsInEnglish: in English, PrintDefaults prints what the
// flag package prints, and LocalizeFlags leaves every flag's usage as it
// was defined (the catalogue's English is the definitions').
func TestPrintDefaultsInEnglish(t *testing.T) {
	var want, got bytes.Buffer
	fs := flags()
	fs.SetOutput(&want)
	fs.PrintDefaults()
	fs = flags()
	cli.LocalizeFlags(fs, i18n.English, "x", i18n.M{"Formats": "text, json, html, stryker"})
	fs.SetOutput(&got)
	cli.PrintDefaults(fs, i18n.English)
	if diff := cmp.Diff(want.String(), got.String()); diff != "" {
		t.Errorf("PrintDefaults (-flag's +ours):\n%s", diff)
	}
}

// TestPrintDefaultsInChinese: in Chinese, a flag the catalogue words is
// worded in Chinese, its default too; one it does not keeps its English.
func TestPrintDefaultsInChinese(t *testing.T) {
	var out bytes.Buffer
	fs := flags()
	cli.LocalizeFlags(fs, i18n.Chinese, "x", i18n.M{"Formats": "text, json"})
	fs.SetOutput(&out)
	cli.PrintDefaults(fs, i18n.Chinese)
	for _, want := range []string{"  -q\t不打印进度\n", "  -lab NAME\n    \t要运行的实验，按 NAME（名称）指定（-h 会列出）（默认 \"idemstore\"）\n", "  -n int\n    \thow many（默认 3）\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the Chinese defaults lack %q:\n%s", want, out.String())
		}
	}
}
