package search

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"idemlab/harness/lab"
)

// catchUp runs on implementation i the lines of p it has not run yet
// (their outcomes were known) and the last, and returns what the last
// did.
func (s *searcher) catchUp(p *program, i int, impl lab.Impl) Outcome {
	p.ran = true
	var o Outcome
	for p.done[i] < len(p.lines) {
		o = s.call(p, i, impl)
	}
	return o
}

// call runs the next line of p on implementation i, in its folder. A line
// that has not returned within the call timeout is only suspected of
// hanging: confirmHang decides.
func (s *searcher) call(p *program, i int, impl lab.Impl) Outcome {
	line := p.lines[p.done[i]]
	p.done[i]++
	first := s.start(p.dirs[i], impl, [][]string{line})
	select {
	case o := <-first:
		return o
	case <-time.After(s.opt.CallTimeout):
	}
	return s.confirmHang(p, i, impl, first)
}

// confirmHang decides about a line of p that has not returned within the
// call timeout on implementation i; first says what it did, if it ever
// returns. On a loaded machine an honest command can be that slow, and a
// slow command is no difference: so the line is waited for, up to
// HangTimeout more, while its program, up to that line, runs again in a
// fresh folder beside it, and whichever returns first is what the line
// did (the program goes on in that one's folder). Only when neither
// returns has the line hung, as a mutant's endless loop or lock wait does
// every time.
func (s *searcher) confirmHang(p *program, i int, impl lab.Impl, first <-chan Outcome) Outcome {
	var again <-chan Outcome // nil, never ready, when there is no folder for it
	dir, err := os.MkdirTemp(s.opt.WorkRoot, "idemlab-search-")
	if err == nil {
		p.spare = append(p.spare, dir)
		again = s.start(dir, impl, slices.Clone(p.lines[:p.done[i]]))
	}
	select {
	case o := <-first:
		return o
	case o := <-again:
		p.spare[len(p.spare)-1], p.dirs[i] = p.dirs[i], dir
		return o
	case <-time.After(s.opt.HangTimeout):
		return Outcome{Hung: true}
	}
}

// start runs lines one after the other on impl in dir, in a goroutine of
// its own that no one waits for if they hang, and sends what the last
// did.
func (s *searcher) start(dir string, impl lab.Impl, lines [][]string) <-chan Outcome {
	done := make(chan Outcome, 1)
	go func() {
		var o Outcome
		for _, line := range lines {
			o = s.exec(dir, impl, line)
		}
		done <- o
	}()
	return done
}

// exec runs one line on impl in dir, its work folder written $WORK in
// what it prints. A panic is the command's error.
func (s *searcher) exec(dir string, impl lab.Impl, args []string) (o Outcome) {
	c, _ := s.lab.Command(args[0])
	var out bytes.Buffer
	defer func() {
		if e := recover(); e != nil {
			o.Err = fmt.Sprintf("panic: %v", e)
		}
		o.Stdout = strings.ReplaceAll(out.String(), dir, "$WORK")
	}()
	if err := c.Run(impl, dir, args[1:], &out); err != nil {
		o.Err, _, _ = strings.Cut(strings.ReplaceAll(err.Error(), dir, "$WORK"), "\n")
		if o.Err == "" {
			o.Err = "failed"
		}
	}
	return o
}
