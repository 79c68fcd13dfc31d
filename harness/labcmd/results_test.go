package labcmd_test

import (
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/labcmd"
)

// TestResultPatterns: an interleaving's results are what each line
// returned, wherever it ran and however its error is worded; a waits:
// line is none.
func TestResultPatterns(t *testing.T) {
	out := "waits: finish k1 v1 1 {} (the store is locked)\n" +
		"during: fetch k1 => null\n" +
		"takeover k1 v1 B 10 10 => 2\n" +
		"after: finish k1 v1 1 {} => error: Finish \"k1\": database is locked\n"
	got := labcmd.ResultPatterns(out)
	want := []string{
		`^(?:during: |after: )?fetch k1 => null$`,
		`^(?:during: |after: )?takeover k1 v1 B 10 10 => 2$`,
		`^(?:during: |after: )?finish k1 v1 1 \{\} => error: .*$`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("patterns (-want +got):\n%s", diff)
	}
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"after: fetch k1 => null", true},
		{"fetch k1 => null", true},
		{"during: fetch k1 => {\"receipt\":1}", false},
		{"finish k1 v1 1 {} => error: another wording", true},
		{"finish k1 v1 1 {} => true", false},
		{"takeover k1 v1 B 10 10 => 20", false},
	} {
		matched := false
		for _, p := range got {
			matched = matched || regexp.MustCompile(p).MatchString(tt.line)
		}
		if matched != tt.want {
			t.Errorf("%q: matched %v, want %v", tt.line, matched, tt.want)
		}
	}
}
