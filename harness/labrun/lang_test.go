package labrun_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/i18n/i18ntest"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/report"
)

// TestLanguageWithNothingPredicted: with nothing predicted the report's
// language is the started worksheet's (the one edited a while after the
// checkout wrote both), else the locale's, else English, and the report
// says what chose it; -lang overrides all.
func TestLanguageWithNothingPredicted(t *testing.T) {
	checkout := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name     string
		edited   string // the worksheet touched later, "" for none
		lang     i18n.Lang
		env      string
		want     i18n.Lang
		wantFrom string
	}{
		{"fresh checkout, no locale", "", "", "", i18n.English, report.LangFromDefault},
		{"fresh checkout, Chinese locale", "", "", "zh_CN.UTF-8", i18n.Chinese, report.LangFromEnv},
		{"Chinese worksheet started", "worksheet.zh-CN.md", "", "", i18n.Chinese, report.LangFromWorksheet},
		{"English worksheet started beats a Chinese locale", "worksheet.md", "", "zh_CN.UTF-8", i18n.English, report.LangFromWorksheet},
		{"-lang beats the started worksheet", "worksheet.zh-CN.md", i18n.English, "", i18n.English, report.LangFromFlag},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("LC_ALL", "")
			t.Setenv("LC_MESSAGES", "")
			t.Setenv("LANG", c.env)
			dir := t.TempDir()
			var sheets []string
			for _, name := range []string{"worksheet.md", "worksheet.zh-CN.md"} {
				f := filepath.Join(dir, name)
				if err := os.WriteFile(f, []byte("```prediction\nmutant: 1_limit\n```\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				when := checkout
				if name == c.edited {
					when = checkout.Add(time.Hour)
				}
				if err := os.Chtimes(f, when, when); err != nil {
					t.Fatal(err)
				}
				sheets = append(sheets, f)
			}
			plan, err := labrun.Prepare(labrun.Config{Lab: counter.Lab(), Root: "../..", Worksheets: sheets, Lang: c.lang})
			if err != nil {
				t.Fatal(err)
			}
			res, err := plan.Run()
			if err != nil {
				t.Fatal(err)
			}
			if m := res.Report.Meta; m.Lang != c.want || m.LangFrom != c.wantFrom {
				t.Errorf("language %s from %s, want %s from %s", m.Lang, m.LangFrom, c.want, c.wantFrom)
			}
			if c.wantFrom != report.LangFromFlag && res.Report.LangChoice() == "" {
				t.Error("the report does not say how to choose its language")
			}
		})
	}
}

// TestLangChoiceWithOneWorksheet: a lab with no worksheet in the other
// language (the counter lab has worksheet.md alone) says how to choose
// that language without naming a file it does not have: -lang and the
// locale, never "在  中预测" with the name missing.
func TestLangChoiceWithOneWorksheet(t *testing.T) {
	for _, c := range []struct {
		locale i18n.Lang
		want   string
	}{
		{i18n.English, "In English: nothing chose a language yet. 要用中文：加上 -lang zh-CN，或设置 LANG=zh_CN.UTF-8。"},
		{i18n.Chinese, "使用中文，因为你的区域设置（LANG）是中文。要用英文：在 " + counter.Dir + "/worksheet.md 中预测，或加上 -lang en，或设置 LANG=en_US.UTF-8。"},
	} {
		t.Run(string(c.locale), func(t *testing.T) {
			i18ntest.Set(t, c.locale)
			// Nothing predicted yet, so the report says what chose its
			// language.
			sheet := filepath.Join(t.TempDir(), "worksheet.md")
			if err := os.WriteFile(sheet, []byte("```prediction\nmutant: 1_limit\n```\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			plan, err := labrun.Prepare(labrun.Config{Lab: counter.Lab(), Root: "../..", Worksheets: []string{sheet}})
			if err != nil {
				t.Fatal(err)
			}
			res, err := plan.Run()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.want, res.Report.LangChoice()); diff != "" {
				t.Errorf("LangChoice (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLangChoiceWithoutTheChineseWorksheet: a lab whose layout names a
// Chinese worksheet its checkout does not have (lab.Spec's standard
// layout names both) is not told to predict in that file.
func TestLangChoiceWithoutTheChineseWorksheet(t *testing.T) {
	i18ntest.Set(t, i18n.English)
	l := *counter.Lab()
	l.Layout.Worksheets = append(slices.Clone(l.Layout.Worksheets), counter.Dir+"/worksheet.zh-CN.md")
	sheet := filepath.Join(t.TempDir(), "worksheet.md")
	if err := os.WriteFile(sheet, []byte("```prediction\nmutant: 1_limit\n```\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	plan, err := labrun.Prepare(labrun.Config{Lab: &l, Root: "../..", Worksheets: []string{sheet}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := plan.Run()
	if err != nil {
		t.Fatal(err)
	}
	want := "In English: nothing chose a language yet. 要用中文：加上 -lang zh-CN，或设置 LANG=zh_CN.UTF-8。"
	if diff := cmp.Diff(want, res.Report.LangChoice()); diff != "" {
		t.Errorf("LangChoice (-want +got):\n%s", diff)
	}
}
