package killmatrix

import (
	"strings"

	"idemlab/harness/lab"
	"idemlab/harness/script"
)

// Evidence is the kind of difference that killed a mutant: what a student
// predicts alongside the killing observation.
type Evidence string

const (
	// EvidenceReturn: a value a lab command printed differs.
	EvidenceReturn Evidence = "return"
	// EvidenceError: a command failed that should have succeeded, or
	// succeeded where it should have been refused.
	EvidenceError Evidence = "error"
	// EvidenceState: what was read after the operation (with a command
	// that reads state, such as idem rows or idem counts) differs.
	EvidenceState Evidence = "state"
)

// Evidences lists every kind, in the order the worksheet explains them.
var Evidences = []Evidence{EvidenceReturn, EvidenceError, EvidenceState}

// ParseEvidence reads a kind of evidence, in any letter case.
func ParseEvidence(s string) (Evidence, bool) {
	e := Evidence(strings.ToLower(strings.TrimSpace(s)))
	for _, k := range Evidences {
		if e == k {
			return e, true
		}
	}
	return "", false
}

// checks are the script commands that read the last command's output or a
// file without producing output of their own.
var checks = map[string]bool{"stdout": true, "stderr": true, "cmp": true, "cmpenv": true, "exists": true, "grep": true}

// EvidenceAt derives the kind of evidence from the script line of o that
// failed (1-based), by this rule:
//
//   - a lab command that failed, or succeeded after "!", is error, and so
//     is a stderr check or a crash (line 0);
//   - a stdout or cmp/cmpenv check of stdout is state when the command
//     whose output it reads is a lab subcommand that reads state (idem
//     rows, idem counts), and return otherwise;
//   - a check on a file (exists, cmp of two files, grep) is state;
//   - any other command is error: the script itself could not go on.
func EvidenceAt(l *lab.Lab, o Observation, line int) Evidence {
	if o.Script == nil {
		return EvidenceError
	}
	ln, ok := o.Script.Line(line)
	if !ok || !ln.IsCommand() {
		return EvidenceError
	}
	words := ln.Words()
	switch ln.Cmd {
	case "stdout":
		return outputEvidence(l, o.Script, line)
	case "cmp", "cmpenv":
		switch {
		case len(words) > 0 && words[0] == "stdout":
			return outputEvidence(l, o.Script, line)
		case len(words) > 0 && words[0] == "stderr":
			return EvidenceError
		}
		return EvidenceState
	case "exists", "grep":
		return EvidenceState
	}
	return EvidenceError
}

// ReadsOutputOf returns the script line whose output the check at line
// reads (the last command before it that is not itself a check), or ""
// when line is no stdout check.
func ReadsOutputOf(o Observation, line int) string {
	if o.Script == nil {
		return ""
	}
	ln, ok := o.Script.Line(line)
	if !ok || !(ln.Cmd == "stdout" || (ln.Cmd == "cmp" || ln.Cmd == "cmpenv") && len(ln.Args) > 0 && ln.Args[0].Text == "stdout") {
		return ""
	}
	for n := line - 1; n >= 1; n-- {
		prev, _ := o.Script.Line(n)
		if prev.IsCommand() && !checks[prev.Cmd] {
			return prev.Text
		}
	}
	return ""
}

// outputEvidence finds the command whose stdout the check at line reads:
// the last command before it that is not itself a check, "?" prefix and
// all. Output of a subcommand that reads state is state; of any other,
// return.
func outputEvidence(l *lab.Lab, s *script.Script, line int) Evidence {
	for n := line - 1; n >= 1; n-- {
		ln, _ := s.Line(n)
		if !ln.IsCommand() || checks[ln.Cmd] {
			continue
		}
		if readsState(l, ln) {
			return EvidenceState
		}
		return EvidenceReturn
	}
	return EvidenceReturn
}

// readsState reports whether ln runs a lab subcommand that reads state.
func readsState(l *lab.Lab, ln script.Line) bool {
	if l == nil {
		return false
	}
	c, ok := l.Command(ln.Cmd)
	if !ok {
		return false
	}
	sub, ok := c.Subcommand(ln.Words())
	return ok && sub.ReadsState
}
