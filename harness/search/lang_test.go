package search_test

import (
	"regexp"
	"strings"
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/search"
)

// TestObservationInChinese: the comment a search writes above the script
// it found is worded in the language of the run that shows it, for each
// way two implementations part (hangs, fails on one, prints otherwise);
// the script's lines and what a command printed or its error are kept
// as they are, and the English is what Observation writes.
func TestObservationInChinese(t *testing.T) {
	init := search.Step{Args: []string{"idem", "init"}}
	cases := []search.Step{
		{Args: []string{"idem", "fetch", "k", "5"}, Reference: search.Outcome{Stdout: "null\n"}, Other: search.Outcome{Hung: true}},
		{Args: []string{"idem", "purge", "10", "0"}, Reference: search.Outcome{Err: "invalid limit"}, Other: search.Outcome{Stdout: "[]\n"}},
		{Args: []string{"idem", "rows"}, Reference: search.Outcome{Stdout: ""}, Other: search.Outcome{Stdout: "{\"id\":\"a\"}\n{\"id\":\"b\"}\n"}},
	}
	code := regexp.MustCompile(`(?m)^[^#].*$|\bidem( [a-z0-9]+)*\b|"[^"]*"|\bnull\b|\b2_reserve\b|invalid limit|\[\]`)
	english := regexp.MustCompile(`[A-Za-z]{2,}`)
	for _, last := range cases {
		s := &search.Script{Lab: "idemstore", Other: "2_reserve", Seed: 1, Program: 7, Steps: []search.Step{init, last}}
		if en := string(s.ObservationIn(i18n.English)); en != string(s.Observation()) || !strings.HasPrefix(en, "# Found by the differential search (seed 1, program 7), shrunk to 2 commands:\n# ") {
			t.Errorf("English:\n%s\nwant Observation's, starting with the search's words", en)
		}
		zh := string(s.ObservationIn(i18n.Chinese))
		if !strings.HasPrefix(zh, "# 由差分搜索找到（种子 1，第 7 个程序），缩减为 2 条命令：\n# ") {
			t.Errorf("Chinese does not start with the search's words in Chinese:\n%s", zh)
		}
		if w := english.FindString(code.ReplaceAllString(zh, "")); w != "" {
			t.Errorf("Chinese comment keeps the English word %q:\n%s", w, zh)
		}
		for _, line := range s.Lines() {
			if !strings.Contains(zh, line+"\n") {
				t.Errorf("Chinese lacks the script's line %q:\n%s", line, zh)
			}
		}
	}
}
