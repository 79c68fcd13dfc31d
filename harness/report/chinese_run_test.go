package report_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/report"
	"idemlab/harness/submission"
	"idemlab/mutants"
)

// englishSentence finds, in a line with its code left out, two English
// words of three letters or more in a row: a sentence a Chinese student
// would have to read in English.
var englishSentence = regexp.MustCompile(`\b[A-Za-z]{3,}\s+[A-Za-z]{3,}\b`)

// code is what may stay as it is in a Chinese line: quoted text, paths,
// names with a slash, dot or underscore, the lab's command lines, flags.
var code = regexp.MustCompile("`[^`]*`|\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*'|\\S*[/._$=-]\\S*|\\b(?:idemlab|idem|go|grade|git)\\b(?: [a-z][a-z-]*)*|\\[[^\\]]*\\]")

// TestChineseRunHasNoEnglishSentence reads, through the trust boundary,
// a student folder with an observation of every kind the lint refuses,
// ones that fail on the reference with the store's own errors, and files
// the reader flags; runs them on the reference; and checks that the
// Chinese report (the text a student reads) and the Chinese wording of
// every flag keep no English sentence outside code.
func TestChineseRunHasNoEnglishSentence(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "student")
	files := map[string]string{
		"exec.txtar":         "# runs a program\nexec ls\n",
		"condition.txtar":    "# a condition\n[linux] idem init\n",
		"maybe.txtar":        "# ? on a check\nidem init\n? stdout x\n",
		"absolute.txtar":     "# absolute\nidem -db /tmp/x.db init\n",
		"climbs.txtar":       "# climbs\nidem init\ncp store.db ../x.db\n",
		"variable.txtar":     "# a variable\nidem -db $HOME/x.db init\n",
		"work_arg.txtar":     "# $WORK as data\nidem init\nidem reserve $WORK v 10\n",
		"no_comment.txtar":   "idem init\n",
		"typo.txtar":         "# a typo\nidem init\nidem fech k1 5\n",
		"no_sub.txtar":       "# no subcommand\nidem\n",
		"unterminated.txtar": "# a quote left open\nidem reserve 'k1 v1 10\n",
		"bare_prefix.txtar":  "# a prefix alone\n!\n",
		"archive.txtar":      "# an archive file outside\nidem init\n-- /etc/x --\nx\n",
		"marker.txtar":       "# a bare marker\nidem init\n-- --\n",
		"no_store.txtar":     "# no store\nidem fetch k1 5\n",
		"nan.txtar":          "# NaN\nidem init\nidem fetch k1 NaN\n",
		"limit.txtar":        "# a limit of 0\nidem init\nidem expired 5 0\n",
		"directory.txtar":    "# a directory\nmkdir d.db\nidem -db d.db fetch k1 5\n",
		"mismatch.txtar":     "# a wrong pattern\nidem init\nidem reserve k v 10\nstdout '^false$'\n",
		"seconds.txtar":      "# a time that is no number\nidem init\nidem reserve k v soon\n",
		"json.txtar":         "# a response that is no JSON\nidem init\nidem reserve k v 10\nidem finish k v nope\n",
		"notes.md":           "not an observation\n",
		"-dash.txtar":        "# a bad name\nidem init\n",
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, "latin1.txtar"), []byte("# caf\xe9\nidem init\n"), 0o644)
	sub, err := submission.Reader{Lab: mutants.Lab(), Limits: submission.DefaultLimits}.Read(filepath.Dir(dir))
	if err != nil {
		t.Fatal(err)
	}
	if len(sub.Refused) < 14 || len(sub.Flags) < 2 {
		t.Fatalf("refused %d, flagged %d: want every refusal and flag made: %v %v", len(sub.Refused), len(sub.Flags), sub.Refused, sub.Flags)
	}
	m := killmatrix.Build(mutants.Lab(), nil, sub.Observations, killmatrix.Options{WorkRoot: t.TempDir()})
	full := report.New(m, mutants.Lab().Catalogue, nil, nil)
	full.AddRefused(sub.Refused)
	r := full.For(report.Student)
	r.Localize(i18n.Chinese)
	var text bytes.Buffer
	if err := r.Text(&text); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text.String(), "\n")
	for _, f := range sub.Flags {
		lines = append(lines, report.Flag(i18n.Chinese, f))
	}
	for _, line := range lines {
		if s := englishSentence.FindString(code.ReplaceAllString(line, "")); s != "" {
			t.Errorf("English %q in the Chinese line %s", s, line)
		}
	}
}

// TestChineseWorksheetsAreChinese: each lab's Chinese worksheet, outside
// its code (blocks, inline code, commands, paths) and the English terms
// it glosses in full-width parentheses, has no English sentence; and each
// English worksheet has no Chinese outside the line that points to the
// Chinese one.
func TestChineseWorksheetsAreChinese(t *testing.T) {
	gloss := regexp.MustCompile(`（[^）]*）|<!--.*?-->`)
	han := regexp.MustCompile(`\p{Han}`)
	for _, dir := range []string{"../..", "../../labs/lease"} {
		for _, c := range []struct {
			file string
			bad  func(string) string
		}{
			{"worksheet.zh-CN.md", func(line string) string {
				return englishSentence.FindString(code.ReplaceAllString(gloss.ReplaceAllString(line, ""), ""))
			}},
			{"worksheet.md", func(line string) string {
				if strings.Contains(line, "worksheet.zh-CN.md") || strings.Contains(line, "中文版") {
					return ""
				}
				return han.FindString(line)
			}},
		} {
			file := filepath.Join(dir, c.file)
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			inCode := false
			for i, line := range strings.Split(string(data), "\n") {
				if strings.HasPrefix(strings.TrimSpace(line), "```") {
					inCode = !inCode
					continue
				}
				if s := c.bad(line); s != "" && !inCode {
					t.Errorf("%s:%d: %q is not in the worksheet's language: %s", file, i+1, s, line)
				}
			}
		}
	}
}
