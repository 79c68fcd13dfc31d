package labcmd

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"idemlab/harness/lab"
)

// The kit's input categories (the category-partition method), for a lab's
// domains to list: what a contract's text, times, limits and JSON values
// distinguish, or a store is likely to mishandle. Each matches an
// argument as a script line writes it; a lab adds its own beside them.

// TextCategories are the categories of a text argument such as a key.
func TextCategories() []lab.Category {
	return []lab.Category{
		{Name: "ordinary", Values: []string{"k1"}, Match: func(v string) bool {
			return v != "" && strings.IndexFunc(v, func(r rune) bool { return !ordinaryRune(r) }) < 0
		}},
		{Name: "empty", Values: []string{""}},
		{Name: "letter case or surrounding space", Values: []string{"K1", "k1 "}, Match: func(v string) bool {
			return strings.IndexFunc(v, unicode.IsUpper) >= 0 || (v != "" && v != strings.TrimSpace(v))
		}},
		{Name: "SQL and pattern metacharacters", Values: []string{"'", "%", "_", "*", "?", ";"}, Match: func(v string) bool {
			return strings.ContainsAny(v, `'"%_*?;[\`)
		}},
		{Name: "very long", Values: []string{strings.Repeat("k", 300)}, Match: func(v string) bool { return len(v) >= 256 }},
		{Name: "not valid UTF-8", Values: []string{"\xff"}, Match: func(v string) bool { return !utf8.ValidString(v) }},
		{Name: "composed or decomposed", Values: []string{"\u00e9", "e\u0301"}, Match: func(v string) bool {
			return utf8.ValidString(v) && !norm.NFD.IsNormalString(v) || strings.IndexFunc(v, func(r rune) bool { return unicode.Is(unicode.Mn, r) }) >= 0
		}},
	}
}

func ordinaryRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '.'
}

// TimeCategories are the categories of a time in seconds.
func TimeCategories() []lab.Category {
	num := func(test func(float64) bool) func(string) bool {
		return func(v string) bool {
			f, err := ParseSeconds(v)
			return err == nil && test(f)
		}
	}
	finite := func(f float64) bool { return !math.IsInf(f, 0) && !math.IsNaN(f) }
	return []lab.Category{
		{Name: "ordinary", Values: []string{"10"}, Match: num(func(f float64) bool { return f > 0 && f < 1000 && f == math.Trunc(f) })},
		{Name: "zero and minus zero", Values: []string{"0", "-0"}, Match: num(func(f float64) bool { return f == 0 })},
		{Name: "negative", Values: []string{"-5"}, Match: num(func(f float64) bool { return f < 0 && finite(f) })},
		{Name: "fractions", Values: []string{"9.999", "10.5"}, Match: num(func(f float64) bool { return finite(f) && f != math.Trunc(f) })},
		{Name: "another scale (milliseconds)", Values: []string{"10000"}, Match: num(func(f float64) bool { return finite(f) && math.Abs(f) >= 1000 })},
		{Name: "infinities and NaN", Values: []string{"Inf", "-Inf", "NaN"}, Match: num(func(f float64) bool { return !finite(f) })},
	}
}

// LimitCategories are the categories of a limit whose contract bounds are
// lo and hi.
func LimitCategories(lo, hi int) []lab.Category {
	n := func(test func(int64) bool) func(string) bool {
		return func(v string) bool {
			i, err := strconv.ParseInt(v, 10, 64)
			return err == nil && test(i)
		}
	}
	in := func(i int64) bool { return i >= int64(lo) && i <= int64(hi) }
	return []lab.Category{
		{Name: "the lower bound", Values: []string{strconv.Itoa(lo)}, Match: n(func(i int64) bool { return i == int64(lo) })},
		{Name: "the upper bound", Values: []string{strconv.Itoa(hi)}, Match: n(func(i int64) bool { return i == int64(hi) })},
		{Name: "within the bounds", Values: []string{strconv.Itoa((lo + hi) / 2)}, Match: n(func(i int64) bool { return in(i) && i != int64(lo) && i != int64(hi) })},
		{Name: "one past a bound", Values: []string{strconv.Itoa(lo - 1), strconv.Itoa(hi + 1)}, Match: n(func(i int64) bool { return i == int64(lo)-1 || i == int64(hi)+1 })},
		{Name: "far outside the bounds", Values: []string{"-1", "9223372036854775807"}, Match: n(func(i int64) bool { return i < int64(lo)-1 || i > int64(hi)+1 })},
	}
}

// JSONCategories are the categories of a JSON value: each kind, and the
// falsy values a careless store takes for "none".
func JSONCategories() []lab.Category {
	kind := func(test func(any) bool) func(string) bool {
		return func(v string) bool {
			var x any
			return json.Unmarshal([]byte(v), &x) == nil && test(x)
		}
	}
	return []lab.Category{
		{Name: "object", Values: []string{`{"receipt":1}`}, Match: kind(func(x any) bool { _, ok := x.(map[string]any); return ok })},
		{Name: "array", Values: []string{`[1,2]`}, Match: kind(func(x any) bool { _, ok := x.([]any); return ok })},
		{Name: "string", Values: []string{`"ok"`}, Match: kind(func(x any) bool { _, ok := x.(string); return ok })},
		{Name: "number", Values: []string{`1.5`}, Match: kind(func(x any) bool { _, ok := x.(float64); return ok })},
		{Name: "boolean", Values: []string{`true`}, Match: kind(func(x any) bool { _, ok := x.(bool); return ok })},
		{Name: "null", Values: []string{`null`}, Match: kind(func(x any) bool { return x == nil })},
		{Name: "falsy (false, \"\", 0, [], {})", Values: []string{`false`, `""`, `0`, `[]`, `{}`}, Match: kind(falsy)},
	}
}

func falsy(x any) bool {
	switch v := x.(type) {
	case bool:
		return !v
	case string:
		return v == ""
	case float64:
		return v == 0
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}
