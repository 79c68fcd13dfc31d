package idemlab

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/exitcode"
	"idemlab/harness/i18n"
	"idemlab/harness/i18n/i18ntest"
	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
	"idemlab/mutants"
)

// TestSearchCommand: idemlab search prints the minimal script for a lab
// mutant to an instructor at once and to a student only once the
// student's worksheet predicts it; the script printed is an observation
// that passes on the reference and fails on the mutant.
func TestSearchCommand(t *testing.T) {
	i18ntest.Set(t, i18n.English)
	sheet := root + "/mutants/testdata/answers/worksheet.md" // predicts 4_fetch, not 5_expired
	tests := []struct {
		name     string
		args     []string
		status   int
		mutant   string // the mutant the printed observation must kill
		inStderr string
	}{
		{"instructor", []string{"-instructor", "-mutant", "8_cycle"}, exitcode.OK, "8_cycle", ""},
		{"student after predicting", []string{"-worksheet", sheet, "-mutant", "4_fetch"}, exitcode.OK, "4_fetch", ""},
		{"student before predicting", []string{"-worksheet", sheet, "-mutant", "5_expired"}, exitcode.Usage, "", "predict 5_expired first"},
		{"student, generated mutant", []string{"-worksheet", sheet, "-mutant", "store.go:59:go-drop-err-check"}, exitcode.Usage, "", "with -instructor"},
		{"held-out without -instructor", []string{"-heldout", root + "/testdata/heldout/example.json", "-mutant", "x"}, exitcode.Usage, "", "add -instructor"},
		{"no mutant", nil, exitcode.Usage, "", "-mutant NAME"},
		{"unknown", []string{"-instructor", "-mutant", "no_such"}, exitcode.Usage, "", "no generated mutant of that id"},
	}
	l := mutants.Lab()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(append([]string{"search", "-programs", "2000"}, tt.args...), &stdout, &stderr)
			if status != tt.status {
				t.Fatalf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", status, tt.status, stdout.String(), stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.inStderr) {
				t.Errorf("stderr %q does not say %q", stderr.String(), tt.inStderr)
			}
			if tt.mutant == "" {
				return
			}
			_, script, ok := strings.Cut(stdout.String(), "\n\n")
			if !ok {
				t.Fatalf("no observation printed:\n%s", stdout.String())
			}
			file := filepath.Join(t.TempDir(), "found.txtar")
			if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
				t.Fatal(err)
			}
			o, err := killmatrix.Load(killmatrix.KindStudent, file)
			if err != nil {
				t.Fatal(err)
			}
			m, _ := l.Lookup(tt.mutant)
			if r := killmatrix.Run(l, l.Reference, o, killmatrix.Options{}); r.Status != outcome.Pass {
				t.Errorf("on the reference: %s at %s: %s\n%s", r.Status, r.Pos, r.Message, script)
			}
			if r := killmatrix.Run(l, m, o, killmatrix.Options{}); r.Status != outcome.Fail {
				t.Errorf("on %s: %s, want fail\n%s", m.Name, r.Status, script)
			}
		})
	}
}

// TestSearchScriptInTheStudentsLanguage: the comments above the script a
// search prints are in the run's language, as the line before them: a
// Chinese student reads them in Chinese.
func TestSearchScriptInTheStudentsLanguage(t *testing.T) {
	sheet := root + "/mutants/testdata/answers/worksheet.md" // predicts 4_fetch
	var stdout, stderr bytes.Buffer
	if status := run([]string{"search", "-programs", "2000", "-lang", "zh-CN", "-worksheet", sheet, "-mutant", "4_fetch"}, &stdout, &stderr); status != exitcode.OK {
		t.Fatalf("exit status %d\n%s%s", status, stdout.String(), stderr.String())
	}
	_, script, _ := strings.Cut(stdout.String(), "\n\n")
	if !strings.HasPrefix(script, "# 由差分搜索找到（种子 1，") || strings.Contains(script, "on the reference") {
		t.Errorf("the script's comments are not Chinese:\n%s", stdout.String())
	}
}

// TestSearchBeforePredictingSpeaksTheLocale: with nothing predicted, the
// refusal to search is in the student's locale, as the report would be.
func TestSearchBeforePredictingSpeaksTheLocale(t *testing.T) {
	sheet := filepath.Join(t.TempDir(), "worksheet.md")
	if err := os.WriteFile(sheet, []byte("# Worksheet\n\n```prediction\nmutant: 4_fetch\n```\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ locale, want string }{
		{"en_US.UTF-8", "idemlab search: predict 4_fetch first: fill its prediction block in your worksheet"},
		{"zh_CN.UTF-8", "idemlab search: 请先预测 4_fetch：在练习单中填写它的预测块"},
	}
	for _, tt := range tests {
		t.Run(tt.locale, func(t *testing.T) {
			t.Setenv("LC_ALL", "")
			t.Setenv("LC_MESSAGES", "")
			t.Setenv("LANG", tt.locale)
			var stdout, stderr bytes.Buffer
			if status := run([]string{"search", "-worksheet", sheet, "-mutant", "4_fetch"}, &stdout, &stderr); status != exitcode.Usage {
				t.Fatalf("exit status %d, want %d\nstderr:\n%s", status, exitcode.Usage, stderr.String())
			}
			if !strings.HasPrefix(stderr.String(), tt.want) {
				t.Errorf("stderr %q does not start %q", stderr.String(), tt.want)
			}
		})
	}
}

// TestSearchUsageErrorsInTheStudentsLanguage: idemlab search's usage
// errors speak the student's language, and a mistyped mutant gets the
// lab mutant it is nearest to.
func TestSearchUsageErrorsInTheStudentsLanguage(t *testing.T) {
	for _, c := range []struct {
		lang i18n.Lang
		args []string
		want string
	}{
		{i18n.English, nil, "idemlab search: -mutant NAME: which mutant to search\n"},
		{i18n.Chinese, nil, "idemlab search: -mutant NAME：要搜索哪个变异体\n"},
		{i18n.English, []string{"-mutant", "4_fetch", "x"}, "idemlab search: unexpected argument \"x\"\n"},
		{i18n.Chinese, []string{"-mutant", "4_fetch", "x"}, "idemlab search: 多余的参数 \"x\"\n"},
		{i18n.English, []string{"-heldout", "h.json", "-mutant", "x"}, "idemlab search: -heldout is the instructor's: add -instructor\n"},
		{i18n.Chinese, []string{"-heldout", "h.json", "-mutant", "x"}, "idemlab search: -heldout 是教师用的：请加上 -instructor\n"},
		{i18n.English, []string{"-mutant", "1_int"}, "idemlab search: -mutant \"1_int\": not a lab mutant (did you mean 1_init?) (the lab's are 1_init, 2_reserve, 3_finish, 4_fetch, 5_expired, 6_purge, 7_counts, 8_cycle); generated and held-out mutants are searched with -instructor\n"},
		{i18n.Chinese, []string{"-mutant", "1_int"}, "idemlab search: -mutant \"1_int\"：不是本实验的变异体（你是不是想写 1_init？）（本实验的变异体有 1_init, 2_reserve, 3_finish, 4_fetch, 5_expired, 6_purge, 7_counts, 8_cycle）；生成的变异体和保留变异体要加上 -instructor 才能搜索\n"},
		{i18n.Chinese, []string{"-bogus"}, "没有这个参数：-bogus\n运行 'idemlab search -h' 查看用法\n"},
	} {
		t.Run(string(c.lang)+" "+strings.Join(c.args, " "), func(t *testing.T) {
			i18ntest.Set(t, c.lang)
			var stdout, stderr bytes.Buffer
			if status := run(append([]string{"search"}, c.args...), &stdout, &stderr); status != exitcode.Usage {
				t.Errorf("exit status %d, want %d", status, exitcode.Usage)
			}
			if diff := cmp.Diff(c.want, stderr.String()); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
		})
	}
}
