package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"idemlab/harness/heldout"
	"idemlab/harness/internal/cli"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/idem"
	"idemlab/mutants"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	l := mutants.Lab()
	name := l.Reference.Name
	// Leading flags in any order: -impl, -list and -help are this
	// command's own; -db passes through to the idem command line.
	var pass []string
	var heldOut string
	list := false
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		// -flag or --flag, as the flag package accepts.
		flag, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(args[0], "-"), "-"), "=")
		switch {
		case hasValue && (flag == "list" || flag == "h" || flag == "help"):
			fmt.Fprintf(stderr, "idem: flag -%s takes no value\n%s", flag, usage())
			return 2
		}
		switch flag {
		case "list":
			list, args = true, args[1:]
		case "h", "help":
			fmt.Fprint(stdout, usage())
			return 0
		case "impl", "db", "heldout", "C":
			if !hasValue {
				if len(args) < 2 {
					fmt.Fprintf(stderr, "idem: flag -%s needs a value\n%s", flag, usage())
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
			case "C":
				if err := os.Chdir(value); err != nil {
					fmt.Fprintf(stderr, "idem: -C: %v\n", err)
					return 2
				}
			default:
				pass = append(pass, "-db", value)
			}
		default:
			fmt.Fprintf(stderr, "idem: unknown flag %q\n%s", args[0], usage())
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
		fmt.Fprintf(stderr, "idem: unknown implementation %q; idem -list shows the names\n", name)
		return 2
	}
	if len(args) == 0 {
		fmt.Fprintf(stderr, "idem: missing COMMAND\n%s", usage())
		return 2
	}
	err := idem.Run(s, ".", append(pass, args...), stdout)
	var usageErr *idem.UsageError
	switch {
	case errors.As(err, &usageErr):
		fmt.Fprintln(stderr, err)
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "idem: %v\n", err)
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

func usage() string {
	return "usage: idem [-C DIR] [-heldout FILE] [-impl NAME] [-db PATH] COMMAND [ARGS]\n       idem [-C DIR] [-heldout FILE] -list\n\n" +
		"NAME is reference (the default), a mutant's name, or with -heldout a held-out mutant's.\n" +
		strings.TrimPrefix(idem.Usage, "usage: idem [-db PATH] COMMAND [ARGS]\n")
}
