package idemlab

import (
	"flag"
	"io"
	"slices"
	"strings"

	"idemlab/harness/lab"
)

// subcommands are idemlab's subcommands, by the word that names them.
var subcommands = map[string]func(reg lab.Registry, args []string, stdout, stderr io.Writer) int{
	"mutate":   runMutate,
	"coverage": runCoverage,
	"search":   runSearch,
}

// splitSubcommand finds the subcommand an argument list names, first or
// after flags (idemlab -lab lease mutate, the habit go -C DIR test
// teaches), and returns it with the rest of the arguments, flags before
// it kept in their place; "" when the arguments name none. A flag is
// known as taking a value, or not, from idemlab's and mutate's flags; an
// unknown one is taken to have a value, so a word after it is never
// mistaken for the subcommand (search's own flags all take one).
func splitSubcommand(reg lab.Registry, args []string) (string, []string) {
	bools := boolFlags(reg)
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") || a == "-" {
			if _, ok := subcommands[a]; ok {
				return a, append(slices.Clip(args[:i]), args[i+1:]...)
			}
			return "", args
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !hasValue && !bools[name] {
			i++ // the flag's value
		}
	}
	return "", args
}

// boolFlags are the flags of idemlab and idemlab mutate that take no
// value.
func boolFlags(reg lab.Registry) map[string]bool {
	out := map[string]bool{"h": true, "help": true}
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	var f flags
	f.define(fs, reg)
	ms := flag.NewFlagSet("", flag.ContinueOnError)
	var m mutateFlags
	m.define(ms, reg)
	for _, set := range []*flag.FlagSet{fs, ms} {
		set.VisitAll(func(fl *flag.Flag) {
			if b, ok := fl.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				out[fl.Name] = true
			}
		})
	}
	return out
}
