package grade_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/grade"
	"idemlab/harness/heldout"
	"idemlab/mutants"
)

// testKey is the instructor's key in these tests.
var testKey = []byte("the instructor's key, 32 bytes!!")

// testInputs are what the test shards say they were graded with.
var testInputs = grade.Inputs{Rubric: grade.RubricDigest(grade.DefaultRubric), Observations: grade.Digest([]byte("observations")), Class: grade.Digest([]byte("class"))}

// gradedShards are the two shards of a class of three as grading writes
// them, every field of every row consistent with the others, read back
// from their JSON: alice (shard 1) predicted one mutant before its answer
// and one after, killed one and wrote an invalid observation; bob (shard
// 2) predicted one wrong with no history and wrote a flaky observation;
// carol (shard 1) handed nothing in. With key, each is signed.
func gradedShards(t testing.TB, key []byte) []*grade.Class {
	t.Helper()
	m := mutantNames()
	alice := grade.Row{Student: "alice", Graded: true, Predicted: 2, Right: 2, AfterReveal: 1, RightAfterReveal: 1,
		Predictions:     []grade.PredictionVerdict{{Mutant: m[0], Right: true, Recorded: "before"}, {Mutant: m[1], Right: true, Recorded: "after"}},
		OwnObservations: 3, Invalid: 1, OwnKills: 1, Killed: []string{m[0]}, KilledHeldOut: []string{},
		OwnKillers:   []grade.OwnKiller{{Mutant: m[0], Observations: []string{"student/good"}}},
		Flags:        []string{"invalid: student/bad fails on the reference at student/bad.txtar:4: want pending"},
		Expectations: []grade.Expectation{{Observation: "student/bad", Mutants: []string{m[2]}}}, Lang: "en", Isolation: "bubblewrap"}
	bob := grade.Row{Student: "bob", Graded: true, Predicted: 1, AfterReveal: 1,
		Predictions:     []grade.PredictionVerdict{{Mutant: m[3], Miss: grade.MissKiller}},
		OwnObservations: 1, Flaky: 1, Killed: []string{}, KilledHeldOut: []string{}, OwnKillers: []grade.OwnKiller{}, Expectations: []grade.Expectation{},
		Flags: []string{"flaky: student/f gave different results on the same code"}, Lang: "zh-CN", Isolation: "bubblewrap"}
	carol := grade.Row{Student: "carol", Flags: []string{"not on the roster"}, Killed: []string{}, KilledHeldOut: []string{},
		Predictions: []grade.PredictionVerdict{}, Expectations: []grade.Expectation{}, OwnKillers: []grade.OwnKiller{}}
	var parts []*grade.Class
	for k, rows := range [][]grade.Row{{alice, carol}, {bob}} {
		c := &grade.Class{Schema: grade.Schema, Lab: "idemstore", Rubric: grade.DefaultRubric, Budgets: grade.DefaultBudgets,
			Mutants: len(m), HeldOut: []heldout.Mutant{}, Shard: &grade.Shard{K: k + 1, N: 2}, Rows: rows}
		c.Feedback = map[string]string{}
		for i := range c.Rows {
			c.Rows[i].Total = c.Rubric.Total(c.Rows[i])
			if c.Rows[i].Graded {
				c.Feedback[c.Rows[i].Student] = "Your grade, " + c.Rows[i].Student + ":\n"
			}
		}
		if key != nil {
			if err := c.Sign(key, testInputs); err != nil {
				t.Fatal(err)
			}
		}
		parts = append(parts, roundTripAs(t, fmt.Sprintf("shard%d.json", k+1), c))
	}
	return parts
}

func mutantNames() []string {
	var out []string
	for _, m := range mutants.Lab().Catalogue.Mutants {
		out = append(out, m.Name)
	}
	return out
}

// retotal recomputes every total with the shard's own rubric, as a
// careful editor would.
func retotal(parts []*grade.Class) {
	for _, p := range parts {
		for i := range p.Rows {
			p.Rows[i].Total = p.Rubric.Total(p.Rows[i])
		}
	}
}

// rows indexes the shards' rows by student, to edit them in place.
func rows(parts []*grade.Class) map[string]*grade.Row {
	out := map[string]*grade.Row{}
	for _, p := range parts {
		for i := range p.Rows {
			out[p.Rows[i].Student] = &p.Rows[i]
		}
	}
	return out
}

// TestMergeRefusesCarefulEdits: the edits of issue 29's finding 5, each
// made with care (every total recomputed), are refused by grade merge:
// a signed shard by its signature; an unsigned one, merged with
// -unsigned, by the checks of each row's fields against each other and
// of the rubric against the one the instructor names (want "" where only
// a signature can tell: an edit that leaves no field disagreeing).
func TestMergeRefusesCarefulEdits(t *testing.T) {
	m := mutantNames()
	for _, tc := range []struct {
		name     string
		edit     func(r map[string]*grade.Row, parts []*grade.Class)
		unsigned string
	}{
		{"after_reveal zeroed while the predictions say after", func(r map[string]*grade.Row, _ []*grade.Class) {
			r["alice"].AfterReveal, r["alice"].RightAfterReveal = 0, 0
		}, "shard1.json (shard 1/2): rows[0] (alice): after_reveal 0 and right_after_reveal 0, but the predictions record 1 not before their answer, 1 of them right"},
		{"a prediction's recorded made up", func(r map[string]*grade.Row, _ []*grade.Class) {
			r["alice"].Predictions[1].Recorded = "soon"
		}, `shard1.json (shard 1/2): rows[0] (alice): predictions[1].recorded is "soon": want before, after or nothing`},
		{"killed widened, own_killers left alone", func(r map[string]*grade.Row, _ []*grade.Class) {
			r["alice"].Killed, r["alice"].OwnKills = append(r["alice"].Killed, m[1], m[2]), 3
		}, fmt.Sprintf("shard1.json (shard 1/2): rows[0] (alice): %q is counted killed, but own_killers names no observation that kills it", m[1])},
		{"killed widened where own_killers is empty", func(r map[string]*grade.Row, _ []*grade.Class) {
			r["bob"].Killed, r["bob"].OwnKills = []string{m[0]}, 1
		}, fmt.Sprintf("shard2.json (shard 2/2): rows[0] (bob): %q is counted killed, but own_killers names no observation that kills it", m[0])},
		{"the flags removed", func(r map[string]*grade.Row, _ []*grade.Class) {
			r["alice"].Flags, r["bob"].Flags = []string{}, []string{}
		}, "shard1.json (shard 1/2): rows[0] (alice): invalid is 1, but 0 flags say invalid"},
		{"the flaky flag removed", func(r map[string]*grade.Row, _ []*grade.Class) { r["bob"].Flags = []string{} },
			"shard2.json (shard 2/2): rows[0] (bob): flaky is 1, but 0 flags say flaky"},
		{"a student who handed nothing in given kills", func(r map[string]*grade.Row, _ []*grade.Class) {
			r["carol"].Killed, r["carol"].OwnKills = []string{m[0]}, 1
			r["carol"].OwnKillers = []grade.OwnKiller{{Mutant: m[0], Observations: []string{"student/x"}}}
		}, "shard1.json (shard 1/2): rows[1] (carol): graded is false, but the row counts what only a submission read gives"},
		{"the rubric changed in both shards", func(_ map[string]*grade.Row, parts []*grade.Class) {
			for _, p := range parts {
				p.Rubric.OwnKill, p.Rubric.PredictionAfterReveal = 10, 2
			}
		}, "shard1.json (shard 1/2): rubric: graded with another rubric"},
		{"an invalid observation erased whole (flag, count and expectation)", func(r map[string]*grade.Row, _ []*grade.Class) {
			r["alice"].Flags, r["alice"].Invalid, r["alice"].Expectations = []string{}, 0, []grade.Expectation{}
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, signed := range []bool{true, false} {
				var parts []*grade.Class
				if signed {
					parts = gradedShards(t, testKey)
				} else {
					parts = gradedShards(t, nil)
				}
				tc.edit(rows(parts), parts)
				retotal(parts)
				want := tc.unsigned
				if signed {
					want = "shard1.json (shard 1/2): signature: does not match: the shard was changed after it was signed"
					if strings.Contains(tc.name, "bob") || strings.Contains(tc.unsigned, "shard2.json") {
						want = "shard2.json (shard 2/2): signature: does not match"
					}
				}
				err := mergeErr(parts, grade.Expect{Key: testKey, Unsigned: !signed, Rubric: grade.DefaultRubric})
				switch {
				case want == "" && err != nil:
					t.Errorf("signed %v: %v; want it merged (only a signature tells this edit)", signed, err)
				case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
					t.Errorf("signed %v: merge = %v; want an error containing %q", signed, err, want)
				}
			}
		})
	}
}

// mergeErr checks each shard as grade merge does, then merges them.
func mergeErr(parts []*grade.Class, e grade.Expect) error {
	for _, p := range parts {
		if _, err := p.CheckShard(e); err != nil {
			return err
		}
	}
	_, err := grade.Merge(parts, mutants.Lab().Catalogue)
	return err
}

// TestShardSignature: a shard signed with the instructor's key merges
// unchanged, whatever its layout on disk; one signed with another key,
// or graded with another rubric, held-out catalogue or roster than the
// instructor names, is refused; an unsigned one only with Unsigned, and
// with a warning.
func TestShardSignature(t *testing.T) {
	expect := grade.Expect{Key: testKey, Rubric: grade.DefaultRubric}
	kinder := grade.DefaultRubric
	kinder.PredictionAfterReveal = 1
	for _, tc := range []struct {
		name    string
		key     []byte
		expect  func(e grade.Expect) grade.Expect
		want    string // the error, or "" merged
		warning string
	}{
		{"as signed", testKey, nil, "", ""},
		{"another key", []byte("another key, also of 32 bytes..."), nil, "shard1.json (shard 1/2): signature: signed with another key (key id " + grade.KeyID([]byte("another key, also of 32 bytes...")), ""},
		{"another rubric named", testKey, func(e grade.Expect) grade.Expect { e.Rubric = kinder; return e },
			"shard1.json (shard 1/2): rubric: graded with another rubric (2 per prediction right, 0 per", ""},
		{"a held-out catalogue named", testKey, func(e grade.Expect) grade.Expect { e.HeldOut = grade.Digest([]byte("{}")); return e },
			"signature.inputs.held_out: graded with another held-out catalogue (none) than the -heldout FILE given", ""},
		{"a roster named", testKey, func(e grade.Expect) grade.Expect { e.Roster = grade.Digest([]byte("alice\n")); return e },
			"signature.inputs.roster: graded with another roster (none)", ""},
		{"another class", testKey, func(e grade.Expect) grade.Expect { e.Class = grade.Digest([]byte("other")); return e },
			"signature.inputs.class: graded a class listed otherwise", ""},
		{"unsigned", nil, nil, "shard1.json (shard 1/2): not signed: sign shards", ""},
		{"unsigned, accepted", nil, func(e grade.Expect) grade.Expect { e.Unsigned = true; return e }, "", "shard1.json (shard 1/2) is not signed: nothing shows its rows are what grading wrote"},
		{"signed, no key to verify", testKey, func(e grade.Expect) grade.Expect { e.Key, e.Unsigned = nil, true; return e }, "", "shard1.json (shard 1/2) is signed, but with no key its signature is not verified"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			parts := gradedShards(t, tc.key)
			e := expect
			if tc.expect != nil {
				e = tc.expect(e)
			}
			warning, err := parts[0].CheckShard(e)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if tc.want == "" && err != nil || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("CheckShard = %q; want %q", got, tc.want)
			}
			if warning != tc.warning {
				t.Errorf("CheckShard's warning = %q; want %q", warning, tc.warning)
			}
		})
	}
}

// TestSignedShardsMergeUnchanged: signed shards, rewritten in another
// layout (compact, keys reordered), verify and merge to the rows they
// hold; the merged class carries neither signature nor feedback, which
// WriteFeedback writes instead, one file a graded student.
func TestSignedShardsMergeUnchanged(t *testing.T) {
	parts := gradedShards(t, testKey)
	for i, p := range parts {
		compact, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var generic map[string]any // encoding/json writes a map's keys sorted: another order
		if err := json.Unmarshal(compact, &generic); err != nil {
			t.Fatal(err)
		}
		sorted, _ := json.Marshal(generic)
		if parts[i], err = grade.ReadPartial(fmt.Sprintf("shard%d.json", i+1), sorted); err != nil {
			t.Fatal(err)
		}
	}
	if err := mergeErr(parts, grade.Expect{Key: testKey, Rubric: grade.DefaultRubric}); err != nil {
		t.Fatal(err)
	}
	c, err := grade.Merge(parts, mutants.Lab().Catalogue)
	if err != nil {
		t.Fatal(err)
	}
	var students []string
	for _, r := range c.Rows {
		students = append(students, r.Student)
	}
	if diff := cmp.Diff([]string{"alice", "bob", "carol"}, students); diff != "" {
		t.Errorf("merged rows (-want +got):\n%s", diff)
	}
	if c.Signature != nil || c.Feedback != nil || c.Shard != nil {
		t.Errorf("the merged class keeps a shard's signature %v, feedback %v or shard %v", c.Signature, c.Feedback, c.Shard)
	}
	dir := t.TempDir()
	if err := grade.WriteFeedback(dir, parts); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"alice", "bob"} {
		if got := readFile(t, dir+"/"+s+".txt"); got != "Your grade, "+s+":\n" {
			t.Errorf("%s.txt = %q", s, got)
		}
	}
}

// TestMergeRefusesForeignFeedback: a shard's feedback names only its
// own graded students' files, so no name reaches outside -feedback DIR.
func TestMergeRefusesForeignFeedback(t *testing.T) {
	for _, name := range []string{"../evil", "bob", "carol", "alice~x", "/etc/passwd", ""} {
		parts := gradedShards(t, nil)
		parts[0].Feedback[name] = "pwned"
		err := mergeErr(parts, grade.Expect{Unsigned: true, Rubric: grade.DefaultRubric})
		if want := fmt.Sprintf("feedback: %q is not the file of a student the shard graded", name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("feedback %q: merge = %v; want %q", name, err, want)
		}
	}
	parts := gradedShards(t, nil)
	parts[0].Feedback["alice~2"] = "the second alice"
	if err := mergeErr(parts, grade.Expect{Unsigned: true, Rubric: grade.DefaultRubric}); err != nil {
		t.Errorf("feedback alice~2, a name that collided: %v", err)
	}
}

// TestReadPartialNamesTheFormat: a class written in another format than
// JSON is named as what it is, not misread as bad JSON.
func TestReadPartialNamesTheFormat(t *testing.T) {
	parts := gradedShards(t, nil)
	var table, csv bytes.Buffer
	if err := parts[0].Table(&table); err != nil {
		t.Fatal(err)
	}
	if err := parts[0].CSV(&csv); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, data, want string }{
		{"a table", table.String(), "s.txt: a class table (grade -format table), not a shard's JSON: grade -shard K/N writes JSON; grade the shard again"},
		{"a CSV", csv.String(), "s.txt: a class CSV (grade -format csv), not a shard's JSON"},
		{"Canvas", "Student,ID,SIS User ID\n", "s.txt: a gradebook's import file (grade -format canvas or moodle)"},
		{"Moodle", "\uFEFFFull name,ID number\n", "s.txt: a gradebook's import file"},
		{"a page", "<!DOCTYPE html>\n<html>", "s.txt: an HTML page"},
		{"nothing", " \n", "s.txt: an empty file"},
		{"anything else", "hello\nworld", `s.txt: a file that starts "hello", not a shard's JSON`},
		{"JSON that is not a class", `{"rows": 3}`, "s.txt:1: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := grade.ReadPartial("s.txt", []byte(tc.data))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("ReadPartial = %v; want an error starting %q", err, tc.want)
			}
		})
	}
}

// TestCheckKey: a key a person could type by guessing is refused.
func TestCheckKey(t *testing.T) {
	if err := grade.CheckKey([]byte("short")); err == nil || !strings.Contains(err.Error(), "the shard key has 5 bytes; want at least 16") {
		t.Errorf("CheckKey(short) = %v", err)
	}
	if err := grade.CheckKey(testKey); err != nil {
		t.Errorf("CheckKey(testKey) = %v", err)
	}
	whole := &grade.Class{}
	if err := whole.Sign(testKey, testInputs); err == nil {
		t.Error("Sign signed a whole class")
	}
}
