package script

import (
	"os"
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

// ParseFile reads and parses the script in file.
func ParseFile(file string) (*Script, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return Parse(data), nil
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

// parseLine splits one line into prefixes, command and arguments.
func parseLine(n int, text string) Line {
	l := Line{N: n, Text: strings.TrimSpace(text)}
	words, err := split(text)
	l.Err = err
	for len(words) > 0 {
		w := words[0].Text
		switch {
		case !words[0].Quoted && strings.HasPrefix(w, "[") && strings.HasSuffix(w, "]"):
			l.Conds = append(l.Conds, strings.TrimSpace(w[1:len(w)-1]))
		case !words[0].Quoted && w == "!" && !l.Neg && !l.Maybe:
			l.Neg = true
		case !words[0].Quoted && w == "?" && !l.Neg && !l.Maybe:
			l.Maybe = true
		default:
			l.Cmd, l.Args = w, words[1:]
			return l
		}
		words = words[1:]
	}
	if (len(l.Conds) > 0 || l.Neg || l.Maybe) && l.Err == "" {
		l.Err = "a prefix with no command after it"
	}
	return l
}

// split is testscript's own word splitting: words are separated by spaces
// and tabs, a # outside quotes starts a comment, single quotes quote (two
// of them inside a quoted part stand for one), and variables are expanded
// outside quotes only.
func split(line string) ([]Word, string) {
	var words []Word
	var w Word
	var text, plain strings.Builder // the word so far; its unquoted part, for Vars
	inWord, quoted := false, false
	flushPlain := func() {
		w.Vars = append(w.Vars, vars(plain.String())...)
		plain.Reset()
	}
	end := func() {
		if inWord {
			flushPlain()
			w.Text = text.String()
			words = append(words, w)
		}
		w, inWord = Word{}, false
		text.Reset()
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
			end()
			if c == '#' {
				return words, ""
			}
		case c == '\'':
			flushPlain()
			quoted, inWord, w.Quoted = true, true, true
		default:
			text.WriteByte(c)
			plain.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		return words, "unterminated quoted argument"
	}
	end()
	return words, ""
}

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
