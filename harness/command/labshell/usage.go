package labshell

import (
	"regexp"
	"strconv"
	"strings"

	"idemlab/harness/i18n"
	"idemlab/harness/internal/suggest"
	"idemlab/harness/internal/textwidth"
	"idemlab/harness/lab"
	"idemlab/harness/report"
)

// synopsis is the command's synopsis with this command's flags: -lab
// only when there is more than one lab to choose from and none was.
func (s shell) synopsis(list bool) string {
	var b strings.Builder
	b.WriteString(s.program() + " [-C DIR] [-lang LANG]")
	if len(s.reg) > 1 && s.labFlag == "" {
		b.WriteString(" [-lab LAB]")
	}
	b.WriteString(" [-heldout FILE]")
	if list {
		return b.String() + " -list"
	}
	b.WriteString(" [-impl NAME]")
	b.WriteString(s.cmdFlags())
	return b.String() + " COMMAND [ARGS]"
}

// cmdFlags are the lab command's own flags as a synopsis writes them.
func (s shell) cmdFlags() string {
	var b strings.Builder
	for _, f := range s.cmd.Flags {
		b.WriteString(" [" + strings.TrimSpace("-"+f.Name+" "+f.Arg) + "]")
	}
	return b.String()
}

// usageIn is the command's usage in lang: its two synopses, what its
// own flags take, the lab command's usage, and the labs to choose from.
func (s shell) usageIn(lang i18n.Lang) string {
	synopsis := lang.T("usage.synopsis", i18n.M{"Name": s.synopsis(false)})
	indent := strings.Repeat(" ", textwidth.Width(lang.T("usage.synopsis", i18n.M{"Name": ""})))
	_, rest, _ := strings.Cut(s.cmd.UsageIn(string(lang)), "\n")
	var b strings.Builder
	b.WriteString(synopsis + "\n" + indent + s.synopsis(true) + "\n\n" + lang.T("command.usage", i18n.M{"Command": s.program()}) + "\n" + rest)
	if len(s.reg) > 1 {
		s.reg.WriteListIn(&b, lang)
	}
	return b.String()
}

// The forms of a lab command's usage errors (those of the commands built
// on idemlab/harness/labcmd), read so that they can be worded in the
// student's language: the message id, the pattern, and the names of what
// it captures. A message of another form is shown as the command wrote
// it.
var usageForms = []struct {
	id    string
	re    *regexp.Regexp
	names []string
}{
	{"command.db-needs-path", regexp.MustCompile(`^flag -db needs a PATH$`), nil},
	{"command.db-empty", regexp.MustCompile(`^flag -db: empty PATH$`), nil},
	{"command.unknown-flag", regexp.MustCompile(`^unknown flag (".*")$`), []string{"Flag"}},
	{"command.missing-command", regexp.MustCompile(`^missing COMMAND$`), nil},
	{"command.unknown-command", regexp.MustCompile(`^unknown command (".*")$`), []string{"Name"}},
	{"command.unexpected-argument", regexp.MustCompile(`^unexpected argument (".*")$`), []string{"Arg"}},
	{"command.missing", regexp.MustCompile(`^missing ([A-Z ]+)$`), []string{"Args"}},
	{"command.bad-argument", regexp.MustCompile(`^([A-Z]+) ("(?:[^"\\]|\\.)*"): (.*)$`), []string{"Name", "Value", "Why"}},
}

// whyForms word again why an argument does not parse.
var whyForms = []struct {
	id string
	re *regexp.Regexp
}{
	{"command.why.seconds", regexp.MustCompile(`^want a number of seconds \(or NaN, Inf, -Inf\)$`)},
	{"command.why.decimal", regexp.MustCompile(`^want a decimal number of seconds$`)},
	{"command.why.number", regexp.MustCompile(`^want a number \(or NaN, Inf, -Inf\)$`)},
	{"command.why.decimal-number", regexp.MustCompile(`^want a decimal number$`)},
	{"command.why.count", regexp.MustCompile(`^want a count: a whole number from 0 to (\S+)$`)},
	{"command.why.integer", regexp.MustCompile(`^want an integer$`)},
	{"command.why.range", regexp.MustCompile(`^want an integer from (\S+) to (\S+)$`)},
	{"command.why.json", regexp.MustCompile(`^not JSON: (.*)$`)},
	{"command.why.one-json", regexp.MustCompile(`^not one JSON value: text follows it at offset (\d+)$`)},
	{"command.why.one-command", regexp.MustCompile(`^want one (\S+) command without flags \(it runs on the same store\), not (".*")$`)},
}

// misuseIn words a malformed command line in lang: what was wrong (with
// the subcommand meant, for a mistyped one), then the usage of the
// subcommand, or of the whole command.
func (s shell) misuseIn(lang i18n.Lang, e lab.Misuse) string {
	sub, msg := e.Misuse()
	msg = s.reword(lang, msg)
	head := strings.TrimSpace(s.cmd.Name + " " + sub)
	for _, c := range s.cmd.Subcommands {
		if c.Name == sub && sub != "" {
			return head + ": " + msg + "\n" + lang.T("usage.synopsis", i18n.M{"Name": strings.TrimSpace(s.program() + s.cmdFlags() + " " + c.Name + " " + c.Args)})
		}
	}
	// The lab command's usage, its synopsis naming what the student types.
	_, rest, _ := strings.Cut(s.cmd.UsageIn(string(lang)), "\n")
	synopsis := lang.T("usage.synopsis", i18n.M{"Name": s.program() + s.cmdFlags() + " COMMAND [ARGS]"})
	return head + ": " + msg + "\n" + synopsis + "\n" + strings.TrimSuffix(rest, "\n")
}

// reword words one of usageForms' messages in lang, naming the
// subcommand meant for a mistyped one.
func (s shell) reword(lang i18n.Lang, msg string) string {
	for _, f := range usageForms {
		m := f.re.FindStringSubmatch(msg)
		if m == nil {
			continue
		}
		data := i18n.M{}
		for i, name := range f.names {
			data[name] = m[i+1]
		}
		if f.id == "command.bad-argument" {
			// An interleaved line's own misuse nests (WRITE "…": NOW "…": …).
			data["Why"] = s.reword(lang, whyIn(lang, m[3]))
		}
		out := lang.T(f.id, data)
		if f.id == "command.unknown-command" {
			if near := suggest.Nearest(strings.Trim(m[1], `"`), s.subcommands()); near != "" {
				out += lang.T("command.did-you-mean", i18n.M{"Name": strconv.Quote(near)})
			}
		}
		return out
	}
	return msg
}

// whyIn words why an argument does not parse in lang.
func whyIn(lang i18n.Lang, why string) string {
	for _, f := range whyForms {
		if m := f.re.FindStringSubmatch(why); m != nil {
			data := i18n.M{}
			for i, v := range m[1:] {
				data[[]string{"A", "B"}[i]] = v
			}
			if f.id == "command.why.json" {
				data["A"] = report.JSONError(lang, m[1])
			}
			return lang.T(f.id, data)
		}
	}
	return why
}

func (s shell) subcommands() []string {
	var names []string
	for _, c := range s.cmd.Subcommands {
		names = append(names, c.Name)
	}
	return names
}
