package labcmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"

	"idemlab/harness/sqlpause"
)

// ParseSeconds parses a time or a duration in seconds: a decimal number,
// as Go writes floats, or one of NaN, Inf, +Inf and -Inf (in any letter
// case); a number too large for a float is an infinity. Hexadecimal floats
// and digit separators are refused, to keep times readable.
func ParseSeconds(s string) (float64, error) { return parseDecimal(s, "number of seconds") }

// ParseNumber parses a quantity that is not a time (a rate, a weight, an
// amount of tokens) as ParseSeconds parses a time, and says "want a
// number" when it cannot.
func ParseNumber(s string) (float64, error) { return parseDecimal(s, "number") }

// parseDecimal is ParseSeconds, its errors naming what was wanted.
func parseDecimal(s, what string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, fmt.Errorf("want a %s (or NaN, Inf, -Inf)", what)
	}
	if strings.ContainsAny(s, "xX_") || strings.ContainsAny(s, "pP") && !isNamed(s) {
		return 0, fmt.Errorf("want a decimal %s", what)
	}
	return v, nil
}

// ParseCount parses a count: decimal digits, at most an int64's largest
// value, 0 included. A sign, a fraction or a suffix is refused, saying
// what a count is.
func ParseCount(s string) (int64, error) {
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, fmt.Errorf("want a count: a whole number from 0 to %d", int64(math.MaxInt64))
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("want a count: a whole number from 0 to %d", int64(math.MaxInt64))
	}
	return n, nil
}

// isNamed reports whether s spells NaN or an infinity.
func isNamed(s string) bool {
	switch strings.ToLower(strings.TrimLeft(s, "+-")) {
	case "nan", "inf", "infinity":
		return true
	}
	return false
}

// ParseInteger parses an integer written as text, an optional sign and
// decimal digits, that fits in bits bits (64 for an int64, strconv.IntSize
// for an int). Booleans, fractions, suffixes and the empty string are
// refused; so is a value that does not fit, naming the range.
func ParseInteger(s string, bits int) (int64, error) {
	digits := strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, errors.New("want an integer")
	}
	n, err := strconv.ParseInt(s, 10, bits)
	if err != nil {
		return 0, fmt.Errorf("want an integer from %d to %d", int64(-1)<<(bits-1), int64(uint64(1)<<(bits-1)-1))
	}
	return n, nil
}

// ParseJSON parses exactly one JSON value, numbers kept exact as
// json.Number; JSON's null is nil.
func ParseJSON(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("not JSON: %v", err)
	}
	// More() would miss a stray ']' or '}'; decoding again must hit EOF.
	if err := dec.Decode(new(json.RawMessage)); err != io.EOF {
		return nil, fmt.Errorf("not one JSON value: text follows it at offset %d", dec.InputOffset())
	}
	return v, nil
}

// Seconds is a time as a lab's command prints it: a JSON number, or, for
// the infinities and NaN that JSON has no number for, the string the
// command reads them from ("Inf", "-Inf", "NaN").
type Seconds float64

// MarshalJSON writes s as a number, or as "Inf", "-Inf" or "NaN".
func (s Seconds) MarshalJSON() ([]byte, error) {
	f := float64(s)
	switch {
	case math.IsInf(f, 1):
		return []byte(`"Inf"`), nil
	case math.IsInf(f, -1):
		return []byte(`"-Inf"`), nil
	case math.IsNaN(f):
		return []byte(`"NaN"`), nil
	}
	return json.Marshal(f)
}

// hooked records the driver seams already pointed at sqlpause's driver.
var hooked = struct {
	sync.Mutex
	done map[*string]bool
}{done: map[*string]bool{}}

// UseDriver points an implementation's driver seam (a variable holding
// the database/sql driver name its store opens files with) at sqlpause's
// driver, once per seam; nil is no seam. A command calls it before every
// call into an implementation, so the write happens before any read of
// the seam.
func UseDriver(seam *string) {
	if seam == nil {
		return
	}
	hooked.Lock()
	defer hooked.Unlock()
	if !hooked.done[seam] {
		*seam = sqlpause.DriverName
		hooked.done[seam] = true
	}
}

// Locked ends the line of a write that waits for the operation's lock:
// "waits: LINE (the store is locked)". An observation compares the line
// as it is, so it is the same in every language; the interleave
// subcommand's Chinese usage says what it means ([InterleaveSub]).
const Locked = "(the store is locked)"

// A Runner runs one command line of a lab's command against the store
// being interleaved and returns what it printed, on one line.
type Runner func(args []string) (string, error)

// Interleave runs the command line op on the store at db (an absolute
// path) and, once op's first query has been read, each of others as
// another client would; see the package documentation for what it
// returns. A panic in a line (a broken implementation) is that line's
// error: inside a pause it must not unwind through the paused connection.
func Interleave(db string, op []string, others [][]string, run Runner) []string {
	run = safe(run)
	var lines []string
	var waiting [][]string
	disarm := sqlpause.Pause(db, func() {
		for _, w := range others {
			out, err := run(w)
			if err != nil && strings.Contains(err.Error(), "database is locked") {
				lines = append(lines, "waits: "+strings.Join(w, " ")+" "+Locked)
				waiting = append(waiting, w)
				continue
			}
			lines = append(lines, Result("during", w, out, err))
		}
	})
	out, opErr := run(op)
	if !disarm() {
		waiting = others // the operation made no query: everything comes after
	}
	lines = append(lines, Result("", op, out, opErr))
	for _, w := range waiting {
		out, err := run(w)
		lines = append(lines, Result("after", w, out, err))
	}
	return lines
}

// safe is run with a panic turned into its error.
func safe(run Runner) Runner {
	return func(args []string) (out string, err error) {
		defer func() {
			if e := recover(); e != nil {
				out, err = "", fmt.Errorf("panic: %v", e)
			}
		}()
		return run(args)
	}
}

// Result is one line of an interleaving: when it ran ("" for the
// operation itself), what, and what it printed or the first line of the
// error it returned.
func Result(when string, args []string, out string, err error) string {
	line := strings.Join(args, " ") + " => " + out
	if err != nil {
		msg, _, _ := strings.Cut(err.Error(), "\n")
		line = strings.Join(args, " ") + " => error: " + msg
	}
	if when != "" {
		line = when + ": " + line
	}
	return line
}
