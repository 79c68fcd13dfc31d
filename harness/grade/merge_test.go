package grade_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"idemlab/harness/exitcode"
	"idemlab/harness/grade"
	"idemlab/harness/heldout"
	"idemlab/mutants"
)

// TestMergeRefuses: what is not the N shards of one grading is an error,
// never a panic or a partial class.
func TestMergeRefuses(t *testing.T) {
	shard := func(k, n int, students ...string) *grade.Class {
		c := &grade.Class{Shard: &grade.Shard{K: k, N: n}}
		for _, s := range students {
			c.Rows = append(c.Rows, grade.Row{Student: s})
		}
		return c
	}
	for _, tc := range []struct {
		name  string
		parts []*grade.Class
		want  string
	}{
		{"nothing", nil, "no shards"},
		{"a whole class", []*grade.Class{{}}, "a whole class is not a shard's result"},
		{"a whole class beside a shard", []*grade.Class{shard(1, 2, "a"), {}}, "a whole class is not a shard's result"},
		{"a shard missing", []*grade.Class{shard(1, 2, "a")}, "1 results given for 2 shards"},
		{"a student twice", []*grade.Class{shard(1, 2, "a"), shard(2, 2, "a")}, "a is graded in shard 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := grade.Merge(tc.parts, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Merge = %v, %v; want an error containing %q", c, err, tc.want)
			}
		})
	}
}

func TestStatus(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want int
	}{
		{nil, exitcode.OK},
		{&grade.UnsoundError{Err: errors.New("edge/x fails on the reference")}, exitcode.Broken},
		{fmt.Errorf("grading: %w", &grade.UnsoundError{Err: errors.New("flaky")}), exitcode.Broken},
		{errors.New("disk full"), exitcode.Internal},
	} {
		if got := grade.Status(tc.err); got != tc.want {
			t.Errorf("Status(%v) = %d, want %d", tc.err, got, tc.want)
		}
	}
}

// TestMergeChecksRows: a shard edited before the merge (a total raised,
// more predictions right than made, a student made up, a mutant that
// does not exist, an observation that is not a student's) is refused,
// naming the shard's file, the row and the field.
func TestMergeChecksRows(t *testing.T) {
	cat := mutants.Lab().Catalogue
	shards := func(edit func(rows map[string]*grade.Row, second *grade.Class)) []*grade.Class {
		var parts []*grade.Class
		for k, students := range [][]string{{"alice", "carol"}, {"bob"}} {
			c := &grade.Class{Schema: grade.Schema, Rubric: grade.DefaultRubric, Shard: &grade.Shard{K: k + 1, N: 2}, HeldOut: []heldout.Mutant{}}
			for _, s := range students {
				c.Rows = append(c.Rows, grade.Row{Student: s, Flags: []string{}, Killed: []string{}, KilledHeldOut: []string{}})
			}
			parts = append(parts, c)
		}
		rows := map[string]*grade.Row{}
		for _, p := range parts {
			for i := range p.Rows {
				rows[p.Rows[i].Student] = &p.Rows[i]
			}
		}
		edit(rows, parts[1])
		for i, p := range parts {
			parts[i] = roundTripAs(t, fmt.Sprintf("shard%d.json", i+1), p)
		}
		return parts
	}
	if _, err := grade.Merge(shards(func(map[string]*grade.Row, *grade.Class) {}), cat); err != nil {
		t.Fatalf("the shards as graded: %v", err)
	}
	for _, tc := range []struct {
		name string
		edit func(rows map[string]*grade.Row, second *grade.Class)
		want string
	}{
		{"total raised", func(r map[string]*grade.Row, _ *grade.Class) { r["bob"].Total = 100 },
			"shard2.json (shard 2/2): rows[0] (bob): total is 100, but the rubric gives 0"},
		{"nine of five right", func(r map[string]*grade.Row, _ *grade.Class) {
			r["bob"].Predicted, r["bob"].Right = 5, 9
			r["bob"].Total = grade.DefaultRubric.Total(*r["bob"])
		}, "shard2.json (shard 2/2): rows[0] (bob): right is 9, more than the 5 predicted"},
		{"a student moved", func(_ map[string]*grade.Row, second *grade.Class) {
			second.Rows = append([]grade.Row{{Student: "aaron", Flags: []string{}, Killed: []string{}, KilledHeldOut: []string{}}}, second.Rows...)
		}, "does not belong to it"},
		{"a mutant that does not exist", func(r map[string]*grade.Row, _ *grade.Class) {
			r["bob"].Killed, r["bob"].OwnKills = []string{"9_made_up"}, 1
			r["bob"].Total = grade.DefaultRubric.Total(*r["bob"])
		}, `shard2.json (shard 2/2): rows[0] (bob): killed: "9_made_up" is not a mutant of the lab`},
		{"kills that are not counted", func(r map[string]*grade.Row, _ *grade.Class) { r["alice"].OwnKills = 3 },
			"shard1.json (shard 1/2): rows[0] (alice): own_kills is 3, but killed names 0 mutants"},
		{"an observation that is not the student's", func(r map[string]*grade.Row, _ *grade.Class) {
			r["bob"].Killed, r["bob"].OwnKills = []string{cat.Mutants[0].Name}, 1
			r["bob"].OwnKillers = []grade.OwnKiller{{Mutant: cat.Mutants[0].Name, Observations: []string{"edge/counts_sees_pending"}}}
			r["bob"].Total = grade.DefaultRubric.Total(*r["bob"])
		}, `own_killers: "edge/counts_sees_pending" is not a student's own observation`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := grade.Merge(shards(tc.edit), cat)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Merge = %v, %v; want an error containing %q", c, err, tc.want)
			}
		})
	}
}

// TestMergeChecksMembers: a student made up and sorted last keeps every
// other row in its shard's place; the class folder's listing shows it.
func TestMergeChecksMembers(t *testing.T) {
	merged := &grade.Class{Rows: []grade.Row{{Student: "alice"}, {Student: "bob"}, {Student: "carol"}, {Student: "zed"}}}
	entries := []grade.Entry{{Student: "alice"}, {Student: "bob"}, {Student: "carol"}}
	if err := merged.CheckMembers(entries); err == nil || err.Error() != "merge: rows[3].student: zed is not in the class" {
		t.Errorf("CheckMembers = %v, want zed refused", err)
	}
	if err := merged.CheckMembers(append(entries, grade.Entry{Student: "zed"}, grade.Entry{Student: "yan"})); err == nil || err.Error() != "merge: yan is in the class but no shard graded it" {
		t.Errorf("CheckMembers = %v, want yan missing", err)
	}
	if err := merged.CheckMembers(append(entries, grade.Entry{Student: "zed"})); err != nil {
		t.Errorf("CheckMembers = %v, want nil", err)
	}
}

// roundTripAs writes a shard's result as JSON and reads it back from file.
func roundTripAs(t testing.TB, file string, c *grade.Class) *grade.Class {
	t.Helper()
	back, err := grade.ReadPartial(file, []byte(jsonText(t, c)))
	if err != nil {
		t.Fatal(err)
	}
	return back
}
