package labcmd

import (
	"bytes"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"idemlab/harness/lab"
)

// InterleaveSub is the interleave subcommand: OP, a line of one of ops,
// and once its first query has been read, each WRITE, a line of one of
// writes, as another client would (see [Interleave]). doc and zh say
// when, in the lab's words; zh is followed by what the waits: line's
// English ending means, since the line is printed alike in every
// language ([Locked]).
func InterleaveSub[API any](doc, zh string, ops, writes []string) Sub[API] {
	zh += waitsZh
	return Sub[API]{Name: "interleave", Doc: doc, Zh: zh,
		Params: lineParams("OP", ops, writes), Results: ResultPatterns,
		Run: func(_ API, c *Call) (any, error) {
			cmds, err := c.lines()
			if err != nil {
				return nil, err
			}
			abs, err := filepath.Abs(c.DB)
			if err != nil {
				return nil, err
			}
			return TextLines(Interleave(abs, cmds[0], cmds[1:], c.run)), nil
		}}
}

// waitsZh says in Chinese what a waits: line's English ending, [Locked],
// means.
const waitsZh = "waits: 行末尾的英文括注意为“存储已被锁住，这条命令在等待”；它在任何语言下都原样打印，观测才能逐字比较。"

// BetweenSub is the between subcommand: DRAIN, a line of the subcommand
// drain, and once its first batch has committed, before any next one
// begins, each WRITE as another client would; the drain's Run calls
// [Call.BatchDone] after each batch for that moment.
func BetweenSub[API any](doc, zh, drain string, writes []string) Sub[API] {
	return Sub[API]{Name: "between", Doc: doc, Zh: zh,
		Params: lineParams("DRAIN", []string{drain}, writes), Results: ResultPatterns,
		Run: func(_ API, c *Call) (any, error) {
			cmds, err := c.lines()
			if err != nil {
				return nil, err
			}
			if cmds[0][0] != drain {
				return nil, c.usage(0, "want a %s command line: only a %s has batches", drain, drain)
			}
			abs, err := filepath.Abs(c.DB)
			if err != nil {
				return nil, err
			}
			return c.between(abs, cmds[0], cmds[1:]), nil
		}}
}

func lineParams(op string, ops, writes []string) []Param {
	return []Param{{Param: lab.Param{Name: op, Domain: lab.Domain{Kind: lab.Line, Lines: ops}}},
		{Param: lab.Param{Name: "WRITE", Domain: lab.Domain{Kind: lab.Line, Lines: writes}, Variadic: true}}}
}

// lines splits each argument into one command line: no flag (it runs on
// the same store), not interleave or between (when declared), a line that
// parses, all checked before any line runs; one the store refuses is a
// result.
func (c *Call) lines() ([][]string, error) {
	cmds := make([][]string, len(c.Args))
	for i, a := range c.Args {
		w := strings.Fields(a)
		if len(w) == 0 || c.meta(w[0]) || strings.HasPrefix(w[0], "-") {
			return nil, c.usage(i, "want one %s command without flags (it runs on the same store), not %q", c.name, a)
		}
		if err := c.parse(w); err != nil {
			return nil, c.usage(i, "%s", err.Msg)
		}
		cmds[i] = w
	}
	return cmds, nil
}

// batchHooks holds, by store path, what a drain runs once its first
// batch has committed, before its next one begins: the one moment in a
// drain when it holds no lock.
var batchHooks sync.Map // string -> func()

// between runs the drain op with others run after its first batch, or
// after it when it deletes nothing.
func (c *Call) between(abs string, op []string, others [][]string) TextLines {
	run := safe(c.run)
	var lines TextLines
	batchHooks.Store(abs, func() {
		for _, w := range others {
			out, err := run(w)
			lines = append(lines, Result("during", w, out, err))
		}
	})
	out, opErr := run(op)
	_, unused := batchHooks.LoadAndDelete(abs)
	lines = append(lines, Result("", op, out, opErr))
	if unused {
		for _, w := range others {
			out, err := run(w)
			lines = append(lines, Result("after", w, out, err))
		}
	}
	return lines
}

// BatchDone runs, once, what between set to run after the first batch
// of a drain of this call's store: a drain's progress callback calls it.
func (c *Call) BatchDone() {
	abs, err := filepath.Abs(c.DB)
	if err != nil {
		return
	}
	if hook, ok := batchHooks.LoadAndDelete(abs); ok {
		hook.(func())()
	}
}

// runLine runs one line on impl's store db and returns what it printed
// on one line.
func (t *Table[API]) runLine(impl lab.Impl, db string, args []string) (string, error) {
	var out bytes.Buffer
	err := t.Run(impl, filepath.Dir(db), append([]string{"-" + t.storeFlag(), db}, args...), &out)
	return strings.TrimSpace(strings.ReplaceAll(out.String(), "\n", " ")), err
}

// meta reports whether name is a subcommand of the table that runs other
// lines (interleave, between), which no line of it may run.
func (t *Table[API]) meta(name string) bool {
	s, ok := t.lookup(name)
	return ok && slices.ContainsFunc(s.Params, func(p Param) bool { return p.Domain.Kind == lab.Line })
}

// ResultPatterns is what of an interleaving's output ([Interleave], the
// between subcommand) the contract fixes: what each line returned. A
// pattern matches the line "LINE => OUT" with or without its during: or
// after:, and an error whatever its wording ("LINE => error: ...") but
// for the sentinel errors it wraps (lab.Wraps); a
// waits: line gives none. What they leave open is what correct stores
// differ in: an error's wording, and where a write ran, or whether it
// found the store locked first, which depends on where a store reads (a
// store whose test-and-write is one statement has no moment to pause in,
// and every write runs after it; one that reads before its transaction
// lets a write run during it). A write that ran inside a test-and-write
// shows in what it, or the operation, returned.
func ResultPatterns(stdout string) []string {
	var out []string
	for _, line := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		if line == "" || strings.HasPrefix(line, "waits: ") {
			continue
		}
		for _, when := range []string{"during: ", "after: "} {
			line = strings.TrimPrefix(line, when)
		}
		const when = `^(?:during: |after: )?`
		if cmd, msg, ok := strings.Cut(line, " => error: "); ok {
			out = append(out, when+regexp.QuoteMeta(cmd+" => error: ")+".*"+regexp.QuoteMeta(lab.Wraps(lab.Wrapped(msg)))+"$")
			continue
		}
		out = append(out, when+regexp.QuoteMeta(line)+"$")
	}
	return out
}
