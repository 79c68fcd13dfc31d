package search

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
	"pgregory.net/rapid"

	"idemlab/harness/lab"
)

// pools are the values a program has drawn so far, by pool name, each
// once, in the order first drawn: the store's state as far as the search
// can know it without reading any implementation's output, which keeps a
// program the same for a seed whatever the implementations print.
type pools map[string][]string

func (p pools) add(name, v string) {
	if name != "" && !slices.Contains(p[name], v) {
		p[name] = append(p[name], v)
	}
}

// drawer draws one program's arguments.
type drawer struct {
	t     *rapid.T
	pools pools
}

// value draws one value of d. In a line (a WRITE of idem interleave) a
// word is never empty and holds no space: such a value is replaced by the
// domain's first.
func (d *drawer) value(dom lab.Domain, label string, inLine bool) string {
	var v string
	switch dom.Kind {
	case lab.Text:
		v = d.text(dom, label)
	case lab.Number:
		v = d.number(dom, label)
	case lab.Integer:
		v = d.integer(dom, label)
	case lab.JSON:
		v = d.json(dom, label)
	default:
		v = d.literal(dom, label, "")
	}
	if inLine && (v == "" || strings.IndexFunc(v, unicode.IsSpace) >= 0) {
		v = d.literal(dom, label, "x")
		if v == "" || strings.IndexFunc(v, unicode.IsSpace) >= 0 {
			v = "x"
		}
	}
	d.pools.add(dom.Pool, v)
	return v
}

// literal is one of the domain's own values, the first as often as all
// the others (so that keys and fingerprints meet), or def when it has
// none.
func (d *drawer) literal(dom lab.Domain, label, def string) string {
	if len(dom.Values) == 0 {
		return def
	}
	if rapid.IntRange(0, 1).Draw(d.t, label+" typical") == 0 {
		return dom.Values[0]
	}
	return rapid.SampledFrom(dom.Values).Draw(d.t, label)
}

// pooled is a value the domain's pool already holds, or a literal when it
// holds none yet.
func (d *drawer) pooled(dom lab.Domain, label, def string) string {
	vs := d.pools[dom.Pool]
	if len(vs) == 0 {
		return d.literal(dom, label, def)
	}
	return rapid.SampledFrom(vs).Draw(d.t, label)
}

// The ways of drawing a value, in the order a shrunk program prefers
// them: a typical value first. Typical values are drawn more often than
// the others (wayWeights), so that most programs build a store whose
// keys, fingerprints and times meet again, and the odd value is the
// exception in it.
const (
	drawLiteral = iota
	drawPooled
	drawNear
	drawSpecial
	drawFresh
)

var wayWeights = []int{drawLiteral, drawLiteral, drawLiteral, drawPooled, drawPooled, drawNear, drawSpecial, drawFresh}

func (d *drawer) way(label string) int {
	return wayWeights[rapid.IntRange(0, len(wayWeights)-1).Draw(d.t, label+" drawn as")]
}

// textVariants change a text in the ways people overlook: two keys that
// look alike, or that a LIKE or GLOB pattern or a careless comparison
// confuses.
var textVariants = []func(string) string{
	strings.ToUpper,
	strings.ToLower,
	func(s string) string { return s + " " },
	func(s string) string { return " " + s },
	norm.NFD.String,
	norm.NFC.String,
	func(s string) string { // a prefix
		r := []rune(s)
		return string(r[:max(len(r)-1, 0)])
	},
	func(s string) string { return s + "0" },
	func(s string) string { return s + "%" },
	func(s string) string { return lastRune(s, '_') }, // a LIKE pattern's _ matches s
	func(s string) string { return s + "*" },          // a GLOB pattern that matches s
	func(s string) string { return lastRune(s, '?') }, // a GLOB pattern's ? matches s
}

// lastRune is s with its last character replaced by r, or r alone when s
// is empty.
func lastRune(s string, r rune) string {
	rs := []rune(s)
	if len(rs) == 0 {
		return string(r)
	}
	rs[len(rs)-1] = r
	return string(rs)
}

func (d *drawer) text(dom lab.Domain, label string) string {
	switch d.way(label) {
	case drawLiteral:
		return d.literal(dom, label, "a")
	case drawPooled:
		return d.pooled(dom, label, "a")
	case drawNear:
		base := d.pooled(dom, label, "a")
		return textVariants[rapid.IntRange(0, len(textVariants)-1).Draw(d.t, label+" variant")](base)
	case drawSpecial:
		return ""
	default:
		return rapid.StringOfN(rapid.SampledFrom([]rune("abkK1é_ ")), 1, 3, -1).Draw(d.t, label+" fresh")
	}
}

// specialNumbers break arithmetic and comparisons: signed zero, the
// infinities, NaN, the extreme floats, an integer a float cannot hold.
var specialNumbers = []string{"0", "-0", "NaN", "Inf", "-Inf", "1e308", "-1e308", "9007199254740993", "0.1", "-1"}

// deltas are the steps taken from a pooled number (after them come the
// next float either side of it), so that a boundary compared with < where
// <= was meant shows.
var deltas = []float64{0, 1, -1, 0.5, -0.5, 1e-9, -1e-9}

func (d *drawer) number(dom lab.Domain, label string) string {
	switch d.way(label) {
	case drawLiteral:
		return d.literal(dom, label, "0")
	case drawPooled:
		return d.pooled(dom, label, "0")
	case drawNear:
		base, err := strconv.ParseFloat(d.pooled(dom, label, "0"), 64)
		if err != nil || math.IsNaN(base) || math.IsInf(base, 0) {
			return rapid.SampledFrom(specialNumbers).Draw(d.t, label+" special")
		}
		switch i := rapid.IntRange(0, len(deltas)+1).Draw(d.t, label+" step"); i {
		case len(deltas):
			return formatFloat(math.Nextafter(base, math.Inf(1)))
		case len(deltas) + 1:
			return formatFloat(math.Nextafter(base, math.Inf(-1)))
		default:
			return formatFloat(base + deltas[i])
		}
	case drawSpecial:
		return rapid.SampledFrom(specialNumbers).Draw(d.t, label+" special")
	default:
		return strconv.Itoa(rapid.IntRange(-3, 30).Draw(d.t, label+" fresh"))
	}
}

// formatFloat writes v as a plain decimal where it is readable, in
// exponent form where it would be long.
func formatFloat(v float64) string {
	if a := math.Abs(v); a != 0 && (a >= 1e15 || a < 1e-6) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

var extremeIntegers = []string{"-1", "9223372036854775807", "-9223372036854775808", "2147483648", "1000"}

func (d *drawer) integer(dom lab.Domain, label string) string {
	switch d.way(label) {
	case drawLiteral:
		return d.literal(dom, label, "1")
	case drawPooled, drawNear:
		// A pooled value or a pool's size, and one either side.
		var bases []int
		for _, v := range d.pools[dom.Pool] {
			if n, err := strconv.Atoi(v); err == nil {
				bases = append(bases, n)
			}
		}
		for _, p := range dom.Sizes {
			bases = append(bases, len(d.pools[p]))
		}
		if len(bases) == 0 {
			return d.literal(dom, label, "1")
		}
		base := rapid.SampledFrom(bases).Draw(d.t, label+" base")
		return strconv.Itoa(base + rapid.IntRange(-1, 1).Draw(d.t, label+" step"))
	case drawSpecial:
		return rapid.SampledFrom(extremeIntegers).Draw(d.t, label+" special")
	default:
		return strconv.Itoa(rapid.IntRange(-2, 12).Draw(d.t, label+" fresh"))
	}
}

// JSON's kinds, with values chosen to differ only in ways an encoder or a
// comparison may overlook.
var (
	jsonNumbers = []string{"1", "0", "-0", "1.0", "1e2", "-1.5", "9007199254740993", "1e400", "0.1"}
	jsonStrings = []string{`""`, `"a"`, `"A"`, `"é"`, "\"e\u0301\"", `"a b"`, `"\""`, `"\\"`, `"\u0000"`, `"<&>"`, `"null"`}
	jsonKeys    = []string{"a", "b", "A", "é"}
)

func (d *drawer) json(dom lab.Domain, label string) string {
	switch d.way(label) {
	case drawLiteral:
		return d.literal(dom, label, "null")
	case drawPooled:
		return d.pooled(dom, label, "null")
	case drawNear:
		return jsonVariant(d.pooled(dom, label, "null"), rapid.IntRange(0, 2).Draw(d.t, label+" variant"))
	default:
		return d.jsonValue(label, 2)
	}
}

// jsonValue draws a JSON value of any kind, nested at most depth deep.
func (d *drawer) jsonValue(label string, depth int) string {
	kinds := 4
	if depth > 0 {
		kinds = 6
	}
	switch rapid.IntRange(0, kinds-1).Draw(d.t, label+" kind") {
	case 0:
		return "null"
	case 1:
		return strconv.FormatBool(rapid.Bool().Draw(d.t, label+" bool"))
	case 2:
		return rapid.SampledFrom(jsonNumbers).Draw(d.t, label+" number")
	case 3:
		return rapid.SampledFrom(jsonStrings).Draw(d.t, label+" string")
	case 4:
		n := rapid.IntRange(0, 2).Draw(d.t, label+" length")
		items := make([]string, n)
		for i := range items {
			items[i] = d.jsonValue(label, depth-1)
		}
		return "[" + strings.Join(items, ",") + "]"
	default:
		n := rapid.IntRange(0, 2).Draw(d.t, label+" length")
		items := make([]string, n)
		for i := range items {
			k, _ := json.Marshal(rapid.SampledFrom(jsonKeys).Draw(d.t, label+" key"))
			items[i] = string(k) + ":" + d.jsonValue(label, depth-1)
		}
		return "{" + strings.Join(items, ",") + "}"
	}
}

// jsonVariant writes the JSON text v again, meaning the same to JSON: with
// spaces (0), with each object's keys in reverse order (1), or with every
// integer written as a fraction (2). Text that is not JSON is returned as
// it is.
func jsonVariant(v string, how int) string {
	dec := json.NewDecoder(strings.NewReader(v))
	dec.UseNumber()
	var x any
	if dec.Decode(&x) != nil {
		return v
	}
	var b bytes.Buffer
	writeJSON(&b, x, how)
	return b.String()
}

func writeJSON(b *bytes.Buffer, x any, how int) {
	sep, colon := ",", ":"
	if how == 0 {
		sep, colon = ", ", ": "
	}
	switch x := x.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if how == 1 {
			slices.Reverse(keys)
		}
		b.WriteString("{")
		for i, k := range keys {
			if i > 0 {
				b.WriteString(sep)
			}
			kb, _ := json.Marshal(k)
			b.Write(kb)
			b.WriteString(colon)
			writeJSON(b, x[k], how)
		}
		b.WriteString("}")
	case []any:
		b.WriteString("[")
		for i, e := range x {
			if i > 0 {
				b.WriteString(sep)
			}
			writeJSON(b, e, how)
		}
		b.WriteString("]")
	case json.Number:
		s := x.String()
		if how == 2 && !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
		b.WriteString(s)
	default:
		enc := json.NewEncoder(b)
		enc.SetEscapeHTML(false)
		enc.Encode(x)
		b.Truncate(b.Len() - 1) // the encoder's newline
	}
}
