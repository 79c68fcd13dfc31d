package mutagen

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A compilerMessage is one message of go build about a mutant's file, at a
// line and column of that file.
type compilerMessage struct {
	Line, Col int
	Text      string
}

// compilerMessageLine matches one compiler message about a mutant's file.
var compilerMessageLine = regexp.MustCompile(`^(?:\./)?(?:p\d+/)?(m\d+)\.go:(\d+):(\d+): (.*)$`)

// failedFiles reads go build's output and returns, for every mutant whose
// file the compiler rejected, its messages. Only a message's first line
// names the file it is about; an indented line after it may name another.
func failedFiles(out []byte) map[string][]compilerMessage {
	failed := map[string][]compilerMessage{}
	for _, line := range strings.Split(string(out), "\n") {
		m := compilerMessageLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		l, _ := strconv.Atoi(m[2])
		c, _ := strconv.Atoi(m[3])
		failed[m[1]] = append(failed[m[1]], compilerMessage{l, c, m[4]})
	}
	return failed
}

// explain words the compiler's messages about c's file as messages about
// the reference source, at the place of the mutant's edit: the file holds
// the reference with one replacement, its names prefixed with c.Stem_.
func (c compiled) explain(msgs []compilerMessage) string {
	var parts []string
	for _, m := range msgs {
		line, col := c.original(m.Line, m.Col)
		text := strings.ReplaceAll(m.Text, c.Stem+"_", "")
		parts = append(parts, fmt.Sprintf("%s:%d:%d: %s", c.file, line, col, text))
	}
	return fmt.Sprintf("%s (where %q is replaced by %q)", strings.Join(parts, "; "), c.Mutant.Old, c.Mutant.New)
}

// original maps a line and column of the mutated file back to the
// reference: before the edit they are the same; inside the replacement
// they are the replaced text's first line, at the column in it; after it
// the lines shift by what the replacement added. Columns are counted
// without the names' prefixes.
func (c compiled) original(line, col int) (int, int) {
	line, col = c.edits.Original(line, col)
	first := c.oldLine
	oldLines, newLines := strings.Count(c.Mutant.Old, "\n"), strings.Count(c.Mutant.New, "\n")
	switch {
	case first == 0 || line < first:
		return line, col
	case line <= first+newLines:
		return first + min(line-first, oldLines), col
	}
	return line - (newLines - oldLines), col
}
