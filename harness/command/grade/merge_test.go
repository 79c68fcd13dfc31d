package grade

import (
	"flag"
	"testing"

	"github.com/google/go-cmp/cmp"

	grading "idemlab/harness/grade"
)

// TestMergeLab: grade merge reads the shards as the lab they record, and
// refuses shards of two labs, or of a lab other than the one -lab names,
// naming the files and the labs.
func TestMergeLab(t *testing.T) {
	for _, tc := range []struct {
		name string
		flag []string
		labs []string // what each shard records, a.json then b.json
		want string   // the lab's name, or the error
	}{
		{"the lease lab's shards", nil, []string{"lease", "lease"}, "lease"},
		{"the first lab's shards", nil, []string{"idemstore", "idemstore"}, "idemstore"},
		{"-lab agrees", []string{"-lab", "lease"}, []string{"lease", "lease"}, "lease"},
		{"shards that record no lab", []string{"-lab", "lease"}, []string{"", ""}, "lease"},
		{"-lab disagrees", []string{"-lab", "idemstore"}, []string{"lease", "lease"},
			`a.json records lab "lease", but -lab names lab "idemstore": drop -lab to read it as lab lease`},
		{"shards of two labs", nil, []string{"lease", "idemstore"},
			`a.json records lab "lease", b.json lab "idemstore": merge the shards of one lab`},
		{"an unknown lab", nil, []string{"nope", "nope"},
			`a.json records lab "nope": no lab called "nope"; the labs are idemstore, lease, counter, ` + relaidName},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := flag.NewFlagSet("grade merge", flag.ContinueOnError)
			var name string
			testLabs.Define(fs, &name)
			if err := fs.Parse(append(tc.flag, "a.json", "b.json")); err != nil {
				t.Fatal(err)
			}
			var parts []*grading.Class
			for _, l := range tc.labs {
				parts = append(parts, &grading.Class{Lab: l})
			}
			got := ""
			if l, err := mergeLab(testLabs, fs, name, parts); err != nil {
				got = err.Error()
			} else {
				got = l.Name
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("mergeLab (-want +got):\n%s", diff)
			}
		})
	}
}
