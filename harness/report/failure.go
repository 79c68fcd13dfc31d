package report

import (
	"regexp"

	"idemlab/harness/i18n"
)

// A failure form is one way testscript, or the harness's own commands,
// word why a script stopped: the pattern that reads it, and the message
// that words it again, in any language, from what the pattern captured.
type failureForm struct {
	re *regexp.Regexp
	id string
	// names name the captured groups, in order, for the message.
	names []string
}

// A quoted pattern as testscript's %#q writes it: backquoted, or
// double-quoted with escapes.
const quoted = "(`[^`]*`|\"(?:[^\"\\\\]|\\\\.)*\")"

var failureForms = []failureForm{
	{regexp.MustCompile(`^no match for ` + quoted + ` found in (\S+)$`), "failure.no-match", []string{"Pattern", "Stream"}},
	{regexp.MustCompile(`^unexpected match for ` + quoted + ` found in (\S+): (.*)$`), "failure.unexpected-match", []string{"Pattern", "Stream", "Text"}},
	{regexp.MustCompile(`^unexpected command failure$`), "failure.command-failure", nil},
	{regexp.MustCompile(`^unexpected command success$`), "failure.command-success", nil},
	{regexp.MustCompile(`^(\S+) and (\S+) differ$`), "failure.differ", []string{"A", "B"}},
	{regexp.MustCompile(`^(\S+) and (\S+) do not differ$`), "failure.same", []string{"A", "B"}},
	{regexp.MustCompile(`^(\S+) does not exist$`), "failure.not-exist", []string{"File"}},
	{regexp.MustCompile(`^file (\S+) unexpectedly exists$`), "failure.file-exists", []string{"File"}},
	{regexp.MustCompile(`^directory (\S+) unexpectedly exists$`), "failure.directory-exists", []string{"File"}},
	{regexp.MustCompile(`^(.+): unexpected success$`), "failure.unexpected-success", []string{"Command"}},
	{regexp.MustCompile(`^(?:timeout: )?still running after (\S+): stopped$`), "failure.timeout", []string{"After"}},
	{regexp.MustCompile(`^script skipped itself; an observation must run to the end$`), "failure.skipped", nil},
}

// Failure words a script's failure message in lang: the forms testscript
// and the harness's commands use (no match for `^null$` found in stdout,
// unexpected command success, a and b differ, ...) are read and worded
// again from what they hold; a pattern, a file name or a command keeps
// its own text. The store's own errors, which the observation saw, are
// worded again in their known forms (a missing store, a NaN time, a limit
// out of range), keeping the command and the function that failed. Any
// other message is returned as it is.
func Failure(lang i18n.Lang, msg string) string {
	for _, f := range failureForms {
		m := f.re.FindStringSubmatch(msg)
		if m == nil {
			continue
		}
		data := i18n.M{}
		for i, name := range f.names {
			data[name] = m[i+1]
		}
		return lang.T(f.id, data)
	}
	if s, ok := storeError(lang, msg); ok {
		return s
	}
	return msg
}
