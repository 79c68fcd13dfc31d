package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"idemlab/harness/cli"
	"idemlab/harness/heldout"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/suggest"
	"idemlab/harness/internal/textwidth"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/mutation"
	"idemlab/mutants"
	"idemlab/reference/idem"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	l := mutants.Lab()
	lang := language(l)
	name := l.Reference.Name
	// Leading flags in any order: -impl, -list, -help and -lang are this
	// command's own; -db passes through.
	var pass []string
	var heldOut string
	list := false
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		// -flag or --flag, as the flag package accepts.
		flag, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(args[0], "-"), "-"), "=")
		switch {
		case hasValue && (flag == "list" || flag == "h" || flag == "help"):
			fmt.Fprintf(stderr, "idem: %s\n%s", lang.T("idem.takes-no-value", i18n.M{"Flag": flag}), usageIn(lang))
			return 2
		}
		switch flag {
		case "list":
			list, args = true, args[1:]
		case "h", "help":
			fmt.Fprint(stdout, usageIn(lang))
			return 0
		case "impl", "db", "heldout", "C", "lang":
			if !hasValue {
				if len(args) < 2 {
					fmt.Fprintf(stderr, "idem: %s\n%s", lang.T("idem.needs-value", i18n.M{"Flag": flag}), usageIn(lang))
					return 2
				}
				value, args = args[1], args[1:]
			}
			args = args[1:]
			switch flag {
			case "impl":
				name = value
			case "heldout":
				heldOut = value
			case "lang", "C":
				var err error
				if lang, err = setFlag(flag, value, lang); err != nil {
					fmt.Fprintf(stderr, "idem: -%s: %v\n", flag, err)
					return 2
				}
			default:
				pass = append(pass, "-db", value)
			}
		default:
			fmt.Fprintf(stderr, "idem: %s\n%s", lang.T("idem.unknown-flag", i18n.M{"Flag": strconv.Quote(args[0])}), usageIn(lang))
			return 2
		}
	}
	var held *heldout.Set
	if heldOut != "" {
		var err error
		if held, err = loadHeldOut(l, heldOut); err != nil {
			fmt.Fprintf(stderr, "idem: -heldout: %v\n", err)
			return 2
		}
		defer held.Close()
	}
	if list {
		// The mutants' neutral IDs, never their descriptive names: a
		// name says what a mutant does, which a student predicts first.
		for _, id := range ids(l) {
			fmt.Fprintln(stdout, id)
		}
		for _, m := range viable(held) {
			fmt.Fprintln(stdout, m)
		}
		return 0
	}
	s, ok := l.Lookup(name)
	if !ok && slices.Contains(viable(held), name) && len(args) > 0 {
		status, err := held.Command(name, ".", append(pass, args...), stdout, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "idem: %v\n", err)
			return 1
		}
		return status
	}
	if !ok {
		fmt.Fprintf(stderr, "idem: %s\n", lang.T("idem.unknown-impl", i18n.M{"Name": strconv.Quote(name)}))
		return 2
	}
	if len(args) == 0 {
		fmt.Fprintf(stderr, "idem: %s\n%s", lang.T("idem.missing-command", nil), usageIn(lang))
		return 2
	}
	err := idem.Run(s, ".", append(pass, args...), stdout)
	var usageErr *idem.UsageError
	switch {
	case errors.As(err, &usageErr):
		fmt.Fprintln(stderr, usageErrorIn(lang, usageErr))
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "idem: %v\n", err)
		return 1
	}
	return 0
}

// setFlag applies -lang (returning the language it names) or -C.
func setFlag(flag, value string, lang i18n.Lang) (i18n.Lang, error) {
	if flag == "lang" {
		return i18n.Parse(value)
	}
	return lang, os.Chdir(value)
}

// ids lists what -list prints and -impl takes: the reference's name, then
// each mutant's ID (its label, where it has one).
func ids(l *lab.Lab) []string {
	out := []string{l.Reference.Name}
	for _, m := range l.Mutants {
		id := m.Name
		if entry, ok := l.Catalogue.Lookup(m.Name); ok {
			id = entry.ID()
		}
		out = append(out, id)
	}
	return out
}

// loadHeldOut builds the held-out mutants of the catalogue file.
func loadHeldOut(l *lab.Lab, file string) (*heldout.Set, error) {
	root, err := cli.Checkout("")
	if err != nil {
		return nil, err
	}
	return heldout.Load(l, root, file, nil, killmatrix.Options{})
}

// viable lists the held-out mutants that run.
func viable(held *heldout.Set) []string {
	var out []string
	if held == nil {
		return out
	}
	for _, m := range held.Mutants() {
		if m.Unviable == "" {
			out = append(out, m.Name)
		}
	}
	return out
}

// language is the student's: their predictions', else the worksheet
// they have started, else their locale's (see labrun), read from the
// checkout the command runs in; the locale's when it is no checkout.
// The tests fix it to English.
var language = studentLanguage

func studentLanguage(l *lab.Lab) i18n.Lang {
	root, err := mutation.ModuleRoot(".")
	if err != nil {
		return i18n.FromEnv()
	}
	return labrun.StudentLanguage(l, root)
}

// usageIn is the command's usage in lang.
func usageIn(lang i18n.Lang) string {
	synopsis := lang.T("usage.synopsis", i18n.M{"Name": "idem [-C DIR] [-lang LANG] [-heldout FILE] [-impl NAME] [-db PATH] COMMAND [ARGS]"})
	indent := strings.Repeat(" ", textwidth.Width(lang.T("usage.synopsis", i18n.M{"Name": ""})))
	full := idem.UsageIn(string(lang))
	_, rest, _ := strings.Cut(full, "\n")
	return synopsis + "\n" + indent + "idem [-C DIR] [-lang LANG] [-heldout FILE] -list\n\n" + lang.T("idem.usage", nil) + "\n" + rest
}

// The forms of idem's usage errors, read so that they can be worded in
// the student's language: the message id, the pattern, and the names of
// what it captures.
var usageForms = []struct {
	id    string
	re    *regexp.Regexp
	names []string
}{
	{"idem.db-needs-path", regexp.MustCompile(`^flag -db needs a PATH$`), nil},
	{"idem.db-empty", regexp.MustCompile(`^flag -db: empty PATH$`), nil},
	{"idem.unknown-flag", regexp.MustCompile(`^unknown flag (".*")$`), []string{"Flag"}},
	{"idem.missing-command", regexp.MustCompile(`^missing COMMAND$`), nil},
	{"idem.unknown-command", regexp.MustCompile(`^unknown command (".*")$`), []string{"Name"}},
	{"idem.unexpected-argument", regexp.MustCompile(`^unexpected argument (".*")$`), []string{"Arg"}},
	{"idem.missing", regexp.MustCompile(`^missing ([A-Z ]+)$`), []string{"Args"}},
	{"idem.bad-argument", regexp.MustCompile(`^([A-Z]+) (".*"): (.*)$`), []string{"Name", "Value", "Why"}},
}

// whyForms word again why an argument does not parse.
var whyForms = []struct {
	id string
	re *regexp.Regexp
}{
	{"idem.why.seconds", regexp.MustCompile(`^want a number of seconds \(or NaN, Inf, -Inf\)$`)},
	{"idem.why.decimal", regexp.MustCompile(`^want a decimal number of seconds$`)},
	{"idem.why.integer", regexp.MustCompile(`^want an integer$`)},
	{"idem.why.range", regexp.MustCompile(`^want an integer from (\S+) to (\S+)$`)},
	{"idem.why.json", regexp.MustCompile(`^not JSON: (.*)$`)},
	{"idem.why.one-json", regexp.MustCompile(`^not one JSON value: text follows it at offset (\d+)$`)},
}

// usageErrorIn words e in lang: what was wrong (with the command meant,
// for a mistyped one), then the usage of the command, or of idem.
func usageErrorIn(lang i18n.Lang, e *idem.UsageError) string {
	msg := e.Msg
	for _, f := range usageForms {
		m := f.re.FindStringSubmatch(e.Msg)
		if m == nil {
			continue
		}
		data := i18n.M{}
		for i, name := range f.names {
			data[name] = m[i+1]
		}
		if f.id == "idem.bad-argument" {
			data["Why"] = whyIn(lang, m[3])
		}
		msg = lang.T(f.id, data)
		if f.id == "idem.unknown-command" {
			if near := suggest.Nearest(strings.Trim(m[1], `"`), subcommands()); near != "" {
				msg += lang.T("idem.did-you-mean", i18n.M{"Name": strconv.Quote(near)})
			}
		}
		break
	}
	head := "idem"
	if e.Cmd != "" {
		head += " " + e.Cmd
	}
	for _, s := range idem.Command().Subcommands {
		if s.Name == e.Cmd && e.Cmd != "" {
			return head + ": " + msg + "\n" + lang.T("usage.synopsis", i18n.M{"Name": strings.TrimSpace("idem [-db PATH] " + s.Name + " " + s.Args)})
		}
	}
	return head + ": " + msg + "\n" + strings.TrimSuffix(idem.UsageIn(string(lang)), "\n")
}

// whyIn words why an argument does not parse in lang.
func whyIn(lang i18n.Lang, why string) string {
	for _, f := range whyForms {
		if m := f.re.FindStringSubmatch(why); m != nil {
			data := i18n.M{}
			for i, v := range m[1:] {
				data[[]string{"A", "B"}[i]] = v
			}
			return lang.T(f.id, data)
		}
	}
	return why
}

func subcommands() []string {
	var names []string
	for _, s := range idem.Command().Subcommands {
		names = append(names, s.Name)
	}
	return names
}
