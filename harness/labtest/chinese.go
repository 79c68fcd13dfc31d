package labtest

import (
	"regexp"
	"strings"
	"testing"

	"idemlab/harness/lab"
)

// Chinese checks that a Chinese student reads every command of the lab in
// Chinese: each subcommand and flag has a zh-CN doc, the notes have a
// zh-CN text, and no line of the Chinese usage keeps two English words in
// a row outside the command's own words (its names, argument names,
// quoted text, JSON and values such as true or null).
func Chinese(t *testing.T, l *lab.Lab) {
	english := regexp.MustCompile(`\b[A-Za-z]{3,} [A-Za-z]{3,}\b`)
	for _, c := range l.Commands {
		words := []string{c.Name, "true", "false", "null"}
		for _, s := range c.Subcommands {
			words = append(words, s.Name)
			if s.Docs["zh-CN"] == "" {
				t.Errorf("%s %s has no Chinese doc", c.Name, s.Name)
			}
		}
		for _, f := range c.Flags {
			if f.Docs["zh-CN"] == "" {
				t.Errorf("%s -%s has no Chinese doc", c.Name, f.Name)
			}
		}
		if c.Notes["en"] != "" && c.Notes["zh-CN"] == "" {
			t.Errorf("%s's usage notes have no Chinese", c.Name)
		}
		code := regexp.MustCompile(`"[^"]*"|'[^']*'|\S*[-_.:/{}\[\]+]\S*|\b[A-Z]+\b|\b(` + strings.Join(words, "|") + `)\b`)
		for i, line := range strings.Split(c.UsageIn("zh-CN"), "\n") {
			if w := english.FindString(code.ReplaceAllString(line, "")); w != "" {
				t.Errorf("%s's Chinese usage, line %d, keeps English %q: %s", c.Name, i+1, w, line)
			}
		}
	}
}
