package search

import (
	"crypto/sha256"
	"fmt"

	"idemlab/harness/lab"
)

// GeneratorVersion numbers the code that draws programs: this package's
// drawing of lines and values, and rapid's choices under them. Bump it
// whenever the programs a seed draws from an unchanged lab change;
// TestGeneratorSample fails until it is bumped. Every equivalence record
// made by an older generator is then searched again rather than trusted
// (idemlab mutate reports it, and -record replaces it).
const GeneratorVersion = 1

// Generator names the program generator that a search of l runs: the
// generator's version and a digest of everything of l that the search
// draws from (each command's prelude, the flags and subcommands it draws,
// their parameters' domains and weights) and of the default number of
// steps. Two searches of the same seed and budget whose generators have
// the same name run the same programs; an equivalence record keeps the
// name so that a record made before a change is not believed after it.
func Generator(l *lab.Lab) string {
	h := sha256.New()
	fmt.Fprintf(h, "steps %d\n", DefaultSteps)
	for _, c := range l.Commands {
		fmt.Fprintf(h, "command %q\n", c.Name)
		for _, line := range c.Prelude {
			fmt.Fprintf(h, "prelude %q\n", line)
		}
		for _, f := range c.Flags {
			if f.Domain != nil {
				fmt.Fprintf(h, "flag %q %s\n", f.Name, domainText(*f.Domain))
			}
		}
		for _, s := range c.Subcommands {
			if s.Args != "" && len(s.Params) == 0 {
				continue // not drawn: see vocabulary
			}
			fmt.Fprintf(h, "subcommand %q weight %d\n", s.Name, max(s.Weight, 1))
			for _, p := range s.Params {
				fmt.Fprintf(h, "param %q optional %v variadic %v %s\n", p.Name, p.Optional, p.Variadic, domainText(p.Domain))
			}
		}
	}
	return fmt.Sprintf("v%d-%x", GeneratorVersion, h.Sum(nil)[:6])
}

// domainText is what of a domain the search draws from; its categories
// are left out, since the search does not draw them (see lab.Domain).
func domainText(d lab.Domain) string {
	return fmt.Sprintf("kind %q pool %q values %q sizes %q lines %q", d.Kind, d.Pool, d.Values, d.Sizes, d.Lines)
}
