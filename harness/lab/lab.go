package lab

import (
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"idemlab/harness/i18n"
	"idemlab/harness/internal/textwidth"
	"idemlab/harness/mutation"
)

// A Lab is one subject the harness teaches: its data (where its files are,
// its catalogue of mutants) and its one binding (its implementations and
// the commands its observations use). The harness's generic packages take
// a *Lab and know nothing else of the subject.
type Lab struct {
	// Name names the lab in reports, e.g. "idemstore".
	Name string
	// Binding is the import path of the package whose exported function
	// Lab returns this value. Programs the harness generates (for
	// generated and held-out mutants) import it to get the lab back.
	Binding string
	// Reference is the correct implementation. Its Value must be a struct
	// whose exported fields hold the reference source's top-level
	// functions, variables and constants of the same names (a pointer
	// field holds the address of a variable): the harness fills the same
	// struct from each mutated copy of the source.
	Reference Impl
	// Mutants are the compiled mutants of the catalogue, in its order.
	Mutants []Impl
	// Wheats are further correct implementations, written apart from
	// the reference and differing from it in design (Examplar's term):
	// every observation must pass on each, as on the reference. One that
	// fails on a wheat asserts something the contract does not promise,
	// and is broken, never evidence (see idemlab/harness/killmatrix).
	// Each has the Reference's Value type and a name of its own.
	Wheats []Impl
	// Catalogue declares the mutants.
	Catalogue *mutation.Catalogue
	// Commands are the script commands the observations use.
	Commands []Command
	// Layout says where the lab's files are in its module.
	Layout Layout
	// QuickLoop is the one command a student runs, from the module root,
	// to have their predictions judged, e.g. "go test ./mutants": what a
	// lesson tells them to run again.
	QuickLoop string
}

// Layout names the lab's files, as slash-separated paths relative to the
// module root.
type Layout struct {
	// Source is the reference source file every mutant copies.
	Source string
	// Catalogue, Equivalents and Clauses are the mutant catalogue, the
	// list of equivalent generated mutants with their reasons, and the
	// table from contract clauses to the observations that pin them.
	Catalogue, Equivalents, Clauses string
	// Coverage is the open-cell file: the cells of the coverage table
	// (idemlab/harness/coverage) left open, each with its reason.
	Coverage string
	// Answers is the answer key: each mutant's intended killer and hint,
	// which answer a prediction and so are kept out of the catalogue a
	// student reads, in a file the student is told not to read before
	// predicting (see mutation.AnswerKey). "" when the catalogue writes
	// them in place, as a test lab's may.
	Answers string
	// Observations holds one folder per kind of observation: Kinds, and
	// in a student's checkout Own.
	Observations string
	// Kinds are the folders under Observations of the lab's own
	// observations, in report order, its happy path first: the harness
	// reads these, and CI requires them to pass on the reference and to
	// kill every mutant. Own is the folder of a student's own
	// observations, under Observations or a submission.
	Kinds []string
	Own   string
	// Worksheets are where students record predictions, the first being
	// the default; a missing one is skipped.
	Worksheets []string
	// History is the prediction history a student's checkout keeps beside
	// its worksheets.
	History string
	// Sources are the folders whose Go source a report digests as the
	// lab's implementation (the reference and the mutant copies).
	Sources []string
}

// An Impl is one implementation of the lab's API: the reference or a
// mutant.
type Impl struct {
	// Name identifies it: the reference's name, or a mutant's catalogue
	// name.
	Name string
	// Value is the lab's own handle on it, passed to its commands.
	Value any
	// Entries, for a mutant, names the function fields of Value through
	// which code it changes from the reference can run (see
	// idemlab/harness/reach): an observation that calls none of them on
	// the reference runs the same code here, and the kill matrix takes
	// the reference's result for it. Nil says nothing is known, and every
	// observation runs; empty, not nil, says no field reaches a change.
	Entries []string
}

// Missing names the function fields of i.Value that are nil: an
// implementation without them cannot be judged.
func (i Impl) Missing() []string {
	v := reflect.ValueOf(i.Value)
	if v.Kind() != reflect.Struct {
		return nil
	}
	var names []string
	for f := range v.NumField() {
		field := v.Type().Field(f)
		if field.IsExported() && field.Type.Kind() == reflect.Func && v.Field(f).IsNil() {
			names = append(names, field.Name)
		}
	}
	return names
}

// Impls returns the reference followed by every mutant.
func (l *Lab) Impls() []Impl {
	return append([]Impl{l.Reference}, l.Mutants...)
}

// Lookup returns the implementation called name: the reference, a wheat,
// or a mutant by its name or its label.
func (l *Lab) Lookup(name string) (Impl, bool) {
	if name == l.Reference.Name {
		return l.Reference, true
	}
	if i := slices.IndexFunc(l.Wheats, func(w Impl) bool { return w.Name == name }); i >= 0 {
		return l.Wheats[i], true
	}
	if m, ok := l.Catalogue.Lookup(name); ok {
		name = m.Name
	}
	i := slices.IndexFunc(l.Mutants, func(m Impl) bool { return m.Name == name })
	if i < 0 {
		return Impl{}, false
	}
	return l.Mutants[i], true
}

// Command returns the script command called name.
func (l *Lab) Command(name string) (Command, bool) {
	i := slices.IndexFunc(l.Commands, func(c Command) bool { return c.Name == name })
	if i < 0 {
		return Command{}, false
	}
	return l.Commands[i], true
}

// Check reports what makes l unusable: no reference, mutants that the
// catalogue does not declare (or the other way round), commands without a
// name or a Run function, a layout without its source.
func (l *Lab) Check() error {
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if l.Reference.Name == "" || l.Reference.Value == nil {
		add("no reference implementation")
	}
	for _, w := range l.Wheats {
		switch {
		case w.Name == "" || w.Value == nil:
			add("a wheat without a name or a value")
		case w.Name == l.Reference.Name || slices.ContainsFunc(l.Mutants, func(m Impl) bool { return m.Name == w.Name }):
			add("wheat %s has the name of another implementation", w.Name)
		case reflect.TypeOf(w.Value) != reflect.TypeOf(l.Reference.Value):
			add("wheat %s is a %T, the reference a %T", w.Name, w.Value, l.Reference.Value)
		case len(w.Missing()) > 0:
			add("wheat %s lacks %s", w.Name, strings.Join(w.Missing(), ", "))
		}
	}
	if l.Catalogue == nil {
		add("no catalogue")
	} else {
		for _, m := range l.Mutants {
			if _, ok := l.Catalogue.Lookup(m.Name); !ok {
				add("mutant %s is not in the catalogue", m.Name)
			}
		}
		if len(l.Mutants) != len(l.Catalogue.Mutants) {
			add("%d compiled mutants for %d in the catalogue", len(l.Mutants), len(l.Catalogue.Mutants))
		}
		if err := l.Catalogue.Answered(); err != nil {
			add("%v", err)
		}
	}
	for _, c := range l.Commands {
		if c.Name == "" || c.Run == nil {
			add("command %q has no name or no Run", c.Name)
		}
	}
	if l.Layout.Source == "" {
		add("layout: no reference source")
	}
	if len(l.Layout.Kinds) == 0 || l.Layout.Own == "" || slices.Contains(l.Layout.Kinds, l.Layout.Own) {
		add("layout: want the lab's kinds of observation and a student's own kind, another folder")
	}
	if len(problems) > 0 {
		return fmt.Errorf("lab %s: %s", l.Name, strings.Join(problems, "; "))
	}
	return nil
}

// A Command is one script command an observation uses, such as idem: a
// name, its subcommands (each with its usage and whether it reads state),
// and the function that runs one command line against an implementation.
type Command struct {
	// Name is the word a script line starts with.
	Name string
	// Summary says in one line what the command is.
	Summary string
	// Flags are the flags that may come before a subcommand.
	Flags []Flag
	// Subcommands in the order their usage lists them.
	Subcommands []Subcommand
	// Notes end the command's usage, by language tag ("en", "zh-CN"),
	// English where a language has none: what its arguments are, when
	// the synopsis does not say.
	Notes map[string]string
	// States are the categories of state the contract speaks of, which a
	// coverage table counts the observations of beside the arguments'.
	States []State
	// Prelude are the command lines (args without Name) every program
	// the differential search generates starts with, such as idem init:
	// the state every other subcommand needs.
	Prelude [][]string
	// Run runs one command line, args without Name, against impl, with
	// relative paths resolved against dir, and writes its output to
	// stdout. A malformed line returns a [Misuse] before anything is
	// touched; a failing operation returns its error.
	Run func(impl Impl, dir string, args []string, stdout io.Writer) error
}

// A Misuse is the error a [Command]'s Run returns for a malformed command
// line (no subcommand, an unknown one, a missing or unparsable argument),
// before anything is touched: a command run from a shell tells it from a
// failing operation, and words it in the student's language.
type Misuse interface {
	error
	// Misuse returns the subcommand the line named ("" when none was
	// recognised) and what was wrong, in English, naming the argument.
	Misuse() (sub, msg string)
}

// A Flag is one flag of a command.
type Flag struct {
	// Name without its dash, e.g. "db"; Arg names its value ("" for a
	// boolean flag); Doc says what it does.
	Name, Arg, Doc string
	// Docs is Doc in other languages, by language tag ("zh-CN").
	Docs map[string]string
	// Domain, when set, is the values the differential search gives the
	// flag; it leaves a flag without one out.
	Domain *Domain
}

// A Subcommand is one operation of a command.
type Subcommand struct {
	// Name is the word after the command's flags, e.g. "reserve".
	Name string
	// Args is its argument synopsis, e.g. "KEY DIGEST EXPIRES".
	Args string
	// Doc says what it does and prints, in one or two sentences; Docs is
	// Doc in other languages, by language tag ("zh-CN").
	Doc  string
	Docs map[string]string
	// ReadsState is set when the subcommand reports what the store holds
	// rather than an operation's result: a check of its output is state
	// evidence.
	ReadsState bool
	// Params are its arguments as the differential search draws them, in
	// order. A subcommand that takes arguments (Args is set) but declares
	// no Params is left out of the search.
	Params []Param
	// Weight is how often the search draws it, relative to the others (0
	// counts as 1): the subcommands that build state (reserve, finish)
	// drawn more often make stores worth reading.
	Weight int
	// Results, when set, is what of the subcommand's printed output the
	// contract fixes: regular expressions, one for each result it
	// printed, that a line of any correct implementation's output
	// matches. The differential search compares two outputs by them
	// (each side's results must match lines of the other's) and checks
	// them in the scripts it writes. Nil compares the output as printed.
	// An interleaving, for one, fixes what each line returned but not
	// an error's wording, nor whether a write found the store locked
	// first (see idemlab/harness/labcmd.ResultPatterns).
	Results func(stdout string) []string
}

// Subcommand returns the subcommand that an argument list (without the
// command's name) names, after its flags.
func (c Command) Subcommand(args []string) (Subcommand, bool) {
	name := c.subcommandName(args)
	i := slices.IndexFunc(c.Subcommands, func(s Subcommand) bool { return s.Name == name })
	if i < 0 {
		return Subcommand{}, false
	}
	return c.Subcommands[i], true
}

// SubcommandName is the word an argument list (without the command's
// name) gives after its flags, a subcommand's or not; "" when there is
// none.
func (c Command) SubcommandName(args []string) string { return c.subcommandName(args) }

func (c Command) subcommandName(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			return a
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		j := slices.IndexFunc(c.Flags, func(f Flag) bool { return f.Name == name })
		if j >= 0 && c.Flags[j].Arg != "" && !hasValue {
			i++ // the flag's value
		}
	}
	return ""
}

// Usage is the command's usage text: its synopsis, flags and every
// subcommand with its arguments and doc, in two columns that fit 80,
// then its notes.
func (c Command) Usage() string { return c.UsageIn(string(i18n.English)) }

// UsageIn is Usage in language lang ("en", "zh-CN"): its headings, and
// each doc in lang where Docs has it, wrapped by display width.
func (c Command) UsageIn(lang string) string {
	l := i18n.Lang(lang)
	var b strings.Builder
	b.WriteString(l.T("usage.synopsis", i18n.M{"Name": c.Name}))
	for _, f := range c.Flags {
		fmt.Fprintf(&b, " [-%s", f.Name)
		if f.Arg != "" {
			fmt.Fprintf(&b, " %s", f.Arg)
		}
		b.WriteString("]")
	}
	b.WriteString(" COMMAND [ARGS]\n\n")
	for _, f := range c.Flags {
		column(&b, strings.TrimSpace("-"+f.Name+" "+f.Arg), in(f.Doc, f.Docs, lang))
	}
	if len(c.Flags) > 0 {
		b.WriteString("\n")
	}
	b.WriteString(l.T("usage.commands", nil) + "\n")
	for _, s := range c.Subcommands {
		column(&b, strings.TrimSpace(s.Name+" "+s.Args), in(s.Doc, s.Docs, lang))
	}
	b.WriteString(in(c.Notes["en"], c.Notes, lang))
	return b.String()
}

// in is doc in lang, from docs, else doc itself.
func in(doc string, docs map[string]string, lang string) string {
	if d, ok := docs[lang]; ok && d != "" {
		return d
	}
	return doc
}

// usageColumn is where a doc starts in Usage, and usageWidth where lines
// end.
const usageColumn, usageWidth = 31, 80

// column writes one entry of a usage: the synopsis, then its doc wrapped
// at usageWidth from usageColumn on (on the next line when the synopsis
// is too long to leave room).
func column(b *strings.Builder, synopsis, doc string) {
	line := "  " + synopsis
	if len(line) >= usageColumn-1 {
		b.WriteString(line + "\n")
		line = ""
	}
	for i, w := range textwidth.Wrap(doc, usageWidth-usageColumn) {
		if i > 0 {
			b.WriteString(line + "\n")
			line = ""
		}
		line += strings.Repeat(" ", usageColumn-len(line)) + w
	}
	b.WriteString(line + "\n")
}
