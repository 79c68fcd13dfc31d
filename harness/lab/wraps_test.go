package lab_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/lab"
)

// TestWraps: the note names the sentinels in order, and Wrapped reads
// them back from a message that ends with it; a message without one
// wraps none.
func TestWraps(t *testing.T) {
	note := lab.Wraps([]string{"ErrB", "ErrA"})
	if note != " (wraps ErrA, ErrB)" {
		t.Fatalf("Wraps = %q", note)
	}
	for _, tt := range []struct {
		msg  string
		want []string
	}{
		{"Purge: invalid limit (got 0)" + note, []string{"ErrA", "ErrB"}},
		{"Purge: invalid limit (got 0)", nil},
		{"", nil},
		{"odd (wraps ErrA) and more", nil},
	} {
		if diff := cmp.Diff(tt.want, lab.Wrapped(tt.msg)); diff != "" {
			t.Errorf("Wrapped(%q) (-want +got):\n%s", tt.msg, diff)
		}
	}
	if lab.Wraps(nil) != "" {
		t.Errorf("Wraps(nil) = %q, want none", lab.Wraps(nil))
	}
}
