package submission

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"idemlab/harness/lab"
)

// lintFlags refuses a lab command line whose leading flags the command
// does not define, read as the lab's command reads them (reference/idem,
// the lease lab's): every argument before the subcommand that starts with
// "-" is a flag, written with one dash or two, its value after "=" or, for
// a flag that takes one without "=", in the next argument. Such a line
// would fail alike on every implementation ("unknown flag"), and the
// shell's own flags (labshell's -C, -impl, -lab, ...) are not part of the
// observation language, so it is refused before anything runs, naming the
// flag rather than reading its value as a subcommand.
func lintFlags(l *lab.Lab, cmd string, args []string) string {
	c, _ := l.Command(cmd)
	for i := 0; i < len(args) && strings.HasPrefix(args[i], "-"); i++ {
		name, _, hasValue := strings.Cut(trimDashes(args[i]), "=")
		j := slices.IndexFunc(c.Flags, func(f lab.Flag) bool { return f.Name == name })
		if j < 0 {
			return fmt.Sprintf("flag %s is not allowed in an observation (%s)", flagWritten(args[i]), flagsTaken(c))
		}
		if c.Flags[j].Arg != "" && !hasValue {
			i++ // the flag's value, whatever it starts with
		}
	}
	return ""
}

// trimDashes takes off a flag's one or two leading dashes, as the lab's
// command does: "---db" is the flag "-db", which no command defines.
func trimDashes(arg string) string {
	return strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-")
}

// flagWritten is how a refusal names a flag: as written up to its "=",
// quoted unless it is one or two dashes and a plain word ("-C", "--lab";
// "--", "-", "---db" and "-a b" are quoted).
func flagWritten(arg string) string {
	name, _, _ := strings.Cut(strings.ReplaceAll(arg, workMark, "$WORK"), "=")
	word := trimDashes(name)
	if word == "" || word[0] == '-' || strings.ContainsFunc(word, func(r rune) bool {
		return !(r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) {
		return strconv.Quote(name)
	}
	return name
}

// flagsTaken says which flags cmd takes, for a refusal.
func flagsTaken(c lab.Command) string {
	if len(c.Flags) == 0 {
		return c.Name + " takes no flags"
	}
	var names []string
	for _, f := range c.Flags {
		names = append(names, "-"+f.Name)
	}
	return c.Name + " takes only " + strings.Join(names, ", ")
}
