package submission

import (
	"fmt"
	"path"
	"slices"
	"strings"

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

// patternCommands take a regular expression, in which $ anchors.
var patternCommands = []string{"stdout", "stderr", "grep"}

// Lint refuses, before anything runs, a student's observation that could
// reach outside its work directory or run for long: a command other than
// the lab's and those Allowed (with "!" or, for the lab's, "?"), a
// condition, an argument or archive file name that is an absolute path,
// climbs with "..", or expands a variable other than $WORK, a line that
// does not parse, and a script longer than the limit. The error names the
// file and line.
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
		if err := checkPath(f.Name, false, false); err != "" {
			return &Refusal{File: o.File, Line: f.Line, Reason: "archive file: " + err}
		}
	}
	return nil
}

// lintLine says what is wrong with one script line, or "".
func lintLine(l *lab.Lab, ln script.Line) string {
	if ln.Err != "" {
		return ln.Err
	}
	if !ln.IsCommand() {
		return ""
	}
	_, isLab := l.Command(ln.Cmd)
	switch {
	case len(ln.Conds) > 0:
		return "a condition such as [" + ln.Conds[0] + "]: an observation must run every line"
	case !isLab && !slices.Contains(Allowed, ln.Cmd):
		return fmt.Sprintf("command %q is not allowed in a student's observation (use %s and testscript's checks)", ln.Cmd, strings.Join(labCommands(l), ", "))
	case ln.Maybe && !isLab:
		return fmt.Sprintf("? may prefix only the lab's commands, not %q", ln.Cmd)
	}
	if isLab {
		return lintLabArgs(l, ln)
	}
	pattern := -1 // the argument that is a regexp, where $ anchors
	if slices.Contains(patternCommands, ln.Cmd) {
		pattern = slices.IndexFunc(ln.Args, func(w script.Word) bool { return !strings.HasPrefix(w.Text, "-") })
	}
	for i, w := range ln.Args {
		if err := checkWord(w, i == pattern); err != "" {
			return err
		}
	}
	return ""
}

// lintLabArgs checks a lab command's arguments: the values of its flags
// that take one (a path, such as idem's -db) must stay in the work
// directory; its other arguments are data for the implementation (keys,
// times, JSON), which only variables could turn into anything else.
func lintLabArgs(l *lab.Lab, ln script.Line) string {
	c, _ := l.Command(ln.Cmd)
	for i, w := range ln.Args {
		for _, v := range w.Vars {
			if v != "WORK" {
				return fmt.Sprintf("%q expands $%s: only $WORK is allowed", w.Text, v)
			}
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(w.Text, "-"), "=")
		if !strings.HasPrefix(w.Text, "-") || !slices.ContainsFunc(c.Flags, func(f lab.Flag) bool { return f.Name == name && f.Arg != "" }) {
			continue
		}
		if !hasValue && i+1 < len(ln.Args) {
			value = ln.Args[i+1].Text
		}
		if err := checkPath(strings.ReplaceAll(value, "$WORK", "."), false, true); err != "" {
			return err
		}
	}
	return ""
}

func labCommands(l *lab.Lab) []string {
	var names []string
	for _, c := range l.Commands {
		names = append(names, c.Name)
	}
	return names
}

// checkWord refuses an argument that names a place outside the work
// directory or expands a variable other than $WORK.
func checkWord(w script.Word, isPattern bool) string {
	for _, v := range w.Vars {
		if v != "WORK" && !isPattern {
			return fmt.Sprintf("%q expands $%s: only $WORK is allowed", w.Text, v)
		}
	}
	text := w.Text
	if _, value, ok := strings.Cut(text, "="); ok && strings.HasPrefix(text, "-") {
		text = value // a flag's value follows its "="
	}
	return checkPath(strings.ReplaceAll(text, "$WORK", "."), isPattern, true)
}

// checkPath refuses a path that is absolute or climbs out with "..".
func checkPath(p string, isPattern, isArg bool) string {
	p = strings.ReplaceAll(p, `\`, "/")
	switch {
	case isPattern:
		return ""
	case strings.HasPrefix(p, "/") || len(p) > 1 && p[1] == ':':
		return fmt.Sprintf("%q is an absolute path: an observation stays in its work directory", p)
	case slices.Contains(strings.Split(p, "/"), ".."):
		return fmt.Sprintf("%q climbs out with ..: an observation stays in its work directory", p)
	case !isArg && path.Clean(p) == ".":
		return fmt.Sprintf("%q names the work directory itself", p)
	}
	return ""
}
