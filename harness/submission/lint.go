package submission

import (
	"errors"
	"fmt"
	"path"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"

	"idemlab/harness/internal/suggest"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/script"
)

// Allowed are the testscript commands a student's observation may use,
// beside the lab's own: checks of output and files, and commands that move
// files within the work directory. exec, cd, env, skip, stop, chmod,
// symlink, wait and the rest are refused, so an observation cannot run a
// program, leave its work directory, or pass by skipping itself.
var Allowed = []string{"stdout", "stderr", "cmp", "cmpenv", "exists", "grep", "cp", "mkdir", "rm", "mv", "stdin", "unquote"}

// A role is what one argument of an allowed command is, as go-internal's
// testscript (cmd.go) reads it.
type role int

const (
	roleFile    role = iota // a file in the work directory
	rolePattern             // a regular expression
	roleFlag                // a flag the command reads (-count=N, -readonly)
)

// roles says what each of an allowed command's arguments is, reading them
// as testscript does: stdout and stderr take an optional -count=N and a
// pattern; grep the same and then a file; exists an optional -readonly;
// every other argument of every allowed command names a file (cmp, cmpenv,
// cp, mkdir, rm, mv, stdin and unquote take nothing else), whatever its
// position and whether or not it starts with "-".
func roles(cmd string, args []string) []role {
	out := make([]role, len(args))
	i := 0
	switch cmd {
	case "stdout", "stderr", "grep":
		if len(args) > 0 && strings.HasPrefix(args[0], "-count=") {
			out[0], i = roleFlag, 1
		}
		if i < len(args) {
			out[i], i = rolePattern, i+1
		}
		if cmd != "grep" {
			for ; i < len(args); i++ {
				out[i] = rolePattern // a usage error in testscript; never a file
			}
		}
	case "exists":
		if len(args) > 0 && args[0] == "-readonly" {
			out[0] = roleFlag
		}
	}
	return out
}

// workMark is what $WORK expands to while a line is linted: an absolute
// path no script can write, since an observation holding a NUL byte is
// refused before it is linted.
const workMark = "/\x00WORK"

// lintEnv is the environment a line is expanded in for the lint: $WORK is
// workMark, and every other variable, refused before, is empty.
func lintEnv(name string) string {
	if name == "WORK" {
		return workMark
	}
	return ""
}

// Lint refuses, before anything runs, a student's observation that could
// reach outside its work directory or run for long: a command other than
// the lab's and those Allowed (with "!" or, for the lab's, "?"), a flag
// the lab's command does not define, a condition, an argument naming a file or an archive file name that is an
// absolute path, climbs with "..", or expands a variable other than $WORK
// at its start, a line that does not parse, and a script longer than the
// limit. Each line is read as testscript will run it: split, unquoted and
// expanded by package script, which its tests hold to testscript's own
// reading. The error names the file and line, the argument and why.
func Lint(l *lab.Lab, o killmatrix.Observation, lim Limits) error {
	s := o.Script
	if s == nil {
		s = script.Parse(o.Data)
	}
	if len(s.Lines) > lim.Lines {
		return &Refusal{File: o.File, Line: lim.Lines + 1, Reason: fmt.Sprintf("the script is longer than the limit of %d lines", lim.Lines)}
	}
	for _, ln := range s.Lines {
		if err := lintLine(l, ln); err != "" {
			return &Refusal{File: o.File, Line: ln.N, Reason: err}
		}
	}
	for _, f := range s.Files {
		if err := lintArchiveName(f.Name); err != "" {
			return &Refusal{File: o.File, Line: f.Line, Reason: "archive file: " + err}
		}
	}
	return nil
}

// lintArchiveName checks an archive file's name as testscript's setup
// uses it: setup unpacks the archive before the script's environment
// exists, so every variable in the name expands to nothing there ($WORK/x
// is /x, ${WORK@R}x is x), and the result, unless absolute, is joined to
// the work directory. The lines later expand the same variables to their
// values, so a name that expands at all names one file at setup and
// another in the script: it is refused, as is a name os.Expand rewrites
// without a variable ("${}"). What is left is a literal name, checked as
// a relative path that stays inside the work directory.
func lintArchiveName(name string) string {
	atSetup := setupName(name)
	if vs := script.Vars(name); len(vs) > 0 {
		return fmt.Sprintf("%q expands $%s before the script's variables exist, so testscript writes it at %q: name an archive file relative to the work directory, without variables", name, vs[0], atSetup)
	}
	if atSetup != name {
		return fmt.Sprintf("%q is rewritten by testscript's expansion as %q: write an archive file's name without $", name, atSetup)
	}
	return checkPath(name, name, false)
}

// setupName is an archive file's name as testscript's setup expands it:
// with every variable empty, since its environment does not exist yet.
func setupName(name string) string {
	return script.ExpandText(name, func(string) string { return "" })
}

// lintLine says what is wrong with one script line, or "".
func lintLine(l *lab.Lab, ln script.Line) string {
	if ln.Err != "" {
		return ln.Err
	}
	written := ln.Written()
	words, _ := ln.Expand(lintEnv)
	c, err := script.Prefixes(words)
	// written[at+j] is how c.Args[j] is written.
	at := len(words) - len(c.Args)
	for i, w := range written {
		for _, v := range w.Vars {
			if v == "WORK" {
				continue
			}
			if i >= at && c.Name != "" {
				return fmt.Sprintf("%s's argument %d: %q expands $%s: only $WORK is allowed", c.Name, i-at+1, w.Text, v)
			}
			return fmt.Sprintf("%q expands $%s: only $WORK is allowed", w.Text, v)
		}
	}
	if err != "" || c.Name == "" {
		return err
	}
	_, isLab := l.Command(c.Name)
	switch {
	case len(c.Conds) > 0:
		return "a condition such as [" + c.Conds[0] + "]: an observation must run every line"
	case !isLab && !slices.Contains(Allowed, c.Name):
		return fmt.Sprintf("command %q is not allowed in a student's observation (use %s and testscript's checks)", strings.ReplaceAll(c.Name, workMark, "$WORK"), strings.Join(labCommands(l), ", "))
	case c.Maybe && !isLab:
		return fmt.Sprintf("? may prefix only the lab's commands, not %q", c.Name)
	}
	if isLab {
		if err := lintFlags(l, c.Name, c.Args); err != "" {
			return err
		}
		if err := lintSubcommand(l, c.Name, c.Args); err != "" {
			return err
		}
	}
	var files map[int]string // the arguments that name a file: index to the file's name
	patterns := map[int]bool{}
	if isLab {
		files = labFiles(l, c.Name, c.Args)
	} else {
		files = map[int]string{}
		for j, r := range roles(c.Name, c.Args) {
			switch r {
			case roleFile:
				files[j] = c.Args[j]
			case rolePattern:
				patterns[j] = true
			}
		}
	}
	for j, a := range c.Args {
		if file, ok := files[j]; ok {
			if err := checkPath(written[at+j].Text, file, true); err != "" {
				return fmt.Sprintf("%s's argument %d: %s", c.Name, j+1, err)
			}
			continue
		}
		if strings.Contains(a, workMark) {
			return fmt.Sprintf("%s's argument %d, %q: $WORK may begin only an argument that names a file", c.Name, j+1, written[at+j].Text)
		}
		if err := badPattern(a); patterns[j] && err != "" {
			return fmt.Sprintf("%s's argument %d: %q is not a regular expression: %s", c.Name, j+1, written[at+j].Text, err)
		}
	}
	return ""
}

// badPattern says why a check's pattern does not compile, as testscript
// compiles it (multi-line), or "": a typo there would fail on every
// implementation alike, and be told as a broken observation, something
// the contract does not say, where it is a mistake in the script.
func badPattern(p string) string {
	if _, err := regexp.Compile("(?m)" + p); err == nil {
		return ""
	}
	var serr *syntax.Error
	if _, err := regexp.Compile(p); errors.As(err, &serr) {
		return fmt.Sprintf("%s in %q", serr.Code, serr.Expr)
	} else if err != nil {
		return err.Error()
	}
	return "not valid in multi-line mode"
}

// lintSubcommand refuses a lab command line that names no subcommand of
// the command, or one it does not have (a typo: idem fech), with the one
// most likely meant: such a line fails on every implementation alike, so
// it shows nothing of the contract, and is a mistake to be told of, not a
// misconception. A command without subcommands takes any argument.
func lintSubcommand(l *lab.Lab, cmd string, args []string) string {
	c, _ := l.Command(cmd)
	if len(c.Subcommands) == 0 {
		return ""
	}
	var names []string
	for _, s := range c.Subcommands {
		names = append(names, s.Name)
	}
	name := c.SubcommandName(args)
	switch _, ok := c.Subcommand(args); {
	case ok:
		return ""
	case name == "":
		return fmt.Sprintf("%s without a command: give one of %s", cmd, strings.Join(names, ", "))
	}
	msg := fmt.Sprintf("%s has no command %q", cmd, name)
	if near := suggest.Nearest(name, names); near != "" {
		msg += fmt.Sprintf("; did you mean %q?", near)
	}
	return msg + " (its commands: " + strings.Join(names, ", ") + ")"
}

// labFiles returns, by index, the files a lab command's arguments name:
// the values of its flags that take one (idem's -db), read as the command
// reads its leading flags ("-db x", "-db=x", "--db x"). Its other
// arguments are data for the implementation under test.
func labFiles(l *lab.Lab, cmd string, args []string) map[int]string {
	c, _ := l.Command(cmd)
	files := map[int]string{}
	for i := 0; i < len(args) && strings.HasPrefix(args[i], "-"); i++ {
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(args[i], "-"), "-"), "=")
		if !slices.ContainsFunc(c.Flags, func(f lab.Flag) bool { return f.Name == name && f.Arg != "" }) {
			continue
		}
		switch {
		case hasValue:
			files[i] = value
		case i+1 < len(args):
			i++
			files[i] = args[i]
		}
	}
	return files
}

func labCommands(l *lab.Lab) []string {
	var names []string
	for _, c := range l.Commands {
		names = append(names, c.Name)
	}
	return names
}

// checkPath refuses a file's name that, expanded as testscript will
// (file, with $WORK as workMark), is absolute (other than $WORK at its
// start), climbs out with "..", or, for an archive file (not isArg), names
// the work directory itself; written is the argument as the script writes
// it, for the message.
func checkPath(written, file string, isArg bool) string {
	p := file
	if rest, ok := strings.CutPrefix(p, workMark); ok && (rest == "" || strings.HasPrefix(rest, "/")) {
		p = "." + rest
	}
	p = strings.ReplaceAll(p, `\`, "/")
	switch {
	case strings.Contains(p, workMark):
		return fmt.Sprintf("%q uses $WORK other than at its start: an observation stays in its work directory", written)
	case strings.HasPrefix(p, "/") || len(p) > 1 && p[1] == ':':
		return fmt.Sprintf("%q is an absolute path: an observation stays in its work directory", written)
	case slices.Contains(strings.Split(p, "/"), ".."):
		return fmt.Sprintf("%q climbs out with ..: an observation stays in its work directory", written)
	case !isArg && path.Clean(p) == ".":
		return fmt.Sprintf("%q names the work directory itself", written)
	}
	return ""
}
