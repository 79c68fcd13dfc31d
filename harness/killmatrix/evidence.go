package killmatrix

import (
	"strings"

	"idemlab/harness/idem"
)

// Evidence is the kind of difference that killed a mutant: what a student
// predicts alongside the killing observation.
type Evidence string

const (
	// EvidenceReturn: a value an idem command printed differs.
	EvidenceReturn Evidence = "return"
	// EvidenceError: a command failed that should have succeeded, or
	// succeeded where it should have been refused.
	EvidenceError Evidence = "error"
	// EvidenceState: what was read after the operation (rows or counts)
	// differs.
	EvidenceState Evidence = "state"
)

// Evidences lists every kind, in the order the worksheet explains them.
var Evidences = []Evidence{EvidenceReturn, EvidenceError, EvidenceState}

// stateCommands are the idem commands that read what the store holds
// rather than return an operation's result.
var stateCommands = map[string]bool{"rows": true, "counts": true}

// EvidenceAt derives the kind of evidence from the script line that failed
// (1-based), by this rule:
//
//   - an idem command that failed, or succeeded after "!", is error, and so
//     is a stderr check or a crash (line 0);
//   - a stdout or cmp/cmpenv check of stdout is state when the command
//     whose output it reads was idem rows or idem counts, and return
//     otherwise;
//   - a check on a file (exists, cmp of two files, grep) is state;
//   - any other command is error: the script itself could not go on.
func (o Observation) EvidenceAt(line int) Evidence {
	args := scriptWords(o.Command(line))
	if len(args) == 0 {
		return EvidenceError
	}
	switch args[0] {
	case "stdout":
		return o.outputEvidence(line)
	case "cmp", "cmpenv":
		if len(args) > 1 && args[1] == "stdout" {
			return o.outputEvidence(line)
		}
		if len(args) > 1 && args[1] == "stderr" {
			return EvidenceError
		}
		return EvidenceState
	case "exists", "grep":
		return EvidenceState
	}
	return EvidenceError
}

// checks are the script commands that read the last command's output or a
// file without producing output of their own.
var checks = map[string]bool{"stdout": true, "stderr": true, "cmp": true, "cmpenv": true, "exists": true, "grep": true}

// outputEvidence finds the command whose stdout the check at line reads:
// the last command before it that is not itself a check. Output of rows
// or counts is state; of any other idem command, or of anything else a
// script runs (exec, say), return.
func (o Observation) outputEvidence(line int) Evidence {
	for n := line - 1; n >= 1; n-- {
		args := scriptWords(o.Command(n))
		if len(args) == 0 || strings.HasPrefix(args[0], "#") || checks[args[0]] {
			continue
		}
		if args[0] == "idem" && stateCommands[idemCommand(args[1:])] {
			return EvidenceState
		}
		return EvidenceReturn
	}
	return EvidenceReturn
}

// scriptWords splits a script line into words, dropping conditions such
// as [short] and the negation "!", which do not change what is checked.
func scriptWords(line string) []string {
	var words []string
	for _, w := range strings.Fields(line) {
		if len(words) == 0 && (w == "!" || strings.HasPrefix(w, "[") && strings.HasSuffix(w, "]")) {
			continue
		}
		words = append(words, w)
	}
	return words
}

// idemCommand returns the command name of an idem argument list, skipping
// its -db flag.
func idemCommand(args []string) string {
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == "-db" || args[i] == "--db":
			i++
		case strings.HasPrefix(args[i], "-"):
		default:
			return args[i]
		}
	}
	return ""
}

// FirstDivergence returns the index of the first idem command whose output
// differs between two transcripts of the same script, or -1 when they
// agree as far as both go.
func FirstDivergence(ref, mut []idem.Step) int {
	for i := range min(len(ref), len(mut)) {
		if ref[i].Stdout != mut[i].Stdout || ref[i].Err != mut[i].Err {
			return i
		}
	}
	return -1
}
