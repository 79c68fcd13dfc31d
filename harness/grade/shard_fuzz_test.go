package grade_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"idemlab/harness/grade"
	"idemlab/mutants"
)

// FuzzReadPartial: a shard's file is untrusted input (a CI artifact
// anyone with the repository's write access could replace). Whatever it
// holds, reading, verifying and merging it returns an error or a class,
// never a panic; and a shard read is read again the same from its own
// JSON, so what is verified is what is merged.
func FuzzReadPartial(f *testing.F) {
	for _, signed := range [][]byte{testKey, nil} {
		for _, p := range gradedShards(f, signed) {
			f.Add([]byte(jsonText(f, p)))
		}
	}
	f.Add([]byte(`{"schema":"idemlab/grade/v2","shard":{"k":1,"n":1},"rows":[{"student":"a","graded":true,"predictions":[{"mutant":"x"}]}]}`))
	f.Add([]byte(`{"schema":"idemlab/grade/v2","shard":{"k":1,"n":1},"feedback":{"../x":"y"},"signature":{"algorithm":"hmac-sha256","mac":"zz"}}`))
	f.Add([]byte("  student  predictions  own kills\n"))
	cat := mutants.Lab().Catalogue
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := grade.ReadPartial("shard.json", data)
		if err != nil {
			return
		}
		again, err := grade.ReadPartial("shard.json", []byte(jsonText(t, c)))
		if err != nil {
			t.Fatalf("a shard read is not read again from its own JSON: %v", err)
		}
		if diff := cmp.Diff(c, again, cmpopts.IgnoreUnexported(grade.Class{}), cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("a shard read again differs (-first +again):\n%s", diff)
		}
		c.Verify(testKey)
		c.CheckShard(grade.Expect{Key: testKey, Unsigned: true, Rubric: c.Rubric})
		grade.Merge([]*grade.Class{c}, cat)
	})
}
