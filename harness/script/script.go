package script

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// A Script is one observation script, parsed once: its opening comment,
// every line of its script section, and the files of its archive.
type Script struct {
	// Doc is the opening comment, its # marks removed, lines joined by
	// spaces: what the script observes and why.
	Doc string
	// Lines holds every line of the script section, blank and comment
	// lines included, so that Lines[i].N == i+1.
	Lines []Line
	// Files are the archive's files, in order.
	Files []File
	// Err says why the script as a whole cannot run ("" when it can).
	Err string
}

// crashingMarker returns the number of the first line that is "-- --"
// (with or without a carriage return), on which go-internal v1.16.0's
// txtar.Parse slices out of range, or 0.
func crashingMarker(data []byte) int {
	for n, line := range bytes.Split(data, []byte("\n")) {
		if line := bytes.TrimSuffix(line, []byte("\r")); string(line) == "-- --" {
			return n + 1
		}
	}
	return 0
}

// A Line is one script line as testscript reads it.
type Line struct {
	// N is the line number, counted from 1.
	N int
	// Text is the line as written, without surrounding space.
	Text string
	// Conds are the [condition] prefixes, without their brackets.
	Conds []string
	// Neg is set by a "!" prefix: the command must fail.
	Neg bool
	// Maybe is set by a "?" prefix: the command may fail or succeed.
	Maybe bool
	// Cmd is the command, "" on a blank or comment line.
	Cmd string
	// Args are the command's arguments.
	Args []Word
	// Err says why the line cannot be run as written (an unterminated
	// quote, a prefix with no command after it); "" when it can.
	Err string
	raw string // the line as written, for Expand
}

// A Word is one argument as the command receives it.
type Word struct {
	// Text is the argument with quotes removed; the variables testscript
	// would expand are left as written ($WORK).
	Text string
	// Quoted is set when any part of it was single-quoted.
	Quoted bool
	// Vars are the variables testscript expands in it: those written
	// outside quotes.
	Vars []string
}

// A File is one file of the script's archive.
type File struct {
	// Name is the file's name, as its "-- name --" line gives it.
	Name string
	// Line is the line of that marker, counted from the top of the file.
	Line int
	// Data is the file's content.
	Data []byte
}

// Parse reads a script from data.
func Parse(data []byte) *Script {
	if n := crashingMarker(data); n > 0 {
		// go-internal's txtar.Parse (and so testscript) panics on this
		// line: read the script up to it, and say why it cannot run.
		cut := 0
		for range n - 1 {
			cut += bytes.IndexByte(data[cut:], '\n') + 1
		}
		s := Parse(data[:cut])
		s.Err = fmt.Sprintf("line %d: %q is a file marker with no name, which testscript's archive reader crashes on", n, "-- --")
		return s
	}
	a := txtar.Parse(data)
	s := &Script{}
	texts := strings.Split(string(a.Comment), "\n")
	if len(texts) > 0 && texts[len(texts)-1] == "" {
		texts = texts[:len(texts)-1] // the section's last newline ends no line
	}
	var doc []string
	for i, t := range texts {
		s.Lines = append(s.Lines, parseLine(i+1, t))
		if len(doc) == i && strings.HasPrefix(t, "#") {
			doc = append(doc, strings.TrimSpace(strings.TrimPrefix(t, "#")))
		}
	}
	s.Doc = strings.Join(doc, " ")
	line := len(texts) + 1
	for _, f := range a.Files {
		s.Files = append(s.Files, File{Name: f.Name, Line: line, Data: f.Data})
		line += 1 + strings.Count(string(f.Data), "\n")
	}
	return s
}

// Line returns line n (counted from 1) and whether there is one.
func (s *Script) Line(n int) (Line, bool) {
	if n < 1 || n > len(s.Lines) {
		return Line{}, false
	}
	return s.Lines[n-1], true
}

// Words returns the arguments' texts.
func (l Line) Words() []string {
	words := make([]string, len(l.Args))
	for i, w := range l.Args {
		words[i] = w.Text
	}
	return words
}

// IsCommand reports whether the line runs a command.
func (l Line) IsCommand() bool { return l.Cmd != "" }

// parseLine splits one line into prefixes, command and arguments, as
// testscript's runLine does with the words its parse returns.
func parseLine(n int, text string) Line {
	l := Line{N: n, Text: strings.TrimSpace(text), raw: text}
	words, err := split(text, nil)
	l.Err = err
	texts := make([]string, len(words))
	for i, w := range words {
		texts[i] = w.Text
	}
	c, perr := Prefixes(texts)
	if l.Err == "" {
		l.Err = perr
	}
	l.Conds, l.Neg, l.Maybe = c.Conds, c.Neg, c.Maybe
	if c.Name != "" {
		l.Cmd, l.Args = c.Name, words[len(words)-len(c.Args):]
	}
	return l
}

// A Command is a line's words read as testscript's runLine reads them:
// its [condition] prefixes, a "!", and the command with its arguments; a
// "?" before a command (the lab's own prefix, registered as a command of
// that name) sets Maybe and names the command after it.
type Command struct {
	Conds []string
	Neg   bool
	Maybe bool
	Name  string
	Args  []string
}

// Prefixes reads the prefixes of a line's words as testscript does:
// every leading word that starts with "[" and ends with "]" is a
// condition, then one "!" negates, then a "?" makes the lab's command
// after it one that may fail. Quoting does not matter: testscript looks at
// the words after their quotes are removed and their variables expanded.
// The error says why the words do not make a command ("" when they do, or
// when there are no words at all).
func Prefixes(words []string) (Command, string) {
	var c Command
	if len(words) == 0 {
		return c, ""
	}
	for len(words) > 0 && strings.HasPrefix(words[0], "[") && strings.HasSuffix(words[0], "]") {
		c.Conds = append(c.Conds, strings.TrimSpace(words[0][1:len(words[0])-1]))
		words = words[1:]
	}
	if len(words) == 0 {
		return c, "a prefix with no command after it"
	}
	if words[0] == "!" {
		c.Neg, words = true, words[1:]
	}
	if len(words) > 0 && words[0] == "?" && !c.Neg {
		c.Maybe, words = true, words[1:]
	}
	if len(words) == 0 {
		return c, "a prefix with no command after it"
	}
	c.Name, c.Args = words[0], words[1:]
	return c, ""
}

// Written returns every word of the line as written, prefixes and command
// included, each with its variables; Expand returns the same words, in the
// same order, expanded.
func (l Line) Written() []Word {
	words, _ := split(l.raw, nil)
	return words
}

// Expand returns the line's words as testscript passes them on when the
// script runs: quotes removed, and the variables outside quotes replaced
// by what getenv returns for them (a name ending in @R by its value
// quoted for a regular expression, as testscript does). With the same
// getenv, the result is testscript's own, word for word; the package's
// tests feed the same lines to both.
func (l Line) Expand(getenv func(string) string) ([]string, string) {
	words, err := split(l.raw, getenv)
	texts := make([]string, len(words))
	for i, w := range words {
		texts[i] = w.Text
	}
	return texts, err
}

// split is testscript's own word splitting: words are separated by spaces,
// tabs and carriage returns, a # outside quotes starts a comment, single
// quotes quote (two of them inside a quoted part stand for one), and
// variables are expanded outside quotes only, one unquoted stretch at a
// time. With a nil getenv the variables are kept as written.
func split(line string, getenv func(string) string) ([]Word, string) {
	var words []Word
	var w Word
	var text strings.Builder // the word so far
	start := -1              // where the unquoted stretch being read starts
	inWord, quoted := false, false
	flushPlain := func(i int) {
		if start >= 0 {
			plain := line[start:i]
			w.Vars = append(w.Vars, vars(plain)...)
			text.WriteString(expand(plain, getenv))
			start = -1
		}
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quoted && c == '\'' && i+1 < len(line) && line[i+1] == '\'':
			text.WriteByte('\'')
			i++
		case quoted && c == '\'':
			quoted = false
		case quoted:
			text.WriteByte(c)
		case c == ' ' || c == '\t' || c == '\r' || c == '#':
			flushPlain(i)
			if inWord {
				w.Text = text.String()
				words = append(words, w)
			}
			w, inWord = Word{}, false
			text.Reset()
			if c == '#' {
				return words, ""
			}
		case c == '\'':
			flushPlain(i)
			quoted, inWord, w.Quoted = true, true, true
		default:
			if start < 0 {
				start = i
			}
			inWord = true
		}
	}
	if quoted {
		return words, "unterminated quoted argument"
	}
	flushPlain(len(line))
	if inWord {
		w.Text = text.String()
		words = append(words, w)
	}
	return words, ""
}

// expand is testscript's expansion of one unquoted stretch, or the
// stretch as written when getenv is nil.
func expand(s string, getenv func(string) string) string {
	if getenv == nil {
		return s
	}
	return os.Expand(s, func(key string) string {
		if k := strings.TrimSuffix(key, "@R"); len(k) != len(key) {
			return regexp.QuoteMeta(getenv(k))
		}
		return getenv(key)
	})
}

// Vars lists the variables testscript expands in text expanded whole, as
// it expands an archive file's name.
func Vars(text string) []string { return vars(text) }

// ExpandText expands text whole, as testscript expands an archive file's
// name before it writes the file, with getenv looking up each variable.
func ExpandText(text string, getenv func(string) string) string { return expand(text, getenv) }

// vars lists the variables os.Expand, which testscript uses, would look
// up in s.
func vars(s string) []string {
	var names []string
	os.Expand(s, func(name string) string {
		names = append(names, name)
		return ""
	})
	return names
}
