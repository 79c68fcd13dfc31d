package killmatrix

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/lab"
)

// TestRecording: the recording copy calls the originals, variadic ones
// included, and notes each function field called; fields that are not
// functions are kept as they are, and a Value that is not a struct
// cannot be recorded.
func TestRecording(t *testing.T) {
	type api struct {
		Limit int
		Sum   func(xs ...int) int
		Name  func(string) string
		Never func()
		Nil   func()
	}
	orig := api{Limit: 7, Sum: func(xs ...int) int {
		n := 0
		for _, x := range xs {
			n += x
		}
		return n
	}, Name: func(s string) string { return "<" + s + ">" }, Never: func() {}}
	impl, calls, ok := recording(lab.Impl{Name: "r", Value: orig})
	if !ok {
		t.Fatal("a struct Value could not be recorded")
	}
	got := impl.Value.(api)
	if got.Limit != 7 || got.Nil != nil {
		t.Errorf("Limit %d, Nil set %v; want 7 and nil, as they were", got.Limit, got.Nil != nil)
	}
	if n, s := got.Sum(1, 2, 3), got.Name("k"); n != 6 || s != "<k>" {
		t.Errorf("Sum(1, 2, 3) = %d, Name(k) = %q; want 6 and <k>", n, s)
	}
	if diff := cmp.Diff([]string{"Name", "Sum"}, calls.list()); diff != "" {
		t.Errorf("calls (-want +got):\n%s", diff)
	}
	if _, _, ok := recording(lab.Impl{Name: "p", Value: &orig}); ok {
		t.Error("a pointer Value was recorded; what it calls cannot be known")
	}
}

// TestUnionCalls: nil only when neither run was recorded.
func TestUnionCalls(t *testing.T) {
	for _, tc := range []struct{ a, b, want []string }{
		{nil, nil, nil},
		{[]string{}, nil, []string{}},
		{[]string{"B", "A"}, []string{"A", "C"}, []string{"A", "B", "C"}},
	} {
		got := unionCalls(tc.a, tc.b)
		if diff := cmp.Diff(tc.want, got); diff != "" || (got == nil) != (tc.want == nil) {
			t.Errorf("unionCalls(%q, %q) (-want +got):\n%s (nil %v)", tc.a, tc.b, diff, got == nil)
		}
	}
}
