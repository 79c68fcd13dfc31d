package idem

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
	b.WriteString("idem")
	if e.Cmd != "" {
		b.WriteString(" " + e.Cmd)
	}
	b.WriteString(": " + e.Msg + "\n")
	if c, ok := lookup(e.Cmd); ok {
		fmt.Fprintf(&b, "usage: idem [-db PATH] %s", strings.TrimSpace(e.Cmd+" "+c.args()))
	} else {
		b.WriteString(strings.TrimSuffix(Usage, "\n"))
	}
	return b.String()
}

type command struct {
	name string
	// names of the required and optional arguments, in order; variadic,
	// when set, names any number of further arguments.
	required, optional []string
	variadic           string
	doc                string
	readsState         bool
	run                func(c *call) (any, error)
}

// args is the command's argument synopsis, e.g. "NOW [LIMIT]".
func (c command) args() string {
	words := append([]string(nil), c.required...)
	for _, o := range c.optional {
		words = append(words, "["+o+"]")
	}
	if c.variadic != "" {
		words = append(words, "["+c.variadic+"...]")
	}
	return strings.Join(words, " ")
}

// commands are the idem commands, in the order the usage lists them; the
// usage text, the lab's command table and the generated command reference
// all come from here.
var commands = []command{
	{"init", nil, nil, "", "Create the store; a no-op that keeps every row when it exists.", false, func(c *call) (any, error) {
		return nil, c.s.InitDB(c.db)
	}},
	{"reserve", []string{"KEY", "DIGEST", "EXPIRES"}, nil, "", "Reserve KEY as pending with fingerprint DIGEST; prints true, or false when KEY is already there.", false, func(c *call) (any, error) {
		expires, err := c.seconds(2)
		if err != nil {
			return nil, err
		}
		return call2(c.s.Reserve(c.db, c.args[0], c.args[1], expires))
	}},
	{"finish", []string{"KEY", "DIGEST", "JSON"}, nil, "", "Record JSON as the response of pending KEY with fingerprint DIGEST; prints true, or false when nothing changed.", false, func(c *call) (any, error) {
		response, err := c.json(2)
		if err != nil {
			return nil, err
		}
		return call2(c.s.Finish(c.db, c.args[0], c.args[1], response))
	}},
	{"fetch", []string{"KEY", "NOW"}, nil, "", "Print the response KEY replays at NOW, as JSON, or null.", false, func(c *call) (any, error) {
		now, err := c.seconds(1)
		if err != nil {
			return nil, err
		}
		v, err := c.s.Fetch(c.db, c.args[0], now)
		return printed{v}, err
	}},
	{"expired", []string{"NOW"}, []string{"LIMIT"}, "", "Print the ids a purge at NOW would delete, as a JSON array.", false, func(c *call) (any, error) {
		now, limit, err := c.nowLimit()
		if err != nil {
			return nil, err
		}
		return call2(c.s.Expired(c.db, now, limit))
	}},
	{"purge", []string{"NOW"}, []string{"LIMIT"}, "", "Delete those rows, at most LIMIT; prints their ids as a JSON array.", false, func(c *call) (any, error) {
		now, limit, err := c.nowLimit()
		if err != nil {
			return nil, err
		}
		return call2(c.s.Purge(c.db, now, limit))
	}},
	{"drain", []string{"NOW"}, []string{"LIMIT"}, "", `Purge the whole backlog at NOW in batches of LIMIT, each after the last id deleted; prints one JSON object per batch, then {"deleted":N,"batches":B}.`, false, runDrain},
	{"counts", nil, nil, "", `Print {"done":N,"pending":M}, both keys always present.`, true, func(c *call) (any, error) {
		return call2(c.s.Counts(c.db))
	}},
	{"cycle", []string{"KEY"}, nil, "", "Run the retention cycle on KEY; prints its result, true or false.", false, func(c *call) (any, error) {
		return call2(c.s.RetentionCycle(c.db, c.args[0]))
	}},
	{"rows", nil, nil, "", "Print every stored row, one JSON object per line, ordered by id, read from the table itself (never through the implementation).", true, func(c *call) (any, error) {
		rows, err := ReadRows(c.db)
		return rowLines(rows), err
	}},
	{"between", []string{"DRAIN"}, nil, "WRITE", "Run DRAIN, a drain command line, and once its first batch has committed, before any next one begins, each WRITE as another client would, on a connection of its own: a moment when a drain holds no lock. Prints what ran when, one a line: during:, the drain itself, and after: for writes run after a drain that found nothing to delete.", false, nil /* runBetween, set by init */},
	{"interleave", []string{"OP"}, nil, "WRITE", "Run the command OP and, once its first query has been read (for a purge: after choosing its candidates, before deleting them), each WRITE as another client would, on a connection of its own; a WRITE that finds the store locked waits and runs after OP. Each is one quoted idem command line; prints what ran when, one a line: during:, waits:, OP itself, after:.", false, nil /* runInterleave, set by init */},
}

// init binds interleave's run: it runs further commands through Run,
// which reads commands, so the table cannot name it directly.
func init() {
	for i := range commands {
		switch commands[i].name {
		case "interleave":
			commands[i].run = runInterleave
		case "between":
			commands[i].run = runBetween
		}
	}
}

func runDrain(c *call) (any, error) {
	now, limit, err := c.nowLimit()
	if err != nil {
		return nil, err
	}
	var lines drainLines
	total, err := c.s.Drain(c.db, now, limit, func(batch []string, total int) {
		lines = append(lines, drainLine{Batch: len(lines) + 1, Deleted: len(batch), Total: total, Last: batch[len(batch)-1]})
		if len(lines) == 1 {
			afterFirstBatch(c.db)
		}
	})
	lines = append(lines, drainLine{Deleted: total, Batches: len(lines)})
	return lines, err
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

// Flags are the flags an idem command line takes before its command.
var Flags = []lab.Flag{{Name: "db", Arg: "PATH", Doc: "the store file, relative to the current directory (default " + DefaultDB + ")",
	Docs: map[string]string{"zh-CN": "存储文件，相对于当前目录（默认 " + DefaultDB + "）"}}}

// Command is the idem command as the lab's observations use it.
func Command() lab.Command {
	c := lab.Command{
		Name:    "idem",
		Summary: "one store operation against the implementation under test",
		Flags:   Flags,
		Notes:   usageNotes,
		Prelude: [][]string{{"init"}},
		Run:     Run,
	}
	for _, cmd := range commands {
		c.Subcommands = append(c.Subcommands, lab.Subcommand{Name: cmd.name, Args: cmd.args(), Doc: cmd.doc, Docs: map[string]string{"zh-CN": zhDocs[cmd.name]}, ReadsState: cmd.readsState, Params: params[cmd.name], Weight: weights[cmd.name]})
	}
	return c
}

// Usage describes every command.
var Usage = UsageIn("en")

// Run executes one idem command line against s and writes its result to
// stdout. Relative store paths are resolved against dir. A malformed
// command line returns a *UsageError before the store is touched; a failing
// operation returns its error, after writing nothing.
func Run(impl lab.Impl, dir string, args []string, stdout io.Writer) error {
	s, ok := impl.Value.(API)
	if !ok {
		return fmt.Errorf("idem: implementation %s is a %T, not an idem.API", impl.Name, impl.Value)
	}
	db := DefaultDB
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		switch flag, value, hasValue := strings.Cut(strings.TrimPrefix(args[0], "-"), "="); {
		case flag == "db" || flag == "-db":
			if !hasValue {
				if len(args) < 2 {
					return &UsageError{Msg: "flag -db needs a PATH"}
				}
				value, args = args[1], args[1:]
			}
			if value == "" {
				return &UsageError{Msg: "flag -db: empty PATH"}
			}
			db = value
			args = args[1:]
		default:
			return &UsageError{Msg: fmt.Sprintf("unknown flag %q", args[0])}
		}
	}
	cmd, err := parseLine(args)
	if err != nil {
		return err
	}
	name, args := args[0], args[1:]
	if !filepath.IsAbs(db) {
		db = filepath.Join(dir, db)
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
// an argument that does not parse; it runs nothing, so interleave and
// between check every line with it before running any.
func parseLine(args []string) (command, error) {
	if len(args) == 0 {
		return command{}, &UsageError{Msg: "missing COMMAND"}
	}
	name, args := args[0], args[1:]
	cmd, ok := lookup(name)
	if !ok {
		return command{}, &UsageError{Msg: fmt.Sprintf("unknown command %q", name)}
	}
	if len(args) < len(cmd.required) {
		return command{}, &UsageError{Cmd: name, Msg: "missing " + strings.Join(cmd.required[len(args):], " ")}
	}
	if max := len(cmd.required) + len(cmd.optional); len(args) > max && cmd.variadic == "" {
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
// any other argument (KEY, DIGEST) is any text. The store, not the
// command, refuses values that parse but are out of its range.
var argParsers = map[string]func(string) error{
	"NOW":     func(s string) error { _, err := ParseSeconds(s); return err },
	"EXPIRES": func(s string) error { _, err := ParseSeconds(s); return err },
	"LIMIT":   func(s string) error { _, err := ParseLimit(s); return err },
	"JSON":    func(s string) error { _, err := labcmd.ParseJSON(s); return err },
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

func (c *call) usage(i int, format string, args ...any) error {
	return &UsageError{Cmd: c.name, Msg: fmt.Sprintf("%s %q: ", c.argName(i), c.args[i]) + fmt.Sprintf(format, args...)}
}

// argName is the name of argument i in the command's synopsis.
func (c *call) argName(i int) string {
	names := append(append([]string(nil), c.cmd.required...), c.cmd.optional...)
	if i < len(names) {
		return names[i]
	}
	return c.cmd.variadic
}

// seconds parses argument i as a time: any finite number.
func (c *call) seconds(i int) (float64, error) {
	v, err := ParseSeconds(c.args[i])
	if err != nil {
		return 0, c.usage(i, "%v", err)
	}
	return v, nil
}

func (c *call) nowLimit() (float64, int, error) {
	now, err := c.seconds(0)
	if err != nil {
		return 0, 0, err
	}
	limit := c.s.DefaultLimit
	if len(c.args) > 1 {
		if limit, err = ParseLimit(c.args[1]); err != nil {
			return 0, 0, c.usage(1, "%v", err)
		}
	}
	return now, limit, nil
}

// json parses argument i as exactly one JSON value, numbers kept exact.
func (c *call) json(i int) (any, error) {
	v, err := labcmd.ParseJSON(c.args[i])
	if err != nil {
		return nil, c.usage(i, "%v", err)
	}
	return v, nil
}

// ParseLimit parses a batch limit written as text: an optional sign and
// decimal digits, any value an int holds. Booleans, fractions, suffixes
// and the empty string are refused; a limit outside 1..100 is not: it is
// passed on, so that the store's own check answers it (with an error
// wrapping its ErrInvalidLimit) and an observation can see that check.
func ParseLimit(s string) (int, error) {
	n, err := labcmd.ParseInteger(s, strconv.IntSize)
	return int(n), err
}

// ParseSeconds parses a time in seconds: a decimal number, as Go writes
// floats, or one of NaN, Inf, +Inf and -Inf (in any letter case). Every
// value reaches the store, whose own time check decides (it refuses NaN).
// Hexadecimal floats and digit separators are refused, to keep times
// readable.
func ParseSeconds(s string) (float64, error) { return labcmd.ParseSeconds(s) }

// call2 adapts a (value, error) pair to a command result.
func call2[T any](v T, err error) (any, error) { return v, err }

func writeLines[T any](w io.Writer, b *bytes.Buffer, enc *json.Encoder, lines []T) error {
	for _, l := range lines {
		if err := enc.Encode(l); err != nil {
			return err
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// printed marks a value printed even when nil (fetch prints null).
type printed struct{ v any }

// rowLines is printed one JSON object per line.
type rowLines []Row

// drainLine is one batch of a drain, or (Batch 0) its summary.
type drainLine struct {
	Batch   int    `json:"batch,omitempty"`
	Deleted int    `json:"deleted"`
	Total   int    `json:"total,omitempty"`
	Last    string `json:"last,omitempty"`
	Batches int    `json:"batches,omitempty"`
}

// drainLines is printed one JSON object per line.
type drainLines []drainLine

func write(w io.Writer, out any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	switch v := out.(type) {
	case nil:
		return nil
	case printed:
		out = v.v
	case rowLines:
		return writeLines(w, &b, enc, v)
	case drainLines:
		return writeLines(w, &b, enc, v)
	case interleaveLines:
		_, err := io.WriteString(w, v.text())
		return err
	}
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}
