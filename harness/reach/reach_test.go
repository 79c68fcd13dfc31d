package reach_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/reach"
)

// ref is a small package in the shape of a lab's reference: exported
// entry points over unexported helpers, a constant, a variable, a type
// with methods, an import it uses.
const ref = `package store

import (
	"errors"
	"fmt"
)

// Limit is an API constant the harness reads directly.
const Limit = 10

const maxLimit = 100

var ErrLimit = errors.New("bad limit")

var table = build()

func build() map[string]int { return map[string]int{"a": 1} }

type row struct{ id string }

func (r row) String() string { return "row " + r.id }

type namer interface{ Name() string }

type thing struct{}

func (thing) Name() string { return "thing" }

func Open(path string) error { return check(len(path)) }

func Get(path, key string) (string, error) {
	if err := Open(path); err != nil {
		return "", err
	}
	return fmt.Sprint(row{id: key}), nil
}

func List(limit int) ([]string, error) {
	if limit > maxLimit {
		return nil, ErrLimit
	}
	return nil, nil
}

func Lookup(key string) int { return table[key] }

func Describe(n namer) string { return n.Name() }

func Shadow() int {
	check := func(int) error { return nil }
	_ = check
	return 0
}

func check(n int) error {
	if n == 0 {
		return ErrLimit
	}
	return nil
}
`

var api = []string{"Limit", "ErrLimit", "Open", "Get", "List", "Lookup", "Describe", "Shadow"}

func TestEntries(t *testing.T) {
	for _, tc := range []struct {
		name, old, new string
		want           []string // nil: not known
	}{
		{"a helper reaches every caller, through other callers", "if n == 0 {", "if n != 0 {", []string{"Open", "Get"}},
		{"an entry point reaches itself and its callers", "return check(len(path))", "return nil", []string{"Open", "Get"}},
		{"an unexported constant reaches its users", "const maxLimit = 100", "const maxLimit = 99", []string{"List"}},
		{"a method reaches who uses its type", `return "row " + r.id`, `return "row"`, []string{"Get"}},
		{"an interface method reaches every method of its name", `func (thing) Name() string { return "thing" }`, `func (thing) Name() string { return "other" }`, []string{"Describe"}},
		{"a local that shadows a helper is not the helper", "check := func(int) error { return nil }", "check := func(int) error { return ErrLimit }", []string{"Shadow"}},
		{"a comment changes nothing", "// Limit is an API constant", "// Limit, an API constant", []string{}},
		{"layout changes nothing", "func Shadow() int {", "func Shadow() int   {", []string{}},
		{"an API constant is read without a call", "const Limit = 10", "const Limit = 11", nil},
		{"a variable runs at start", `errors.New("bad limit")`, `errors.New("limit")`, nil},
		{"what a variable's initializer calls runs at start", `{"a": 1}`, `{"a": 2}`, nil},
		{"an import runs at start", `"fmt"`, `fmt "fmt"`, nil},
		{"a new declaration may be called without being named", "func check(n int) error {", "func (row) Error() string { return \"\" }\n\nfunc check(n int) error {", nil},
		{"an added init function runs at start", "func check(n int) error {", "func init() {}\n\nfunc check(n int) error {", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if strings.Count(ref, tc.old) != 1 {
				t.Fatalf("%q occurs %d times in the reference", tc.old, strings.Count(ref, tc.old))
			}
			mutant := strings.Replace(ref, tc.old, tc.new, 1)
			got, known, err := reach.Entries([]byte(ref), []byte(mutant), api)
			if err != nil {
				t.Fatal(err)
			}
			if known != (tc.want != nil) {
				t.Fatalf("known %v (entries %q), want %v", known, got, tc.want != nil)
			}
			if diff := cmp.Diff(tc.want, got); known && diff != "" {
				t.Errorf("entries (-want +got):\n%s", diff)
			}
		})
	}
}

func TestEntriesRefusesWhatDoesNotParse(t *testing.T) {
	for _, tc := range []struct{ name, ref, mutant, want string }{
		{"reference", "package p\nfunc {", "package p\n", "reference: "},
		{"mutant", "package p\n", "package p\nfunc {", "mutant: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, known, err := reach.Entries([]byte(tc.ref), []byte(tc.mutant), nil)
			if err == nil || known || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("Entries = known %v, error %v; want an error starting %q", known, err, tc.want)
			}
		})
	}
}

// checkCase checks Entries of one reference and mutant against want, nil
// meaning no answer is known.
func checkCase(t *testing.T, name, ref, mutant string, api, want []string) {
	t.Helper()
	if mutant == ref {
		t.Errorf("%s: the mutant is the reference", name)
		return
	}
	got, known, err := reach.Entries([]byte(ref), []byte(mutant), api)
	switch {
	case err != nil:
		t.Errorf("%s: %v", name, err)
	case known != (want != nil):
		t.Errorf("%s: known %v (entries %q), want %v", name, known, got, want != nil)
	case known && !cmp.Equal(want, got):
		t.Errorf("%s: entries (-want +got):\n%s", name, cmp.Diff(want, got))
	}
}
