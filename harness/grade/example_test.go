package grade_test

import (
	"fmt"
	"os"
	"path/filepath"

	"idemlab/harness/grade"
	"idemlab/harness/heldout"
	"idemlab/harness/labrun/testdata/counter"
)

// A class folder lists one entry per name in it: a folder to grade, or a
// flag saying why it is not graded, never skipped in silence. A roster
// adds the students who handed nothing in.
func ExampleReadClass() {
	class, err := os.MkdirTemp("", "grade-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(class)
	for _, dir := range []string{"alice/student", "王伟", ".carol"} {
		os.MkdirAll(filepath.Join(class, dir), 0o755)
	}
	os.WriteFile(filepath.Join(class, "notes.txt"), nil, 0o644)
	os.Symlink("/tmp", filepath.Join(class, "mallory"))

	roster, err := grade.ReadRoster("roster.txt", []byte("# the class\nalice\nbob\n王伟\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	entries, err := grade.ReadClass(class, roster)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range entries {
		fmt.Printf("%s (graded: %v)\n", e.Student, e.Graded())
		for _, f := range e.Flags {
			fmt.Println("  flag:", f)
		}
	}
	// Output:
	// .carol (graded: false)
	//   flag: .carol is a hidden folder (its name starts with '.'): rename it to grade it; not graded
	//   flag: not on the roster
	// alice (graded: true)
	// bob (graded: false)
	//   flag: no submission: no folder bob in the class
	// mallory (graded: false)
	//   flag: mallory is a symbolic link, not a submission folder; not graded
	//   flag: not on the roster
	// notes.txt (graded: false)
	//   flag: notes.txt is a file, not a submission folder; not graded
	//   flag: not on the roster
	// 王伟 (graded: true)
}

// A rubric file sets the weights it names; the others keep the default.
func ExampleParseRubric() {
	r, err := grade.ParseRubric("rubric.json", []byte(`{"prediction_right": 3, "timeout": 0}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	row := grade.Row{Right: 2, OwnKills: 1, Invalid: 1, Timeouts: 1, Flags: []string{"worksheet: ..."}}
	fmt.Println("total:", r.Total(row))

	_, err = grade.ParseRubric("rubric.json", []byte("{\n  \"prediction\": 3\n}"))
	fmt.Println(err)
	// Output:
	// total: 6
	// rubric.json:2: unknown field "prediction"
}

// Shard K/N takes the entries whose place in the sorted class is K-1
// modulo N: the same on every machine.
func ExampleShard_Select() {
	var entries []grade.Entry
	for _, name := range []string{"ann", "ben", "cho", "dev", "eva", "fay", "gus"} {
		entries = append(entries, grade.Entry{Student: name, Dir: name})
	}
	for _, s := range []string{"1/3", "2/3", "3/3", "4/3"} {
		shard, err := grade.ParseShard(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		var names []string
		for _, e := range shard.Select(entries) {
			names = append(names, e.Student)
		}
		fmt.Println(shard, names)
	}
	// Output:
	// 1/3 [ann dev gus]
	// 2/3 [ben eva]
	// 3/3 [cho fay]
	// shard "4/3": want K/N with 1 <= K <= N, as in 2/4
}

// Merge combines the shards' results into what one run of the whole
// class makes, and refuses an incomplete set.
func ExampleMerge() {
	cat := counter.Lab().Catalogue
	shard := func(k int, rows ...grade.Row) *grade.Class {
		return &grade.Class{Schema: grade.Schema, Lab: "counter", Rubric: grade.DefaultRubric, Budgets: grade.DefaultBudgets,
			Mutants: len(cat.Mutants), HeldOut: []heldout.Mutant{}, Shard: &grade.Shard{K: k, N: 2}, Rows: rows}
	}
	ann := grade.Row{Student: "ann", Graded: true, Predicted: 3, Right: 2, OwnObservations: 1, OwnKills: 1, Killed: []string{"1_inc_passes_max"}, Total: 5,
		OwnKillers: []grade.OwnKiller{{Mutant: "1_inc_passes_max", Observations: []string{"student/max"}}},
		Predictions: []grade.PredictionVerdict{{Mutant: "1_inc_passes_max", Right: true, Recorded: "before"},
			{Mutant: "2_inc_returns_old_value", Right: true, Recorded: "before"}, {Mutant: "3_inc_saves_old_value", Miss: grade.MissKiller, Recorded: "before"}}}
	ben := grade.Row{Student: "ben", Graded: true, Predicted: 1, Predictions: []grade.PredictionVerdict{{Mutant: "3_inc_saves_old_value", Miss: grade.MissEvidence, Recorded: "before"}}}
	parts := []*grade.Class{shard(2, ben), shard(1, ann)}

	if _, err := grade.Merge(parts[:1], cat); err != nil {
		fmt.Println(err)
	}
	c, err := grade.Merge(parts, cat)
	if err != nil {
		fmt.Println(err)
		return
	}
	c.CSV(os.Stdout)
	for _, t := range c.Analytics.WrongPredictions {
		fmt.Printf("%s: %d wrong of %d\n", t.Mutant, t.Count, t.Of)
	}
	// Output:
	// merge: 1 results given for 2 shards
	// student,predicted,right,own_observations,refused,own_kills,mutants,held_out_kills,held_out,invalid,flaky,timeouts,flags,total
	// ann,3,2,1,0,1,3,0,0,0,0,0,,5
	// ben,1,0,0,0,0,3,0,0,0,0,0,,0
	// 3_inc_saves_old_value: 2 wrong of 2
	// 1_inc_passes_max: 0 wrong of 1
	// 2_inc_returns_old_value: 0 wrong of 1
}
