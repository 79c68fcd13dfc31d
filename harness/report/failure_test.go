package report_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/report"
	"idemlab/mutants"
)

// TestFailureIsWordedAgain runs, on the reference, one script for every
// way an observation can fail, takes testscript's own message, and checks
// that report.Failure reads it: in English it is the message itself, in
// Chinese it is worded again with no English word left (a pattern, a
// file name or a command keeps its text). A message of no known form, the
// store's own error, is passed through as it is.
func TestFailureIsWordedAgain(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ name, script string }{
		{"no_match", "idem init\nidem reserve k v 10\nstdout '^false$'\n"},
		{"unexpected_match", "idem init\nidem reserve k v 10\n! stdout 'tru'\n"},
		{"unexpected_success", "idem init\n! idem init\n"},
		{"differ", "idem init\nidem counts\ncmp stdout want.txt\n-- want.txt --\nnope\n"},
		{"does_not_exist", "exists nothing.txt\n"},
		{"unexpectedly_exists", "idem init\n! exists store.db\n"},
	}
	var obs []killmatrix.Observation
	for _, c := range cases {
		text := []byte("# fails: " + c.name + "\n" + c.script)
		o, err := killmatrix.New(killmatrix.KindStudent, c.name, "testdata/student/"+c.name+".txtar", text)
		if err != nil {
			t.Fatal(err)
		}
		o.Run = filepath.Join(dir, c.name+".txtar")
		if err := os.WriteFile(o.Run, text, 0o644); err != nil {
			t.Fatal(err)
		}
		obs = append(obs, o)
	}
	m := killmatrix.Build(mutants.Lab(), nil, obs, killmatrix.Options{WorkRoot: dir})
	// What may stay in a Chinese message: quoted patterns, paths, and the
	// idem command's own words.
	code := regexp.MustCompile("`[^`]*`|\"[^\"]*\"|'[^']*'|\\S*[/.$]\\S*|\\bidem( [a-z]+)*\\b|\\bstdout\\b|\\bstderr\\b")
	english := regexp.MustCompile(`[A-Za-z]{2,}`)
	for _, o := range m.Observations {
		msg := o.Reference.Message
		if msg == "" {
			t.Errorf("%s passes on the reference; want it to fail", o.Name)
			continue
		}
		if got := report.Failure(i18n.English, msg); got != msg {
			t.Errorf("%s: English %q, want testscript's own %q", o.Name, got, msg)
		}
		zh := report.Failure(i18n.Chinese, msg)
		if zh == msg {
			t.Errorf("%s: %q is no form Failure reads", o.Name, msg)
		}
		if w := english.FindString(code.ReplaceAllString(zh, "")); w != "" {
			t.Errorf("%s: Chinese %q keeps the English word %q (from %q)", o.Name, zh, w, msg)
		}
	}
	if got := report.Failure(i18n.Chinese, "idem fetch: no store at store.db"); got != "idem fetch: no store at store.db" {
		t.Errorf("the store's own error was worded again: %q", got)
	}
}

// TestChineseCatalogueHasNoEnglishSentence checks every Chinese message:
// rendered with its data left out, none keeps an English sentence (two
// English words in a row that are not code: a command, a flag, a file, a
// field of the worksheet). English words a Chinese student types (return,
// error, state, killer) may stand alone.
func TestChineseCatalogueHasNoEnglishSentence(t *testing.T) {
	data, err := os.ReadFile("../i18n/locales/active.zh-CN.json")
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`\{\{[^}]*\}\}`).ReplaceAllString(string(data), "X")
	code := regexp.MustCompile("`[^`]*`|\\S*[/._$=-]\\S*|\"[a-zA-Z0-9_. -]+\":|\\b(?:idemlab|idem|go|grade|git)\\b(?: [a-z][a-z-]*)?")
	sentence := regexp.MustCompile(`\b[A-Za-z]{3,}\s+[A-Za-z]{3,}\b`)
	for i, line := range strings.Split(text, "\n") {
		if s := sentence.FindString(code.ReplaceAllString(line, "")); s != "" {
			t.Errorf("active.zh-CN.json:%d: English words %q in %s", i+1, s, strings.TrimSpace(line))
		}
	}
}
