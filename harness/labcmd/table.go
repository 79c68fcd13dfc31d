package labcmd

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"strings"

	"idemlab/harness/lab"
)

// A Table declares a lab's command as data: its name, its subcommands
// (each with typed parameters and the store call it makes) and how it
// finds its store. [Table.Command] is the lab.Command the harness runs;
// everything else (argument parsing, the store flag, misuse errors,
// printing, rows, interleave and between, usage and manual text) is the
// kit's. API is the lab's API struct, an implementation's Value.
type Table[API any] struct {
	// Name is the command's word in a script, e.g. "idem"; Summary says
	// in one line what it is.
	Name, Summary string
	// DefaultDB is the store file when the store flag is not given,
	// relative to the folder a line runs in ("store.db" when empty).
	DefaultDB string
	// StoreFlag names the store flag without its dash, and StoreArg its
	// value in the usage: "db" and "PATH" when empty (the counter lab's
	// ctr takes -f FILE). StoreDomain, when set, is the values the
	// differential search gives it (see lab.Flag.Domain); without one the
	// search leaves the flag out.
	StoreFlag, StoreArg string
	StoreDomain         *lab.Domain
	// AbsDB passes the store an absolute path: a store that opens its
	// file as a file: URI reads a relative path as a host.
	AbsDB bool
	// Notes end the usage, by language tag, saying what the arguments
	// are; Prelude are the lines every searched program starts with.
	Notes   map[string]string
	Prelude [][]string
	// States are the categories of state the contract speaks of (see
	// lab.State), which a coverage table counts beside the arguments'.
	States []lab.State
	// Driver returns the implementation's driver seam (see UseDriver),
	// or nil when it has none.
	Driver func(API) *string
	// Sentinels returns the implementation's sentinel errors that the
	// contract names, by name (ErrInvalidLimit): a store error that wraps
	// one ends with a note saying so, "(wraps ErrInvalidLimit)" (see
	// lab.Wraps), so that an observation, and the search, see what
	// errors.Is sees. Nil names none.
	Sentinels func(API) map[string]error
	// Subcommands in the order the usage lists them.
	Subcommands []Sub[API]
}

// A Sub is one subcommand: its parameters, what it does and prints (in
// English, Doc, and Chinese, Zh), and the store call it makes.
type Sub[API any] struct {
	Name   string
	Params []Param
	Doc    string
	Zh     string
	// ReadsState: a check of its output is state evidence.
	ReadsState bool
	// Weight is how often the search draws it (see lab.Subcommand).
	Weight int
	// Results is what of its output the contract fixes (see
	// lab.Subcommand); nil, all of it.
	Results func(stdout string) []string
	// Run calls the store with the parsed arguments; its result is
	// printed by [Write].
	Run func(s API, c *Call) (any, error)
}

// A Param is one parameter: its name in the usage, its parser (nil takes
// any text), and its domain and input categories as the search and the
// coverage table read them.
type Param struct {
	lab.Param
	Parse func(string) (any, error)
}

// Text is a parameter of any text (a key, a fingerprint, an owner).
func Text(name string, d lab.Domain) Param { return param(name, d, nil) }

// Time is a time or a duration in seconds (ParseSeconds); Call.Float
// reads it.
func Time(name string, d lab.Domain) Param {
	return param(name, d, func(s string) (any, error) { return ParseSeconds(s) })
}

// Number is a quantity that is not a time (ParseNumber); Call.Float.
func Number(name string, d lab.Domain) Param {
	return param(name, d, func(s string) (any, error) { return ParseNumber(s) })
}

// Int is an integer an int holds (ParseInteger); Call.Int reads it.
func Int(name string, d lab.Domain) Param {
	return param(name, d, func(s string) (any, error) {
		n, err := ParseInteger(s, intSize)
		return int(n), err
	})
}

// Int64 is an integer an int64 holds; Call.Int64 reads it.
func Int64(name string, d lab.Domain) Param {
	return param(name, d, func(s string) (any, error) { return ParseInteger(s, 64) })
}

// Count is a whole number from 0 (ParseCount); Call.Int64 reads it.
func Count(name string, d lab.Domain) Param {
	return param(name, d, func(s string) (any, error) { return ParseCount(s) })
}

// JSON is exactly one JSON value (ParseJSON); Call.JSON reads it.
func JSON(name string, d lab.Domain) Param {
	return param(name, d, func(s string) (any, error) { return ParseJSON(s) })
}

func param(name string, d lab.Domain, parse func(string) (any, error)) Param {
	return Param{Param: lab.Param{Name: name, Domain: d}, Parse: parse}
}

// Optional is p, which may be left out (only the last parameters are).
func (p Param) Optional() Param { p.Param.Optional = true; return p }

// Variadic is p, of which any number may follow (the last parameter).
func (p Param) Variadic() Param { p.Param.Variadic = true; return p }

const intSize = 32 << (^uint(0) >> 63)

// A Call is one subcommand line being run: its store and its arguments,
// parsed by their parameters' parsers.
type Call struct {
	// DB is the store file, resolved against the folder the line runs in.
	DB   string
	Args []string
	vals []any
	// run runs another line on the same implementation and store, parse
	// checks one, meta tells interleave and between.
	run   func(args []string) (string, error)
	parse func(args []string) *UsageError
	meta  func(name string) bool
	// finish fills in a UsageError's usage.
	finish func(*UsageError) *UsageError
	// name is the command's, sub the subcommand's; args names argument i.
	name, sub string
	args      func(i int) string
}

// Has reports whether argument i was given (an optional one may not be).
func (c *Call) Has(i int) bool { return i < len(c.Args) }

// Text is argument i as written.
func (c *Call) Text(i int) string { return c.Args[i] }

// Float is argument i, a Seconds or Number parameter.
func (c *Call) Float(i int) float64 { return c.vals[i].(float64) }

// Int is argument i, an Int parameter, or def when it was left out.
func (c *Call) Int(i, def int) int {
	if !c.Has(i) {
		return def
	}
	return c.vals[i].(int)
}

// Int64 is argument i, an Int64 or Count parameter.
func (c *Call) Int64(i int) int64 { return c.vals[i].(int64) }

// JSON is argument i, a JSON parameter: nil for null.
func (c *Call) JSON(i int) any { return c.vals[i] }

// usage is a UsageError about argument i.
func (c *Call) usage(i int, format string, args ...any) *UsageError {
	return c.finish(&UsageError{Cmd: c.sub, Msg: fmt.Sprintf("%s %q: ", c.args(i), c.Args[i]) + fmt.Sprintf(format, args...)})
}

// Command is the lab.Command the harness runs: the table's subcommands,
// their usage and parameters, the store flag, and Run.
func (t *Table[API]) Command() lab.Command {
	c := lab.Command{Name: t.Name, Summary: t.Summary, Flags: t.flags(), Notes: t.Notes, Prelude: t.Prelude, States: t.States, Run: t.Run}
	for _, s := range t.Subcommands {
		var params []lab.Param
		for _, p := range s.Params {
			params = append(params, p.Param)
		}
		var docs map[string]string
		if s.Zh != "" {
			docs = map[string]string{"zh-CN": s.Zh}
		}
		c.Subcommands = append(c.Subcommands, lab.Subcommand{Name: s.Name, Args: s.synopsis(), Doc: s.Doc, Docs: docs, ReadsState: s.ReadsState, Params: params, Weight: s.Weight, Results: s.Results})
	}
	return c
}

// UsageIn is the command's usage in lang ("en" or "zh-CN").
func (t *Table[API]) UsageIn(lang string) string { return t.Command().UsageIn(lang) }

func (t *Table[API]) flags() []lab.Flag {
	db := t.db()
	return []lab.Flag{{Name: t.storeFlag(), Arg: t.storeArg(), Doc: "the store file, relative to the current directory (default " + db + ")",
		Docs: map[string]string{"zh-CN": "存储文件，相对于当前目录（默认 " + db + "）"}, Domain: t.StoreDomain}}
}

// storeFlag is the store flag's name, storeArg its value's word.
func (t *Table[API]) storeFlag() string { return cmp.Or(t.StoreFlag, "db") }
func (t *Table[API]) storeArg() string  { return cmp.Or(t.StoreArg, "PATH") }

func (t *Table[API]) db() string {
	return cmp.Or(t.DefaultDB, "store.db")
}

// synopsis is the subcommand's argument synopsis, e.g. "NOW [LIMIT]".
func (s Sub[API]) synopsis() string {
	var words []string
	for _, p := range s.Params {
		switch {
		case p.Param.Variadic:
			words = append(words, "["+p.Name+"...]")
		case p.Param.Optional:
			words = append(words, "["+p.Name+"]")
		default:
			words = append(words, p.Name)
		}
	}
	return strings.Join(words, " ")
}

// Run executes one command line against impl and writes its result to
// stdout; relative store paths are resolved against dir. A malformed
// line returns a *UsageError before the store is touched; a failing
// operation returns its error, after writing nothing.
func (t *Table[API]) Run(impl lab.Impl, dir string, args []string, stdout io.Writer) error {
	s, ok := impl.Value.(API)
	if !ok {
		return fmt.Errorf("%s: implementation %s is a %T, not %s", t.Name, impl.Name, impl.Value, article(reflect.TypeFor[API]().String()))
	}
	db, args, err := t.dbFlag(args)
	if err != nil {
		return err
	}
	sub, c, err := t.parseLine(args)
	if err != nil {
		return err
	}
	if !filepath.IsAbs(db) {
		db = filepath.Join(dir, db)
		if t.AbsDB {
			if db, err = filepath.Abs(db); err != nil {
				return err
			}
		}
	}
	c.DB = db
	c.run = func(line []string) (string, error) { return t.runLine(impl, db, line) }
	if t.Driver != nil {
		UseDriver(t.Driver(s))
	}
	out, err := sub.Run(s, c)
	if err != nil {
		return t.noteWraps(s, err)
	}
	return Write(stdout, out)
}

// noteWraps is a store error with the note of the sentinels it wraps.
func (t *Table[API]) noteWraps(s API, err error) error {
	if t.Sentinels == nil {
		return err
	}
	var names []string
	for name, sentinel := range t.Sentinels(s) {
		if sentinel != nil && errors.Is(err, sentinel) {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return err
	}
	return fmt.Errorf("%w%s", err, lab.Wraps(names))
}

// article is name with "a" or "an" before it.
func article(name string) string {
	if strings.ContainsAny(name[:1], "aeiouAEIOU") {
		return "an " + name
	}
	return "a " + name
}

// dbFlag reads the store flags before the subcommand.
func (t *Table[API]) dbFlag(args []string) (string, []string, error) {
	db, name, arg := t.db(), t.storeFlag(), t.storeArg()
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		flag, value, hasValue := strings.Cut(strings.TrimPrefix(args[0], "-"), "=")
		if flag != name && flag != "-"+name {
			return "", nil, t.misuse("", fmt.Sprintf("unknown flag %q", args[0]))
		}
		if !hasValue {
			if len(args) < 2 {
				return "", nil, t.misuse("", "flag -"+name+" needs a "+arg)
			}
			value, args = args[1], args[1:]
		}
		if value == "" {
			return "", nil, t.misuse("", "flag -"+name+": empty "+arg)
		}
		db, args = value, args[1:]
	}
	return db, args, nil
}

// parseLine returns the subcommand a line without flags names and its
// call, every argument parsed, or a *UsageError when it names none, has
// the wrong number of arguments or one that does not parse. It runs
// nothing, so interleave and between check every line with it first.
func (t *Table[API]) parseLine(args []string) (Sub[API], *Call, error) {
	if len(args) == 0 {
		return Sub[API]{}, nil, t.misuse("", "missing COMMAND")
	}
	name, args := args[0], args[1:]
	sub, ok := t.lookup(name)
	if !ok {
		return sub, nil, t.misuse("", fmt.Sprintf("unknown command %q", name))
	}
	var required []string
	variadic := false
	for _, p := range sub.Params {
		variadic = variadic || p.Param.Variadic
		if !p.Param.Optional && !p.Param.Variadic {
			required = append(required, p.Name)
		}
	}
	if len(args) < len(required) {
		return sub, nil, t.misuse(name, "missing "+strings.Join(required[len(args):], " "))
	}
	if len(args) > len(sub.Params) && !variadic {
		return sub, nil, t.misuse(name, fmt.Sprintf("unexpected argument %q", args[len(sub.Params)]))
	}
	c := &Call{Args: args, vals: make([]any, len(args)), name: t.Name, sub: name, args: func(i int) string { return sub.param(i).Name },
		meta: t.meta, finish: t.withUsage, parse: func(line []string) *UsageError { _, _, err := t.parseLine(line); return usageError(err) }}
	for i, a := range args {
		if parse := sub.param(i).Parse; parse != nil {
			v, err := parse(a)
			if err != nil {
				return sub, nil, c.usage(i, "%v", err)
			}
			c.vals[i] = v
		}
	}
	return sub, c, nil
}

// usageError is err, a *UsageError or nil.
func usageError(err error) *UsageError {
	if err == nil {
		return nil
	}
	return err.(*UsageError)
}

// param is the parameter argument i is given for.
func (s Sub[API]) param(i int) Param { return s.Params[min(i, len(s.Params)-1)] }

func (t *Table[API]) lookup(name string) (Sub[API], bool) {
	for _, s := range t.Subcommands {
		if s.Name == name {
			return s, true
		}
	}
	return Sub[API]{}, false
}
