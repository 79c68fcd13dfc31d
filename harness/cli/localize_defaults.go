package cli

import (
	"flag"
	"fmt"
	"strings"

	"idemlab/harness/i18n"
)

// PrintDefaults is fs.PrintDefaults with its "(default ...)" in lang: the
// same lines, one flag after another in name order, its value's name and
// its usage (LocalizeFlags words the usage itself).
func PrintDefaults(fs *flag.FlagSet, lang i18n.Lang) {
	var b strings.Builder
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(&b, "  -%s", f.Name)
		if name != "" {
			b.WriteString(" " + name)
		}
		// A boolean flag's usage fits on its line, as flag prints it.
		if b.Len() <= 4 {
			b.WriteString("\t")
		} else {
			b.WriteString("\n    \t")
		}
		b.WriteString(strings.ReplaceAll(usage, "\n", "\n    \t"))
		if !isZero(f) {
			value := f.DefValue
			if isString(f) {
				value = fmt.Sprintf("%q", value)
			}
			b.WriteString(lang.T("usage.flag-default", i18n.M{"Value": value}))
		}
		fmt.Fprint(fs.Output(), b.String(), "\n")
		b.Reset()
	})
}

// isZero reports whether f's default is its type's zero value, which
// flag does not print.
func isZero(f *flag.Flag) bool {
	switch f.DefValue {
	case "", "0", "false", "0s", "[]":
		return true
	}
	return false
}

// isString reports whether f holds a string, whose default flag quotes.
func isString(f *flag.Flag) bool {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	_, ok = g.Get().(string)
	return ok
}
