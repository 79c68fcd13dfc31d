package grade_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"idemlab/harness/grade"
	"idemlab/harness/internal/exitcode"
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
