package lab

// A Param is one argument of a subcommand as the differential search
// (idemlab/harness/search) draws it: its name in the usage, the values it
// takes, and whether it may be left out.
type Param struct {
	// Name is the argument as the usage writes it, e.g. "KEY".
	Name string
	// Domain says which values it takes.
	Domain Domain
	// Optional says it may be left out; only the last parameters are.
	Optional bool
	// Variadic says any number of it may follow (none included); only
	// the last parameter is.
	Variadic bool
}

// A Kind is how the values of a [Domain] are drawn.
type Kind string

// The kinds of argument. The search draws each kind's own adversarial
// values besides the domain's Values: see idemlab/harness/search.
const (
	// Text is any text: a key, a fingerprint, a file name. Beside the
	// domain's values, the search draws the values its pool already
	// holds, those same values changed in ways people overlook (letter
	// case, a trailing or leading space, Unicode's composed and
	// decomposed forms, a prefix, an extension) and the empty string.
	Text Kind = "text"
	// Number is a decimal number, such as a time in seconds: the pool's
	// values, just above and below them, and the numbers that break
	// arithmetic (zero and minus zero, the infinities, NaN, the largest
	// floats, an integer a float cannot hold).
	Number Kind = "number"
	// Integer is an integer, such as a limit: small ones, the pool's and
	// the sizes of the pools named in Sizes, each also plus and minus
	// one, and the extremes of an int.
	Integer Kind = "integer"
	// JSON is one JSON value of every kind: null, the booleans, numbers
	// written in several ways, strings (empty, accented, escaped), arrays
	// and objects, nested; and the pool's values written again with their
	// keys in another order or their numbers in another form.
	JSON Kind = "json"
	// Line is one command line of the same command, as a single argument
	// whose words are separated by spaces (idem interleave's WRITE): a
	// subcommand of Lines with its own arguments, none empty or holding
	// a space.
	Line Kind = "line"
)

// A Domain is the set of values one argument or flag takes.
type Domain struct {
	Kind Kind
	// Pool names the values this argument shares with others of the
	// same pool: a value drawn once is drawn again, as it is and as its
	// near neighbours, so that a fetch names a key a reserve stored and a
	// time lands exactly on an expiry. "" keeps no pool.
	Pool string
	// Values are drawn deliberately, as they are: the domain's typical
	// and boundary values, the first the one a shrunk script prefers.
	Values []string
	// Sizes names pools whose number of distinct values is itself a
	// boundary of an Integer (a limit equal to the number of keys
	// stored, and one either side).
	Sizes []string
	// Lines, for a Line, names the subcommands the line may run.
	Lines []string
	// Categories are the input categories of the argument, each with
	// values that stand for it: what a coverage table counts the
	// observations of (idemlab/harness/coverage). The search does not
	// draw from them: drawn one value in six, or in one program in four,
	// they made the stores that meet (two finished rows, a purge over more
	// than its limit) rare enough that a held-out mutant its search found
	// at program 1,275 was found at 3,859, by an interleaving script that
	// does not replay on the reference's copy.
	Categories []Category
}

// A Category is one class of input that a contract distinguishes, or that
// a store is likely to mishandle (the category-partition method, Ostrand
// and Balcer, 1988): a name, values that stand for it, written as a
// command line writes them, and which values belong to it.
type Category struct {
	Name   string
	Values []string
	// Match reports whether an argument, as a script line writes it,
	// belongs to the category; nil means it is one of Values exactly.
	Match func(arg string) bool
}

// Holds reports whether arg belongs to c.
func (c Category) Holds(arg string) bool {
	if c.Match != nil {
		return c.Match(arg)
	}
	for _, v := range c.Values {
		if v == arg {
			return true
		}
	}
	return false
}

// A State is a category of the store's state, or of a script's shape,
// that the contract speaks of (a row of each status, rows on both sides
// of a time boundary, the same request made twice, a second client): a
// name, and which scripts build it.
type State struct {
	Name string
	// Holds reports whether a script's lines build the state.
	Holds func(lines []ScriptLine) bool
}

// A ScriptLine is one command line of a script as a [State] reads it: the
// command, and whether it is expected to fail ("!"); for a lab command's
// line its subcommand and that subcommand's arguments, flags left out,
// else Args are the line's words. A line a Line argument carries (idem
// interleave's WRITE) follows the line that carries it, Nested.
type ScriptLine struct {
	Cmd    string
	Sub    string
	Args   []string
	Neg    bool
	Nested bool
}
