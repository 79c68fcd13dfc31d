package labcmd

import (
	"strings"
)

// A UsageError is a command line that names no subcommand, the wrong
// number of arguments, or an argument that does not parse. Nothing was
// run. It is a [lab.Misuse]: idemlab/harness/command/labshell words it
// in the student's language, with the subcommand meant for a mistyped
// one; its Error is the English a script's stderr shows.
type UsageError struct {
	Cmd string // the subcommand, or "" when none was recognised
	Msg string // what was wrong, naming the argument
	// name is the command's; usage, the usage shown after the message.
	name, usage string
}

// Misuse returns the subcommand and what was wrong.
func (e *UsageError) Misuse() (sub, msg string) { return e.Cmd, e.Msg }

// Error is the command and subcommand, what was wrong, then the
// subcommand's synopsis or, for a line that names none, the whole usage.
func (e *UsageError) Error() string {
	var b strings.Builder
	b.WriteString(e.name)
	if e.Cmd != "" {
		b.WriteString(" " + e.Cmd)
	}
	b.WriteString(": " + e.Msg + "\n")
	b.WriteString(e.usage)
	return b.String()
}

// misuse is a UsageError about subcommand sub ("" for none).
func (t *Table[API]) misuse(sub, msg string) *UsageError {
	return t.withUsage(&UsageError{Cmd: sub, Msg: msg})
}

// withUsage fills in what e shows after its message.
func (t *Table[API]) withUsage(e *UsageError) *UsageError {
	e.name = t.Name
	if s, ok := t.lookup(e.Cmd); ok {
		e.usage = "usage: " + t.Name + " [-" + t.storeFlag() + " " + t.storeArg() + "] " + strings.TrimSpace(e.Cmd+" "+s.synopsis())
	} else {
		e.usage = strings.TrimSuffix(t.UsageIn("en"), "\n")
	}
	return e
}
