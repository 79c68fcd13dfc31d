package script_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/rogpeppe/go-internal/testscript"
	"github.com/rogpeppe/go-internal/txtar"

	"idemlab/harness/internal/scriptrun"
	"idemlab/harness/script"
)

// The lines testscript and the parser must read alike: quoting, doubled
// quotes, comments, every shape of variable (the lint's attacks among
// them), prefixes written plainly, quoted or through a variable.
var differentialLines = []string{
	"rec",
	"rec a b  c\td\re",
	"rec 'a b' 'it''s' '' ''''",
	"rec a'b'c 'x'y z'w'",
	"rec # comment 'unclosed",
	"rec a#b",
	"rec $X ${X} $X$Q ${X}y $Xy",
	"rec '$X' '${X}'$X",
	"rec $ $$ ${$} $) $| a$ ${} ${ ${X",
	"rec $1 $* $@ $# $! $? $- ${1} ${@}",
	"rec ${R@R} $R@R ${/}proc${/}self${/}io",
	"rec '-x\\|^rchar: \\d{1,6}$' ${/}proc${/}self${/}io",
	"rec -count=2 ^a$ $WORK/x ${WORK}y",
	"rec ${:}${devnull}${exe}",
	"! rec x",
	"'!' rec x",
	"$BANG rec x",
	"[c] rec x",
	"[ c ] ! rec x",
	"'[c]' rec",
	"$COND rec y",
	"[c] [d] rec",
	"${CMD} a",
	"re$E'c' a",
	"   rec   lead  ",
	"rec 'a''",
	"rec 'open",
	"[c]",
	"!",
	"'' rec",
	"rec ${X@R} ${Q@R}",
}

// TestExpandMatchesTestscript feeds each line to testscript itself, whose
// command rec records the words it is given, and to the parser, and
// compares what each makes of it.
func TestExpandMatchesTestscript(t *testing.T) {
	ran := 0
	for _, line := range differentialLines {
		if checkAgainstTestscript(t, line) {
			ran++
		}
	}
	// Six lines run no rec in testscript (two unterminated quotes, two
	// prefixes alone, an empty command, and "[" as a command); every other
	// one runs it.
	if want := len(differentialLines) - 6; ran != want {
		t.Errorf("testscript ran rec on %d lines, want %d", ran, want)
	}
}

// FuzzExpandMatchesTestscript is the same comparison for any line.
func FuzzExpandMatchesTestscript(f *testing.F) {
	for _, line := range differentialLines {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n\x00") || !strings.HasPrefix(line, "") {
			t.Skip()
		}
		checkAgainstTestscript(t, line)
	})
}

// seen is what testscript passed to rec, and its conditions.
type seen struct {
	Ran   bool
	Conds []string
	Neg   bool
	Args  []string
	Ours  script.Command
	Err   string
}

// checkAgainstTestscript runs line as a one-line script and compares;
// it reports whether testscript ran rec.
func checkAgainstTestscript(t *testing.T, line string) bool {
	t.Helper()
	a := txtar.Parse([]byte(line + "\n"))
	if string(a.Comment) != line+"\n" || strings.HasPrefix(line, "#") {
		return false // a file marker or a phase comment: not a command line
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "line.txtar")
	if err := os.WriteFile(file, []byte(line+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := script.Parse([]byte(line + "\n"))
	var ln script.Line
	if len(s.Lines) > 0 {
		ln = s.Lines[0]
	}
	var got seen
	var conds []string
	log := scriptrun.Run(testscript.Params{
		Files:       []string{file},
		WorkdirRoot: dir,
		Setup: func(env *testscript.Env) error {
			env.Vars = append(env.Vars, "X=a b", "Q=it's", "R=a.b*", "E=", "CMD=rec", "BANG=!", "COND=[c]")
			return nil
		},
		Condition: func(cond string) (bool, error) {
			conds = append(conds, cond)
			return true, nil
		},
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"rec": func(ts *testscript.TestScript, neg bool, args []string) {
				words, err := ln.Expand(ts.Getenv)
				c, perr := script.Prefixes(words)
				got = seen{Ran: true, Conds: conds, Neg: neg, Args: args, Ours: c, Err: err + perr}
			},
		},
	})
	if !got.Ran {
		// testscript refused the line, or it named no command rec: the
		// parser must say why, or name another command.
		words, err := ln.Expand(func(string) string { return "" })
		c, perr := script.Prefixes(words)
		if err == "" && perr == "" && c.Name == "rec" && len(words) > 0 && !strings.Contains(line, "$") {
			t.Errorf("%q: testscript did not run rec (%s), the parser reads %+v", line, log, c)
		}
		return false
	}
	want := script.Command{Conds: got.Conds, Neg: got.Neg, Name: "rec", Args: got.Args}
	if diff := cmp.Diff(want, got.Ours, cmpopts.EquateEmpty()); diff != "" || got.Err != "" {
		t.Errorf("%q: testscript (-) and the parser (+) differ (%s):\n%s", line, got.Err, diff)
	}
	if ln.Cmd != "" && ln.Err == "" && !strings.Contains(line, "$") && ln.Cmd != "rec" {
		t.Errorf("%q: Line.Cmd = %q, testscript ran rec", line, ln.Cmd)
	}
	return true
}
