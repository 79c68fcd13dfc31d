package labrun_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"idemlab/harness/i18n"
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
