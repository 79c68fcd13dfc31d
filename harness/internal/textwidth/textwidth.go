package textwidth

import (
	"bytes"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// RuneWidth is the columns r takes on a terminal: 2 for an East Asian
// wide or fullwidth character (汉字, ，), 0 for a combining mark or a
// control character, else 1.
func RuneWidth(r rune) int {
	switch {
	case unicode.Is(unicode.Mn, r) || unicode.IsControl(r):
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// Width is the columns s takes on a terminal.
func Width(s string) int {
	n := 0
	for _, r := range s {
		n += RuneWidth(r)
	}
	return n
}

// Wrap breaks text into lines no wider than max columns: between words,
// and between two wide characters, which need no space between them.
// Runs of spaces become one; a word wider than max stands on a line of
// its own.
func Wrap(text string, max int) []string {
	var lines []string
	line, lineWidth := "", 0
	space := false // a space stood before the token
	for len(text) > 0 {
		r, size := utf8.DecodeRuneInString(text)
		if unicode.IsSpace(r) {
			text, space = text[size:], true
			continue
		}
		token := text[:size]
		if RuneWidth(r) < 2 {
			end := strings.IndexFunc(text, func(r rune) bool { return unicode.IsSpace(r) || RuneWidth(r) == 2 })
			if end < 0 {
				end = len(text)
			}
			token = text[:end]
		}
		text = text[len(token):]
		sep := ""
		if space && line != "" {
			sep = " "
		}
		w := Width(token)
		// Closing punctuation (，。；) never begins a line: it stays on
		// the line it ends, a column or two past max.
		if line != "" && lineWidth+len(sep)+w > max && !strings.ContainsRune(closing, r) {
			lines = append(lines, line)
			line, lineWidth, sep = "", 0, ""
		}
		line, lineWidth, space = line+sep+token, lineWidth+len(sep)+w, false
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// closing is the punctuation that ends a phrase in Chinese text.
const closing = "，。；：、）》」』！？"

// A Writer aligns tab-separated cells into columns by their display
// width, as text/tabwriter does by their count of runes: a cell ends at
// a tab, a line's text after its last tab is no cell, and a column is
// aligned across the consecutive lines that have a cell in it. Each
// column is as wide as its widest cell plus padding, filled with spaces.
// Nothing is written before Flush.
type Writer struct {
	w       io.Writer
	padding int
	buf     bytes.Buffer
}

// NewWriter returns a Writer to w that leaves padding spaces after the
// widest cell of each column.
func NewWriter(w io.Writer, padding int) *Writer {
	return &Writer{w: w, padding: padding}
}

// Write keeps p until Flush.
func (t *Writer) Write(p []byte) (int, error) { return t.buf.Write(p) }

// Flush writes what was written since the last Flush, aligned.
func (t *Writer) Flush() error {
	lines := strings.Split(t.buf.String(), "\n")
	t.buf.Reset()
	cells := make([][]string, len(lines))
	for i, l := range lines {
		cells[i] = strings.Split(l, "\t")
	}
	widths := make([][]int, len(lines))
	var block func(col, lo, hi int)
	block = func(col, lo, hi int) {
		for i := lo; i < hi; {
			if len(cells[i])-1 <= col {
				i++
				continue
			}
			j, w := i, 0
			for ; j < hi && len(cells[j])-1 > col; j++ {
				w = max(w, Width(cells[j][col])+t.padding)
			}
			for k := i; k < j; k++ {
				widths[k] = append(widths[k], w)
			}
			block(col+1, i, j)
			i = j
		}
	}
	block(0, 0, len(lines))
	var out strings.Builder
	for k, row := range cells {
		if k > 0 {
			out.WriteByte('\n')
		}
		for c, cell := range row {
			out.WriteString(cell)
			if c < len(row)-1 {
				out.WriteString(strings.Repeat(" ", widths[k][c]-Width(cell)))
			}
		}
	}
	_, err := io.WriteString(t.w, out.String())
	return err
}
