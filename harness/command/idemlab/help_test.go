package idemlab

import (
	"bytes"
	"flag"
	"regexp"
	"strings"
	"testing"

	"idemlab/harness/cli"
	"idemlab/harness/i18n"
	"idemlab/harness/i18n/i18ntest"
	"idemlab/harness/lab"
	leaselab "idemlab/labs/lease/mutants"
	"idemlab/mutants"
)

// labs are two labs, as a binary with both built in has them.
var labs = lab.Registry{
	{Name: "idemstore", Summary: "the store", Summaries: map[string]string{"zh-CN": "存储"}, Lab: mutants.Lab},
	{Name: "lease", Summary: "the leases", Summaries: map[string]string{"zh-CN": "租约"}, Lab: leaselab.Lab},
}

// TestHelpInChinese: a Chinese student's idemlab -h is Chinese, from its
// synopsis (用法：idemlab [参数], not Go's [flags]) to the labs it lists,
// but for the command's own words (flag names, values, formats); an
// English one is English. So is idemlab search -h's synopsis.
func TestHelpInChinese(t *testing.T) {
	english := regexp.MustCompile(`\b[A-Za-z]{3,} [A-Za-z]{3,}\b`)
	code := regexp.MustCompile(`"[^"]*"|\S*[-_.:/]\S*|\bidemlab (mutate|search|coverage)\b|\b[A-Z]+\b|\b(text|json|html|stryker|testdata|git|user\.name)\b`)
	var zh, en bytes.Buffer
	if status := Main(labs, []string{"-lang", "zh-CN", "-h"}, &zh, &zh); status != 0 {
		t.Fatalf("-h: status %d:\n%s", status, zh.String())
	}
	for i, line := range strings.Split(zh.String(), "\n") {
		if w := english.FindString(code.ReplaceAllString(line, "")); w != "" {
			t.Errorf("line %d keeps English %q: %s", i+1, w, line)
		}
	}
	for _, want := range []string{"用法：idemlab [参数]\n", "idemlab mutate [参数]\n", "idemlab search -mutant NAME [参数]\n", "实验变异体的杀死报告。参数：\n", "  idemstore    存储（默认）\n", "（默认 30s）"} {
		if !strings.Contains(zh.String(), want) {
			t.Errorf("the Chinese -h lacks %q:\n%s", want, zh.String())
		}
	}
	if strings.Contains(zh.String(), "[flags]") {
		t.Errorf("the Chinese -h keeps Go's [flags]:\n%s", zh.String())
	}
	var search bytes.Buffer
	Main(labs, []string{"search", "-lang", "zh-CN", "-h"}, &search, &search)
	if want := "用法：idemlab search -mutant NAME [参数]\n"; !strings.HasPrefix(search.String(), want) {
		t.Errorf("the Chinese search -h does not start with %q:\n%s", want, search.String())
	}
	Main(labs, []string{"-lang", "en", "-h"}, &en, &en)
	for _, want := range []string{"usage: idemlab [flags]\n", "idemlab mutate [flags]\n", "The kill report of the lab's mutants. Flags:\n", "  idemstore    the store (default)\n"} {
		if !strings.Contains(en.String(), want) {
			t.Errorf("the English -h lacks %q:\n%s", want, en.String())
		}
	}
}

// TestFlagsInCatalogue: the catalogue's English words every flag as its
// definition does, so that -h says the same whichever it prints.
func TestFlagsInCatalogue(t *testing.T) {
	var f flags
	var s searchCmdFlags
	for command, define := range map[string]func(*flag.FlagSet){
		"idemlab": func(fs *flag.FlagSet) { f.define(fs, labs) },
		"search":  func(fs *flag.FlagSet) { s.define(fs, labs) },
	} {
		fs := flag.NewFlagSet(command, flag.ContinueOnError)
		define(fs)
		defined := map[string]string{}
		fs.VisitAll(func(fl *flag.Flag) { defined[fl.Name] = fl.Usage })
		cli.LocalizeFlags(fs, i18n.English, command, i18n.M{"Formats": "text, json, html, stryker"})
		fs.VisitAll(func(fl *flag.Flag) {
			if fl.Usage != defined[fl.Name] {
				t.Errorf("%s -%s: the catalogue says %q, the definition %q", command, fl.Name, fl.Usage, defined[fl.Name])
			}
		})
	}
}

// TestHelpNamesEveryValue: idemlab's -h, and its search's, name each
// flag's value by what it is (DIR, N, DURATION), in both languages, never
// by the Go type the flag package prints when a usage names none
// (-dir string, -timeout duration).
func TestHelpNamesEveryValue(t *testing.T) {
	valued := regexp.MustCompile(`(?m)^  -(\S+) (\S+)$`)
	named := regexp.MustCompile(`^[A-Z]+$`)
	for _, lang := range i18n.Langs {
		for _, args := range [][]string{{"-lang", string(lang), "-h"}, {"search", "-h"}, {"mutate", "-h"}} {
			t.Run(string(lang)+" "+strings.Join(args, " "), func(t *testing.T) {
				i18ntest.Set(t, lang)
				var out bytes.Buffer
				if status := Main(labs, args, &out, &out); status != 0 {
					t.Fatalf("status %d:\n%s", status, out.String())
				}
				lines := valued.FindAllStringSubmatch(out.String(), -1)
				if len(lines) == 0 {
					t.Fatalf("no flag with a value:\n%s", out.String())
				}
				for _, m := range lines {
					if !named.MatchString(m[2]) {
						t.Errorf("-%s's value is called %q, not by what it is:\n%s", m[1], m[2], out.String())
					}
				}
			})
		}
	}
}
