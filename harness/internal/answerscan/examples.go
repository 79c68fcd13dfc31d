package answerscan

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"idemlab/harness/lab"
	"idemlab/harness/script"
)

// An Example is what a document shows of a lab's command: its command
// lines in order, as a script's (idem fetch k1 5) or a shell's
// (go run ./harness/cmd/idem -db /tmp/s.db fetch k1 5), flags dropped.
type Example struct {
	Where string
	// Command is the lab command's name: idem, or lease.
	Command string
	Lines   [][]string
}

// valued are the flags of the idem program that take a value; -list and
// -h lines run nothing and are left out.
var valued = map[string]bool{"-db": true, "-impl": true, "-lab": true, "-C": true, "-lang": true, "-heldout": true}

// Examples finds the command lines of each lab command named in
// commands (idem, lease) that text shows, one Example per command. The
// idem program's -lab flag says whose command a shell line runs.
func Examples(where, text string, commands []string) []Example {
	byCmd := map[string]*Example{}
	var order []string
	for line := range strings.SplitSeq(text, "\n") {
		cmd, args := commandLine(line, commands)
		if cmd == "" || len(args) == 0 {
			continue
		}
		if byCmd[cmd] == nil {
			byCmd[cmd] = &Example{Where: where, Command: cmd}
			order = append(order, cmd)
		}
		byCmd[cmd].Lines = append(byCmd[cmd].Lines, args)
	}
	var out []Example
	for _, c := range order {
		out = append(out, *byCmd[c])
	}
	return out
}

// commandLine reads one line of a document as a lab command's, if it is
// one: the command's name and its arguments without flags.
func commandLine(line string, commands []string) (string, []string) {
	line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "//"))
	line = strings.TrimPrefix(line, "$ ")
	s := script.Parse([]byte(line + "\n"))
	l, ok := s.Line(1)
	if !ok || l.Err != "" || l.Cmd == "" {
		return "", nil
	}
	words := l.Words()
	if l.Cmd == "go" && len(words) >= 2 && words[0] == "run" && strings.HasSuffix(words[1], "/harness/cmd/idem") {
		cmd, args := commands[0], []string{}
		for i := 2; i < len(words); i++ {
			switch w := words[i]; {
			case valued[w] && i+1 < len(words):
				if w == "-lab" {
					cmd = words[i+1]
				}
				i++
			case strings.HasPrefix(w, "-"):
				return "", nil // -list, -h: no command runs
			default:
				args = append(args, words[i:]...)
				i = len(words)
			}
		}
		return cmd, args
	}
	for _, c := range commands {
		if l.Cmd == c {
			return c, words
		}
	}
	return "", nil
}

// A Run is what one line of an example did on one implementation.
type Run struct {
	Stdout string
	Failed bool
}

// Differs runs ex on l's reference and on each of its mutants, each in a
// fresh folder of its own under dir, and returns the first line where a
// mutant does something else than the reference: the mutant, the line
// and what each did. A manual's example that tells a lab mutant apart
// shows a student its killer.
func Differs(l *lab.Lab, ex Example, dir string) (string, error) {
	c, ok := l.Command(ex.Command)
	if !ok {
		return "", fmt.Errorf("%s: lab %s has no command %s", ex.Where, l.Name, ex.Command)
	}
	runs := func(impl lab.Impl) ([]Run, error) {
		work, err := os.MkdirTemp(dir, "example")
		if err != nil {
			return nil, err
		}
		var out []Run
		for _, args := range ex.Lines {
			var b bytes.Buffer
			err := c.Run(impl, work, args, &b)
			out = append(out, Run{strings.ReplaceAll(b.String(), work, "$WORK"), err != nil})
		}
		return out, nil
	}
	want, err := runs(l.Reference)
	if err != nil {
		return "", err
	}
	for _, m := range l.Mutants {
		got, err := runs(m)
		if err != nil {
			return "", err
		}
		for i := range want {
			if want[i] != got[i] {
				return fmt.Sprintf("%s: %s %s: the reference %+v, mutant %s %+v", ex.Where, ex.Command, strings.Join(ex.Lines[i], " "), want[i], m.Name, got[i]), nil
			}
		}
	}
	return "", nil
}
