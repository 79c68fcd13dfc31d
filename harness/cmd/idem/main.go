// Command idem runs one store operation from the command line, against the
// reference or any mutant, so a student can poke an implementation by hand:
//
//	go run ./harness/cmd/idem init
//	go run ./harness/cmd/idem reserve k1 v1 10
//	go run ./harness/cmd/idem -impl 4_fetch_replays_at_expiry fetch k1 10
//
// Usage:
//
//	idem [-impl NAME] [-db PATH] COMMAND [ARGS]
//	idem -list
//
// -impl chooses the implementation (default reference); -list prints every
// name it accepts. The commands are those of the observation scripts; run
// idem with no arguments to see them. The exit status is 0 on success, 1
// when the operation fails and 2 for a usage error, which touches nothing.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

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
			for _, i := range l.Impls() {
				fmt.Fprintln(stdout, i.Name)
			}
			return 0
		case "h", "help":
			fmt.Fprint(stdout, usage())
			return 0
		case "impl", "db":
			if !hasValue {
				if len(args) < 2 {
					fmt.Fprintf(stderr, "idem: flag -%s needs a value\n%s", flag, usage())
					return 2
				}
				value, args = args[1], args[1:]
			}
			args = args[1:]
			if flag == "impl" {
				name = value
			} else {
				pass = append(pass, "-db", value)
			}
		default:
			fmt.Fprintf(stderr, "idem: unknown flag %q\n%s", args[0], usage())
			return 2
		}
	}
	s, ok := l.Lookup(name)
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

func usage() string {
	return "usage: idem [-impl NAME] [-db PATH] COMMAND [ARGS]\n       idem -list\n\n" +
		"NAME is reference (the default) or a mutant's name.\n" +
		strings.TrimPrefix(idem.Usage, "usage: idem [-db PATH] COMMAND [ARGS]\n")
}
