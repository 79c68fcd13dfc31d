package labcmd_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/lab"
	"idemlab/harness/labcmd"
)

// holding names the categories of cats that v belongs to.
func holding(cats []lab.Category, v string) []string {
	var out []string
	for _, c := range cats {
		if c.Holds(v) {
			out = append(out, c.Name)
		}
	}
	return out
}

// TestCategories: each kit category takes the values that stand for it,
// and an argument as a script writes it falls in the categories its
// contract would put it in.
func TestCategories(t *testing.T) {
	sets := map[string][]lab.Category{
		"text": labcmd.TextCategories(), "time": labcmd.TimeCategories(),
		"limit": labcmd.LimitCategories(1, 100), "json": labcmd.JSONCategories(),
	}
	for set, cats := range sets {
		for _, c := range cats {
			for _, v := range c.Values {
				if !c.Holds(v) {
					t.Errorf("%s category %q does not hold its own value %q", set, c.Name, v)
				}
			}
		}
	}
	tests := []struct {
		set, arg string
		want     []string
	}{
		{"text", "k1", []string{"ordinary"}},
		{"text", "", []string{"empty"}},
		{"text", "K1 ", []string{"letter case or surrounding space"}},
		{"text", "a%b", []string{"SQL and pattern metacharacters"}},
		{"text", "caf\u00e9", []string{"composed or decomposed"}},
		{"text", "cafe\u0301", []string{"composed or decomposed"}},
		{"text", "\xff", []string{"not valid UTF-8"}},
		{"text", strings.Repeat("k", 300), []string{"ordinary", "very long"}},
		{"time", "10", []string{"ordinary"}},
		{"time", "-0", []string{"zero and minus zero"}},
		{"time", "-2.5", []string{"negative", "fractions"}},
		{"time", "10000", []string{"another scale (milliseconds)"}},
		{"time", "NaN", []string{"infinities and NaN"}},
		{"time", "ten", nil},
		{"limit", "1", []string{"the lower bound"}},
		{"limit", "100", []string{"the upper bound"}},
		{"limit", "50", []string{"within the bounds"}},
		{"limit", "101", []string{"one past a bound"}},
		{"limit", "-5", []string{"far outside the bounds"}},
		{"json", `{}`, []string{"object", "falsy (false, \"\", 0, [], {})"}},
		{"json", `[1]`, []string{"array"}},
		{"json", `null`, []string{"null"}},
		{"json", `0`, []string{"number", "falsy (false, \"\", 0, [], {})"}},
		{"json", `not json`, nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, holding(sets[tt.set], tt.arg)); diff != "" {
			t.Errorf("%s %q: categories (-want +got):\n%s", tt.set, tt.arg, diff)
		}
	}
}

// TestStates: each kit state holds on the scripts that build it and on
// no other.
func TestStates(t *testing.T) {
	line := func(sub string, args ...string) lab.ScriptLine {
		return lab.ScriptLine{Cmd: "idem", Sub: sub, Args: args}
	}
	stored := []labcmd.TimeOf{labcmd.ArgTime("reserve", 2)}
	asked := []labcmd.TimeOf{labcmd.ArgTime("fetch", 1)}
	tests := []struct {
		state lab.State
		holds [][]lab.ScriptLine
		not   [][]lab.ScriptLine
	}{
		{labcmd.OnABoundary(stored, asked),
			[][]lab.ScriptLine{{line("reserve", "k", "v", "10"), line("fetch", "k", "10")}},
			[][]lab.ScriptLine{{line("reserve", "k", "v", "10"), line("fetch", "k", "9")}, {line("fetch", "k", "10"), line("reserve", "k", "v", "10")}}},
		{labcmd.AroundABoundary(stored, asked),
			[][]lab.ScriptLine{{line("reserve", "a", "v", "5"), line("reserve", "b", "v", "15"), line("fetch", "a", "10")}},
			[][]lab.ScriptLine{{line("reserve", "a", "v", "5"), line("fetch", "a", "10")}}},
		{labcmd.SameRequestTwice("reserve"),
			[][]lab.ScriptLine{{line("reserve", "k", "v", "10"), line("reserve", "k", "v", "10")}},
			[][]lab.ScriptLine{{line("reserve", "k", "v", "10"), line("reserve", "k", "v", "11")}}},
		{labcmd.StoreRecreated("init"),
			[][]lab.ScriptLine{{line("init"), {Cmd: "rm", Args: []string{"store.db"}}, line("init")}},
			[][]lab.ScriptLine{{line("init"), line("init")}}},
		{labcmd.SecondClient("interleave"),
			[][]lab.ScriptLine{{line("interleave", "purge 10", "reserve k v 1")}},
			[][]lab.ScriptLine{{line("purge", "10")}}},
		{labcmd.RowsOfEachStatus("pending beside done", "reserve", "finish"),
			[][]lab.ScriptLine{{line("reserve", "a", "v", "10"), line("reserve", "b", "v", "10"), line("finish", "a", "v", "1")}},
			[][]lab.ScriptLine{{line("reserve", "a", "v", "10"), line("finish", "a", "v", "1")}, {line("reserve", "a", "v", "10")}}},
		{labcmd.MoreRowsThanLimit("reserve", 1, "purge"),
			[][]lab.ScriptLine{{line("reserve", "a", "v", "1"), line("reserve", "b", "v", "1"), line("purge", "10", "1")}},
			[][]lab.ScriptLine{{line("reserve", "a", "v", "1"), line("purge", "10", "1")}}},
	}
	for _, tt := range tests {
		for i, lines := range tt.holds {
			if !tt.state.Holds(lines) {
				t.Errorf("%s: script %d does not build it: %v", tt.state.Name, i, lines)
			}
		}
		for i, lines := range tt.not {
			if tt.state.Holds(lines) {
				t.Errorf("%s: other script %d builds it: %v", tt.state.Name, i, lines)
			}
		}
	}
}
