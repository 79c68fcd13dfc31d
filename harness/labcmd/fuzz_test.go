package labcmd_test

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"idemlab/harness/labcmd"
)

// parseLimit is ParseInteger as a lab's Int parameter reads a limit.
func parseLimit(s string) (int, error) {
	n, err := labcmd.ParseInteger(s, strconv.IntSize)
	return int(n), err
}

// FuzzParseLimit: any text, read as a limit is (ParseInteger, an int), either parses to exactly the integer strconv
// reads from it, being an optional sign and ASCII decimal digits, whatever
// its value (the store's own check refuses those outside 1..100), or is
// refused with a message asking for an integer: no space, fraction,
// exponent, boolean or other script's digits.
//
//	go test -run '^$' -fuzz '^FuzzParseLimit$' -fuzztime 30s ./harness/labcmd
func FuzzParseLimit(f *testing.F) {
	for _, s := range []string{"1", "10", "100", "0100", "0", "101", "", "true", "1.5", "10x", "-1", "+5", " 5", "1e1", "0x10", "1_0", "١", "99999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := parseLimit(s)
		digits := strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+"), "0123456789") == "" &&
			strings.Trim(s, "+-") != "" && strings.Count(s, "-")+strings.Count(s, "+") <= 1
		want, werr := strconv.Atoi(s)
		if err != nil {
			if !strings.Contains(err.Error(), "want an integer") {
				t.Errorf("ParseLimit(%q) error %q does not ask for an integer", s, err)
			}
			if digits && werr == nil {
				t.Errorf("ParseLimit(%q) refused the integer %d: %v", s, want, err)
			}
			return
		}
		if !digits || werr != nil || n != want {
			t.Errorf("ParseLimit(%q) = %d; strconv reads %d, %v; want only signed decimal digits accepted, as read", s, n, want, werr)
		}
	})
}

// FuzzParseSeconds: any text either parses to what strconv reads from it,
// written in decimal (digits, sign, point, exponent) or as NaN or an
// infinity (which the store's own time check answers), and survives a
// round trip through its shortest form; or it is refused with a message
// that asks for seconds. Hexadecimal and digit separators are refused.
//
//	go test -run '^$' -fuzz '^FuzzParseSeconds$' -fuzztime 30s ./harness/labcmd
func FuzzParseSeconds(f *testing.F) {
	for _, s := range []string{"0", "10", "9.999", "-3", "1e3", ".5", "+5", "-0", "nan", "-Inf", "Infinity", "0x1p4", "1_0", "1e400", "1e-400", " 5", "10s", "true", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := labcmd.ParseSeconds(s)
		if err != nil {
			if !strings.Contains(err.Error(), "seconds") {
				t.Errorf("ParseSeconds(%q) error %q does not ask for seconds", s, err)
			}
			return
		}
		named := math.IsNaN(v) || math.IsInf(v, 0) && strings.ContainsAny(s, "iI")
		if !named && strings.Trim(s, "0123456789+-.eE") != "" {
			t.Errorf("ParseSeconds(%q) = %v: accepted text that is not a decimal number", s, v)
		}
		want, _ := strconv.ParseFloat(s, 64)
		if want != v && !(math.IsNaN(want) && math.IsNaN(v)) {
			t.Errorf("ParseSeconds(%q) = %v, strconv reads %v", s, v, want)
		}
		short := strconv.FormatFloat(v, 'g', -1, 64)
		if back, err := labcmd.ParseSeconds(short); err != nil || back != v && !math.IsNaN(v) {
			t.Errorf("ParseSeconds(%q) = %v, but ParseSeconds(%q) = %v, %v", s, v, short, back, err)
		}
	})
}
