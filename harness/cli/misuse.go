package cli

import (
	"regexp"

	"idemlab/harness/i18n"
)

// q is a Go-quoted string, as %q writes it.
const q = `("(?:[^"\\]|\\.)*")`

// misuseForms are the English usage errors of package flag and of the
// harness's commands, read back to be worded again; a name starting with
// "*" is itself such an error, worded again in turn; one starting with
// "%" is why a pattern is not a regular expression (i18n.Lang.Regexp).
var misuseForms = []struct {
	re    *regexp.Regexp
	id    string
	names []string
}{
	{regexp.MustCompile(`^flag provided but not defined: (-\S+)$`), "misuse.flag-undefined", []string{"Flag"}},
	{regexp.MustCompile(`^flag needs an argument: (-\S+)$`), "misuse.flag-needs-value", []string{"Flag"}},
	{regexp.MustCompile(`^invalid value ` + q + ` for flag (-\S+): (.+)$`), "misuse.flag-value", []string{"Value", "Flag", "*Why"}},
	{regexp.MustCompile(`^invalid boolean value ` + q + ` for (-\S+): (.+)$`), "misuse.flag-bool", []string{"Value", "Flag", "*Why"}},
	{regexp.MustCompile(`^bad flag syntax: (.+)$`), "misuse.flag-syntax", []string{"Arg"}},
	{regexp.MustCompile(`^unexpected argument ` + q + `$`), "misuse.unexpected-argument", []string{"Arg"}},
	{regexp.MustCompile(`^no lab called ` + q + `; the labs are (.+)$`), "misuse.no-lab", []string{"Name", "Names"}},
	{regexp.MustCompile(`^format ` + q + `: want (.+)$`), "misuse.format", []string{"Name", "Names"}},
	{regexp.MustCompile(`^language ` + q + `: want en or zh-CN$`), "misuse.language", []string{"Name"}},
	{regexp.MustCompile(`^run '(.+) -h' for usage$`), "misuse.run-help", []string{"Name"}},
	{regexp.MustCompile(`^(-run) ` + q + ` matches none of the (\d+) observations in (.+)$`), "misuse.run-none", []string{"Flag", "Pattern", "N", "Dir"}},
	{regexp.MustCompile(`^(-student) (.+): the folder must be named (\S+)$`), "misuse.student-name", []string{"Flag", "Dir", "Name"}},
	{regexp.MustCompile(`^` + q + ` given twice$`), "misuse.given-twice", []string{"Value"}},
	{regexp.MustCompile(`^error parsing regexp: (.+)$`), "misuse.regexp", []string{"%Why"}},
	{regexp.MustCompile(`^(-[a-z][-a-z]*): (.+)$`), "misuse.flag", []string{"Flag", "*Why"}},
}

// Misuse words, in lang, a usage error of package flag or of a harness
// command ("flag provided but not defined: -x", "-lab: no lab called
// \"leas\"; the labs are ..."), keeping the flag, the value and the names
// it holds; a message of no known form is returned as it is.
func Misuse(lang i18n.Lang, msg string) string {
	for _, f := range misuseForms {
		m := f.re.FindStringSubmatch(msg)
		if m == nil {
			continue
		}
		data := i18n.M{}
		for i, name := range f.names {
			switch name[0] {
			case '*':
				data[name[1:]] = Misuse(lang, m[i+1])
				continue
			case '%':
				data[name[1:]] = lang.Regexp(m[i+1])
				continue
			}
			data[name] = m[i+1]
		}
		return lang.T(f.id, data)
	}
	return msg
}
