package grade

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/heldout"
	"idemlab/harness/mutation"
)

// TestWorkerIsToldNoHeldOutAnswer: the job a worker reads (which an
// observation that took the worker over could read too) names each
// held-out mutant and how to judge it, never its code, killer, hint or
// idea, nor the instructor's reason it did not build.
func TestWorkerIsToldNoHeldOutAnswer(t *testing.T) {
	in := []heldout.Mutant{{
		Mutant: mutation.Mutant{Name: "9_secret", Label: "9_s", Step: 4, Function: "Fetch", Visibility: "hidden",
			Old: "now < expires", New: "now <= expires", Killer: "edge/secret", Hint: mutation.Text{"en": "SECRET-HINT"},
			Idea: mutation.Text{"en": "the instant"}, Title: mutation.Text{"en": "title"}},
		Unviable: "heldout.json:3: store.go: old text not found", UnviableKind: "not applied", Shown: false,
	}}
	want := []heldout.Mutant{{
		Mutant:   mutation.Mutant{Name: "9_secret", Label: "9_s", Step: 4, Function: "Fetch", Visibility: "hidden"},
		Unviable: "unviable: not applied", UnviableKind: "not applied",
	}}
	if diff := cmp.Diff(want, forWorker(in)); diff != "" {
		t.Errorf("forWorker (-want +got):\n%s", diff)
	}
}
