package labshell

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"idemlab/harness/cli"
	"idemlab/harness/heldout"
	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/mutation"
	"idemlab/harness/report"
)

// Main runs one command line of a lab's own command, args without the
// program's name, on the lab of reg that -lab names (the registry's
// first by default), writing to stdout and stderr, and returns the exit
// status: 0 on success, 1 when the operation fails, 2 for a usage error.
// A main is os.Exit(labshell.Main(labs, os.Args[1:], os.Stdout, os.Stderr)).
func Main(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	l, err := reg.Lookup("")
	if err != nil {
		fmt.Fprintf(stderr, "labshell: %v\n", err)
		return 2
	}
	bin := name(reg, l)
	o := parse(args, l)
	labFlag := ""
	if o.lab != "" && o.lab != l.Name {
		chosen, err := reg.Lookup(o.lab)
		if err != nil {
			// Said in the student's language, as any other usage error.
			lang := language(l)
			if flagLang, err := i18n.Parse(o.lang); o.lang != "" && err == nil {
				lang = flagLang
			}
			_, err = reg.LookupIn(o.lab, lang)
			fmt.Fprintf(stderr, "%s: -lab: %v\n", bin, err)
			return 2
		}
		l = chosen
		o, labFlag = parse(args, l), o.lab
	}
	if len(l.Commands) == 0 {
		fmt.Fprintf(stderr, "labshell: lab %s has no command\n", l.Name)
		return 2
	}
	return o.run(shell{reg: reg, lab: l, cmd: l.Commands[0], bin: bin, labFlag: labFlag}, stdout, stderr)
}

// Run is Main on lab l alone: what a lab that no binary has built in
// runs, from its own main or a test.
func Run(l *lab.Lab, args []string, stdout, stderr io.Writer) int {
	return Main(lab.Only(l), args, stdout, stderr)
}

// name is what the command calls itself: the default lab's command, or
// l's when known.
func name(reg lab.Registry, l *lab.Lab) string {
	if l == nil {
		l, _ = reg.Lookup("")
	}
	if l == nil || len(l.Commands) == 0 {
		return "labshell"
	}
	return l.Commands[0].Name
}

// A shell is the command being run: the registry it was chosen from, the
// lab, and the lab's command (its first).
type shell struct {
	reg lab.Registry
	lab *lab.Lab
	cmd lab.Command
	// bin is what the binary calls itself, its default lab's command
	// (the lab's own command's name when unset); labFlag the -lab value
	// that chose another lab, "" for the default.
	bin, labFlag string
}

// program is what a student types to run the command, as its usage and
// its hints write it: the binary's name, then -lab and the lab when it is
// not the default (idem -lab lease, not lease, which is the word only an
// observation's lines start with).
func (s shell) program() string {
	bin := s.bin
	if bin == "" {
		bin = s.cmd.Name
	}
	if s.labFlag != "" {
		return bin + " -lab " + s.labFlag
	}
	return bin
}

// options are a command line's leading flags, and what follows them.
type options struct {
	lab, impl, heldOut, chdir, lang string
	list, help, implSet             bool
	// pass are the lab command's own flags, passed on; rest the
	// subcommand and its arguments.
	pass, rest []string
	// problem, when set, is the first thing wrong, by message id, which
	// stopped the parse.
	problem     string
	problemData i18n.M
}

// bare reports whether the command line names nothing to run: no
// COMMAND, no -list, and no flag but -lab, -C and -lang. Run so, the
// command prints its usage, its commands, and exits 0, as the worksheets
// tell a student to run it to see them; a flag that only a COMMAND uses
// (-impl, -db) without one is a usage error.
func (o options) bare() bool {
	return len(o.rest) == 0 && !o.list && !o.implSet && o.heldOut == "" && len(o.pass) == 0
}

// ownValued are this command's own flags that take a value.
var ownValued = []string{"impl", "heldout", "C", "lang", "lab"}

// parse reads args' leading flags, in any order, as -flag, --flag,
// -flag=value or -flag value: this command's own (-impl, -heldout, -C,
// -lang, -lab, -list, -h), and those of l's command, passed on. It
// touches nothing: a problem is recorded for run to report.
func parse(args []string, l *lab.Lab) options {
	var o options
	var flags []lab.Flag
	if len(l.Commands) > 0 {
		flags = l.Commands[0].Flags
	}
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		flag, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(args[0], "-"), "-"), "=")
		j := slices.IndexFunc(flags, func(f lab.Flag) bool { return f.Name == flag })
		valued := slices.Contains(ownValued, flag) || j >= 0 && flags[j].Arg != ""
		switch {
		case flag == "list" || flag == "h" || flag == "help":
			if hasValue {
				o.problem, o.problemData = "command.takes-no-value", i18n.M{"Flag": flag}
				return o
			}
			if flag != "list" {
				o.help = true
				return o
			}
			o.list, args = true, args[1:]
			continue
		case j >= 0 && !valued:
			o.pass, args = append(o.pass, args[0]), args[1:]
			continue
		case !valued:
			o.problem, o.problemData = "command.unknown-flag", i18n.M{"Flag": strconv.Quote(args[0])}
			return o
		}
		if !hasValue {
			if len(args) < 2 {
				o.problem, o.problemData = "command.needs-value", i18n.M{"Flag": flag}
				return o
			}
			value, args = args[1], args[1:]
		}
		args = args[1:]
		switch flag {
		case "impl":
			o.impl, o.implSet = value, true
		case "heldout":
			o.heldOut = value
		case "C":
			o.chdir = value
		case "lang":
			o.lang = value
		case "lab":
			o.lab = value
		default:
			o.pass = append(o.pass, "-"+flag, value)
		}
	}
	o.rest = args
	return o
}

// run carries out the options on s's lab.
func (o options) run(s shell, stdout, stderr io.Writer) int {
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "%s: %s\n", s.cmd.Name, fmt.Sprintf(format, args...))
		return 2
	}
	if o.chdir != "" {
		if err := os.Chdir(o.chdir); err != nil {
			return fail("-C: %v", err)
		}
	}
	lang := language(s.lab)
	if o.lang != "" {
		l, err := i18n.Parse(o.lang)
		if err != nil {
			// Worded in the language the command speaks by default.
			return fail("-lang: %s", cli.Misuse(lang, err.Error()))
		}
		lang = l
	}
	switch {
	case o.problem != "":
		fmt.Fprintf(stderr, "%s: %s\n%s", s.cmd.Name, lang.T(o.problem, o.problemData), s.usageIn(lang))
		return 2
	case o.help, o.bare():
		fmt.Fprint(stdout, s.usageIn(lang))
		return 0
	}
	var held *heldout.Set
	if o.heldOut != "" {
		var err error
		if held, err = loadHeldOut(s.lab, o.heldOut); err != nil {
			return fail("-heldout: %v", err)
		}
		defer held.Close()
	}
	if o.list {
		// The mutants' neutral IDs, never their descriptive names: a
		// name says what a mutant does, which a student predicts first.
		for _, id := range append(ids(s.lab), viable(held)...) {
			fmt.Fprintln(stdout, id)
		}
		return 0
	}
	return o.runLine(s, held, lang, stdout, stderr)
}

// runLine runs the command line itself on the implementation -impl names.
func (o options) runLine(s shell, held *heldout.Set, lang i18n.Lang, stdout, stderr io.Writer) int {
	impl := o.impl
	if !o.implSet {
		impl = s.lab.Reference.Name
	}
	args := append(slices.Clone(o.pass), o.rest...)
	target, ok := s.lab.Lookup(impl)
	if !ok && slices.Contains(viable(held), impl) && len(o.rest) > 0 {
		status, err := held.Command(impl, ".", args, stdout, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", s.cmd.Name, err)
			return 1
		}
		return status
	}
	if !ok {
		fmt.Fprintf(stderr, "%s: %s\n", s.cmd.Name, lang.T("command.unknown-impl", i18n.M{"Name": strconv.Quote(impl), "Command": s.program()}))
		return 2
	}
	if len(o.rest) == 0 {
		fmt.Fprintf(stderr, "%s: %s\n%s", s.cmd.Name, lang.T("command.missing-command", nil), s.usageIn(lang))
		return 2
	}
	err := s.cmd.Run(target, ".", args, stdout)
	var misuse lab.Misuse
	switch {
	case errors.As(err, &misuse):
		fmt.Fprintln(stderr, s.misuseIn(lang, misuse))
		return 2
	case err != nil:
		fmt.Fprintln(stderr, report.Failure(lang, s.cmd.Name+": "+err.Error())) // the store's error, in the student's language
		return 1
	}
	return 0
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
