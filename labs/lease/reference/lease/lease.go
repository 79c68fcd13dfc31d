package lease

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"idemlab/harness/lab"
	"idemlab/harness/labcmd"
)

// DefaultDB is the store file commands use when -db is not given, relative
// to the directory they run in.
const DefaultDB = "store.db"

// A UsageError is a command line that names no command, the wrong number
// of arguments, or an argument that does not parse. Nothing was run.
type UsageError struct {
	Cmd string // the command, or "" when none was recognised
	Msg string // what was wrong, naming the argument
}

// Misuse returns the command and what was wrong: a UsageError is a
// [lab.Misuse].
func (e *UsageError) Misuse() (sub, msg string) { return e.Cmd, e.Msg }

func (e *UsageError) Error() string {
	var b strings.Builder
	b.WriteString("lease")
	if e.Cmd != "" {
		b.WriteString(" " + e.Cmd)
	}
	b.WriteString(": " + e.Msg + "\n")
	if c, ok := lookup(e.Cmd); ok {
		fmt.Fprintf(&b, "usage: lease [-db PATH] %s", strings.TrimSpace(e.Cmd+" "+c.synopsis()))
	} else {
		b.WriteString(strings.TrimSuffix(Usage, "\n"))
	}
	return b.String()
}

// command is one lease command: its arguments, what it does, whether it
// reads state, and how it runs.
type command struct {
	name string
	// args names the required arguments, optional the optional ones, in
	// order; variadic, when set, names any number of further arguments.
	args, optional []string
	variadic       string
	doc            string
	readsState     bool
	run            func(c *call) (any, error)
}

// synopsis is the command's argument synopsis, e.g. "NOW [LIMIT]".
func (c command) synopsis() string {
	words := append([]string(nil), c.args...)
	for _, o := range c.optional {
		words = append(words, "["+o+"]")
	}
	if c.variadic != "" {
		words = append(words, "["+c.variadic+"...]")
	}
	return strings.Join(words, " ")
}

// commands are the lease commands, in the order the usage lists them; the
// usage text, the lab's command table and the generated command list in
// this package's documentation all come from here.
var commands = []command{
	{name: "init", doc: "Create the store; a no-op that keeps every row when it exists.", run: func(c *call) (any, error) {
		return nil, c.s.InitDB(c.db)
	}},
	{name: "claim", args: []string{"KEY", "DIGEST", "OWNER", "NOW", "TTL"}, doc: "Claim KEY for OWNER with fingerprint DIGEST and a lease lapsing at NOW+TTL; prints the token granted, 1, or 0 when KEY is already there.", run: func(c *call) (any, error) {
		now, ttl, err := c.lease(3)
		if err != nil {
			return nil, err
		}
		return pair(c.s.Claim(c.db, c.args[0], c.args[1], c.args[2], now, ttl))
	}},
	{name: "renew", args: []string{"KEY", "OWNER", "TOKEN", "NOW", "TTL"}, doc: "Renew the live lease OWNER holds on KEY with TOKEN to lapse at NOW+TTL; prints true, or false when nothing changed.", run: func(c *call) (any, error) {
		token, err := c.token(2)
		if err != nil {
			return nil, err
		}
		now, ttl, err := c.lease(3)
		if err != nil {
			return nil, err
		}
		return pair(c.s.Renew(c.db, c.args[0], c.args[1], token, now, ttl))
	}},
	{name: "takeover", args: []string{"KEY", "DIGEST", "OWNER", "NOW", "TTL"}, doc: "Take KEY over for OWNER once its lease has lapsed at NOW, with a lease lapsing at NOW+TTL; prints the new token, or 0 when nothing changed.", run: func(c *call) (any, error) {
		now, ttl, err := c.lease(3)
		if err != nil {
			return nil, err
		}
		return pair(c.s.Takeover(c.db, c.args[0], c.args[1], c.args[2], now, ttl))
	}},
	{name: "finish", args: []string{"KEY", "DIGEST", "TOKEN", "JSON"}, doc: "Record JSON as the response of pending KEY for the holder of TOKEN; prints true, or false when nothing changed.", run: func(c *call) (any, error) {
		token, err := c.token(2)
		if err != nil {
			return nil, err
		}
		response, err := c.json(3)
		if err != nil {
			return nil, err
		}
		return pair(c.s.Finish(c.db, c.args[0], c.args[1], token, response))
	}},
	{name: "fetch", args: []string{"KEY"}, doc: "Print the answer a retry of KEY gets, the response of a done or failed key as JSON, or null.", run: func(c *call) (any, error) {
		v, err := c.s.Fetch(c.db, c.args[0])
		return printed{v}, err
	}},
	{name: "abandoned", args: []string{"NOW"}, optional: []string{"LIMIT"}, doc: "Print the ids of pending keys whose lease has lapsed at NOW, oldest lapse first, at most LIMIT, as a JSON array.", run: func(c *call) (any, error) {
		now, err := c.seconds(0)
		if err != nil {
			return nil, err
		}
		limit := c.s.DefaultLimit
		if len(c.args) > 1 {
			n, err := labcmd.ParseInteger(c.args[1], strconv.IntSize)
			if err != nil {
				return nil, c.usage(1, "%v", err)
			}
			limit = int(n)
		}
		return pair(c.s.Abandoned(c.db, now, limit))
	}},
	{name: "compensate", args: []string{"KEY", "NOW", "JSON"}, doc: "Fail pending KEY whose lease has lapsed at NOW, with JSON as its response, fencing its holder off; prints true, or false when nothing changed.", run: func(c *call) (any, error) {
		now, err := c.seconds(1)
		if err != nil {
			return nil, err
		}
		response, err := c.json(2)
		if err != nil {
			return nil, err
		}
		return pair(c.s.Compensate(c.db, c.args[0], now, response))
	}},
	{name: "inspect", args: []string{"KEY"}, readsState: true, doc: `Print KEY's state as {"status":S,"owner":O,"lease_until":T,"token":N}, through the implementation; an unknown key has status "" and zeros.`, run: func(c *call) (any, error) {
		status, owner, until, token, err := c.s.Inspect(c.db, c.args[0])
		return state{status, owner, labcmd.Seconds(until), token}, err
	}},
	{name: "cycle", args: []string{"KEY"}, doc: "Run the fencing cycle on KEY; prints its result, the stale holder's finish, true or false.", run: func(c *call) (any, error) {
		return pair(c.s.FencingCycle(c.db, c.args[0]))
	}},
	{name: "rows", readsState: true, doc: "Print every stored row, one JSON object per line, ordered by id, read from the table itself (never through the implementation).", run: func(c *call) (any, error) {
		rows, err := ReadRows(c.db)
		return rowLines(rows), err
	}},
	{name: "interleave", args: []string{"OP"}, variadic: "WRITE", doc: "Run the command OP and, once its first query has been read (for a takeover: after reading the lapsed lease, before writing), each WRITE as a second worker would, on a connection of its own; a WRITE that finds the store locked waits and runs after OP. Each is one quoted lease command line; prints what ran when, one a line: during:, waits:, OP itself, after:."},
}

// init binds interleave's run: it runs further commands through Run,
// which reads commands, so the table cannot name it directly.
func init() {
	for i := range commands {
		if commands[i].name == "interleave" {
			commands[i].run = runInterleave
		}
	}
}

// lookup returns the command called name.
func lookup(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// Flags are the flags a lease command line takes before its command.
var Flags = []lab.Flag{{Name: "db", Arg: "PATH", Doc: "the store file, relative to the current directory (default " + DefaultDB + ")",
	Docs: map[string]string{"zh-CN": "存储文件，相对于当前目录（默认 " + DefaultDB + "）"}}}

// Command is the lease command as the lab's observations use it.
func Command() lab.Command {
	c := lab.Command{
		Name:    "lease",
		Summary: "one lease store operation against the implementation under test",
		Flags:   Flags,
		Notes:   usageNotes,
		Prelude: [][]string{{"init"}},
		Run:     Run,
	}
	for _, cmd := range commands {
		c.Subcommands = append(c.Subcommands, lab.Subcommand{Name: cmd.name, Args: cmd.synopsis(), Doc: cmd.doc, Docs: map[string]string{"zh-CN": zhDocs[cmd.name]}, ReadsState: cmd.readsState, Params: params[cmd.name]})
	}
	return c
}

// Usage describes every command.
var Usage = UsageIn("en")

// Run executes one lease command line against impl and writes its result
// to stdout. Relative store paths are resolved against dir. A malformed
// command line returns a *UsageError before the store is touched; a
// failing operation returns its error, after writing nothing.
func Run(impl lab.Impl, dir string, args []string, stdout io.Writer) error {
	s, ok := impl.Value.(API)
	if !ok {
		return fmt.Errorf("lease: implementation %s is a %T, not a lease.API", impl.Name, impl.Value)
	}
	db := DefaultDB
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		flag, value, hasValue := strings.Cut(strings.TrimPrefix(args[0], "-"), "=")
		if flag != "db" && flag != "-db" {
			return &UsageError{Msg: fmt.Sprintf("unknown flag %q", args[0])}
		}
		if !hasValue {
			if len(args) < 2 {
				return &UsageError{Msg: "flag -db needs a PATH"}
			}
			value, args = args[1], args[1:]
		}
		if value == "" {
			return &UsageError{Msg: "flag -db: empty PATH"}
		}
		db, args = value, args[1:]
	}
	cmd, err := parseLine(args)
	if err != nil {
		return err
	}
	name, args := args[0], args[1:]
	if !filepath.IsAbs(db) {
		// Absolute, since the store opens its file as a file: URI, where
		// a relative path would be read as a host (run from a shell, dir
		// is ".").
		abs, err := filepath.Abs(filepath.Join(dir, db))
		if err != nil {
			return err
		}
		db = abs
	}
	labcmd.UseDriver(s.Driver)
	out, err := cmd.run(&call{name: name, cmd: cmd, s: s, impl: impl.Name, db: db, args: args})
	if err != nil {
		return err
	}
	return write(stdout, out)
}

// parseLine returns the command a command line without flags names, or
// a *UsageError when it names none, has the wrong number of arguments or
// an argument that does not parse; it runs nothing, so interleave checks
// every line with it before running any.
func parseLine(args []string) (command, error) {
	if len(args) == 0 {
		return command{}, &UsageError{Msg: "missing COMMAND"}
	}
	name, args := args[0], args[1:]
	cmd, ok := lookup(name)
	if !ok {
		return command{}, &UsageError{Msg: fmt.Sprintf("unknown command %q", name)}
	}
	if len(args) < len(cmd.args) {
		return command{}, &UsageError{Cmd: name, Msg: "missing " + strings.Join(cmd.args[len(args):], " ")}
	}
	if max := len(cmd.args) + len(cmd.optional); len(args) > max && cmd.variadic == "" {
		return command{}, &UsageError{Cmd: name, Msg: fmt.Sprintf("unexpected argument %q", args[max])}
	}
	c := &call{name: name, cmd: cmd, args: args}
	for i, a := range args {
		if parse := argParsers[c.argName(i)]; parse != nil {
			if err := parse(a); err != nil {
				return command{}, c.usage(i, "%v", err)
			}
		}
	}
	return cmd, nil
}

// argParsers check an argument by the name the command table gives it;
// any other argument (KEY, DIGEST, OWNER) is any text. The store, not the
// command, refuses values that parse but are out of its range.
var argParsers = map[string]func(string) error{
	"NOW":   func(s string) error { _, err := labcmd.ParseSeconds(s); return err },
	"TTL":   func(s string) error { _, err := labcmd.ParseSeconds(s); return err },
	"TOKEN": func(s string) error { _, err := labcmd.ParseInteger(s, 64); return err },
	"LIMIT": func(s string) error { _, err := labcmd.ParseInteger(s, strconv.IntSize); return err },
	"JSON":  func(s string) error { _, err := labcmd.ParseJSON(s); return err },
}

// call is one command being run.
type call struct {
	name string
	cmd  command
	s    API
	impl string
	db   string
	args []string
}

// usage is a UsageError about argument i.
func (c *call) usage(i int, format string, args ...any) error {
	return &UsageError{Cmd: c.name, Msg: fmt.Sprintf("%s %q: ", c.argName(i), c.args[i]) + fmt.Sprintf(format, args...)}
}

// argName is the name of argument i in the command's synopsis.
func (c *call) argName(i int) string {
	names := append(append([]string(nil), c.cmd.args...), c.cmd.optional...)
	if i < len(names) {
		return names[i]
	}
	return c.cmd.variadic
}

// seconds parses argument i as a time or a ttl.
func (c *call) seconds(i int) (float64, error) {
	v, err := labcmd.ParseSeconds(c.args[i])
	if err != nil {
		return 0, c.usage(i, "%v", err)
	}
	return v, nil
}

// lease parses arguments i and i+1 as NOW and TTL.
func (c *call) lease(i int) (now, ttl float64, err error) {
	if now, err = c.seconds(i); err != nil {
		return 0, 0, err
	}
	if ttl, err = c.seconds(i + 1); err != nil {
		return 0, 0, err
	}
	return now, ttl, nil
}

// token parses argument i as a fencing token: any int64, 0 and negative
// ones included (they match no row).
func (c *call) token(i int) (int64, error) {
	v, err := labcmd.ParseInteger(c.args[i], 64)
	if err != nil {
		return 0, c.usage(i, "%v", err)
	}
	return v, nil
}

// json parses argument i as exactly one JSON value, numbers kept exact.
func (c *call) json(i int) (any, error) {
	v, err := labcmd.ParseJSON(c.args[i])
	if err != nil {
		return nil, c.usage(i, "%v", err)
	}
	return v, nil
}

// pair adapts a (value, error) pair to a command result.
func pair[T any](v T, err error) (any, error) { return v, err }

// printed marks a value printed even when nil (fetch prints null).
type printed struct{ v any }

// state is what inspect prints.
type state struct {
	Status     string         `json:"status"`
	Owner      string         `json:"owner"`
	LeaseUntil labcmd.Seconds `json:"lease_until"`
	Token      int64          `json:"token"`
}

// rowLines is printed one JSON object per line.
type rowLines []Row

// write prints a command's result: nothing for nil, interleavings and rows
// one a line, anything else as one line of JSON.
func write(w io.Writer, out any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	var values []any
	switch v := out.(type) {
	case nil:
		return nil
	case interleaveLines:
		_, err := io.WriteString(w, v.text())
		return err
	case rowLines:
		for _, r := range v {
			values = append(values, r)
		}
	case printed:
		values = []any{v.v}
	default:
		values = []any{v}
	}
	for _, v := range values {
		if err := enc.Encode(v); err != nil {
			return err
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}
