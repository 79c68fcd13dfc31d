package idemlab

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"idemlab/harness/cli"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/suggest"
)

// unexpected is the usage error for the first argument left after the
// flags of args, with a hint at what was likely meant: after a flag that
// takes no value (-json report.json), that the flag takes none and how to
// write to a file (-o); a word near a subcommand, that subcommand (which
// must come first); a lab's name, -lab; a file name, -o.
func unexpected(fs *flag.FlagSet, args, labs []string) error {
	arg := fs.Arg(0)
	data := i18n.M{"Arg": fmt.Sprintf("%q", arg), "File": arg}
	if s := suggest.Nearest(arg, []string{"mutate", "search"}); s != "" {
		data["Suggest"] = "idemlab " + s
		return cli.Errorm("usage.unexpected-subcommand", data)
	}
	if slices.Contains(labs, arg) {
		data["Suggest"] = "idemlab -lab " + arg
		return cli.Errorm("usage.unexpected-subcommand", data)
	}
	if i := len(args) - fs.NArg() - 1; i >= 0 && isBoolFlag(fs, args[i]) {
		data["Flag"] = args[i]
		if strings.TrimLeft(args[i], "-") != "json" {
			data["File"] = ""
		}
		return cli.Errorm("usage.unexpected-after-bool", data)
	}
	if strings.ContainsAny(arg, "./") {
		return cli.Errorm("usage.unexpected-file", data)
	}
	return cli.Errorm("usage.unexpected-word", data)
}

// isBoolFlag reports whether arg is a boolean flag of fs given alone
// (-json, --json), which takes no value from the next argument.
func isBoolFlag(fs *flag.FlagSet, arg string) bool {
	name, ok := strings.CutPrefix(arg, "-")
	if !ok || strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(strings.TrimPrefix(name, "-"))
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
