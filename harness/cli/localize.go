package cli

import (
	"flag"

	"idemlab/harness/i18n"
)

// LocalizeFlags words the usage of fs's flags in lang, for -h: a flag
// whose message flag.COMMAND.NAME, else flag.NAME, the catalogue defines
// (see harness/i18n) gets that text, filled from data; any other keeps
// the English it was defined with. A name in backquotes names the flag's
// value, as in the flag package.
func LocalizeFlags(fs *flag.FlagSet, lang i18n.Lang, command string, data i18n.M) {
	fs.VisitAll(func(f *flag.Flag) {
		for _, id := range []string{"flag." + command + "." + f.Name, "flag." + f.Name} {
			if text := lang.T(id, data); text != "["+id+"]" {
				f.Usage = text
				return
			}
		}
	})
}
