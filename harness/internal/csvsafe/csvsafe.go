// Package csvsafe writes CSV that a spreadsheet opens as data, never as
// formulas: the class CSV (grade -format csv) and the gradebook files
// (Canvas, Moodle) hold what students named (a class folder called
// =HYPERLINK(…) or +1+1, a flag quoting it), and an instructor opens them
// in Excel, LibreOffice or Google Sheets.
//
// It follows OWASP's CSV injection guidance
// (https://owasp.org/www-community/attacks/CSV_Injection): no cell may
// begin with = + - @, a tab (0x09), a carriage return (0x0D) or a line
// feed (0x0A); a cell that does is prepended with a single quote, which
// the spreadsheet reads as "this is text". The guidance also warns of
// the separators: a field holding ',' or a line break is quoted as RFC
// 4180 says, and since a spreadsheet whose locale separates lists with
// ';' splits cells there whatever the quotes, a ';' inside a field that
// is followed by such a character (past any '"') gets the single quote
// after it too. A plain decimal number (-1, 2.5) is a number, not a
// formula, and is written as it is, so that a negative total stays one.
package csvsafe

import (
	"io"
	"regexp"
	"strings"
)

// Cell is s as a CSV cell may hold it: prefixed with a single quote when
// it begins with a character a spreadsheet reads as the start of a
// formula (unless it is a plain decimal number), and with one after each
// ';' that such a character follows.
func Cell(s string) string {
	if number.MatchString(s) {
		return s
	}
	var b strings.Builder
	if startsFormula(s) {
		b.WriteByte('\'')
	}
	for {
		i := strings.IndexByte(s, ';')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i+1])
		s = s[i+1:]
		if startsFormula(strings.TrimLeft(s, `"`)) {
			b.WriteByte('\'')
		}
	}
}

// startsFormula reports whether s begins with a character OWASP's
// guidance says no cell may begin with.
func startsFormula(s string) bool { return s != "" && strings.IndexByte(formulaStart, s[0]) >= 0 }

// formulaStart are the first characters OWASP's guidance names.
const formulaStart = "=+-@\t\r\n"

// number is a decimal number as strconv.FormatFloat(x, 'f', -1, 64) or
// strconv.Itoa writes it: never a formula.
var number = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// A Writer writes records of cells, each made safe by Cell and quoted
// when it holds a separator, a quote or a line break.
type Writer struct {
	w   io.Writer
	err error
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes one record, ending it with "\n"; after a failed write,
// every later one does nothing, and Error returns the first error.
func (w *Writer) Write(record []string) {
	if w.err != nil {
		return
	}
	var b strings.Builder
	for i, field := range record {
		if i > 0 {
			b.WriteByte(',')
		}
		field = Cell(field)
		if !needsQuotes(field) {
			b.WriteString(field)
			continue
		}
		b.WriteByte('"')
		b.WriteString(strings.ReplaceAll(field, `"`, `""`))
		b.WriteByte('"')
	}
	b.WriteByte('\n')
	_, w.err = io.WriteString(w.w, b.String())
}

// Error is the first error a Write met, nil when none did.
func (w *Writer) Error() error { return w.err }

// needsQuotes reports whether a field must be quoted: it holds a
// separator (',' or a locale's ';'), a quote or a line break, or starts
// with a space, which some readers would trim.
func needsQuotes(field string) bool {
	return strings.ContainsAny(field, ",;\"\r\n") || strings.HasPrefix(field, " ")
}
