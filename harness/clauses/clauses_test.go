package clauses_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"idemlab/harness/clauses"
)

// table wraps clause objects, one a line from line 4 on, into a file.
func table(objects ...string) string {
	return "{\n\"version\": 1,\n\"clauses\": [\n" + strings.Join(objects, ",\n") + "\n]\n}\n"
}

const (
	fetchBoundary = `{"id": "fetch.expiry-boundary", "step": 4, "function": "Fetch", "clause": "at now == expires Fetch returns nil", "observations": ["edge/fetch_at_expiry_is_nil"]}`
	drainNaN      = `{"id": "drain.nan-now-refused", "source": "reference/store.go: Drain", "function": "Drain", "clause": "NaN is refused", "observations": ["edge/drain_refuses_nan_now", "edge/drain_x"]}`
)

func TestParse(t *testing.T) {
	data := "{\n  \"$schema\": \"../schemas/clauses.schema.json\",\n  \"version\": 1,\n  \"clauses\": [\n    " + fetchBoundary + ",\n    " + drainNaN + "\n  ]\n}\n"
	got, err := clauses.Parse("c.json", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	want := &clauses.Table{
		Schema:  "../schemas/clauses.schema.json",
		Version: 1,
		Clauses: []clauses.Clause{
			{ID: "fetch.expiry-boundary", Step: 4, Function: "Fetch", Clause: "at now == expires Fetch returns nil",
				Observations: []string{"edge/fetch_at_expiry_is_nil"}, Pos: "c.json:5"},
			{ID: "drain.nan-now-refused", Source: "reference/store.go: Drain", Function: "Drain", Clause: "NaN is refused",
				Observations: []string{"edge/drain_refuses_nan_now", "edge/drain_x"}, Pos: "c.json:6"},
		},
	}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(clauses.Clause{})); diff != "" {
		t.Errorf("Parse (-want +got):\n%s", diff)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		want       []string // the problems, one a line of the error
	}{
		{"syntax", "{\n\"version\": 1,\n\"clauses\": [\n{\"id\" \"x\"}\n]\n}\n",
			[]string{`c.json:4: invalid character '"' after object key`}},
		{"unknown top-level field", "{\n\"version\": 1,\n\"clause\": []\n}\n",
			[]string{`c.json:3: unknown field "clause"`}},
		{"wrong version", "{\n\"version\": 2,\n\"clauses\": [" + fetchBoundary + "]\n}\n",
			[]string{"c.json:1: version 2, want 1"}},
		{"no clauses", "{\n\"version\": 1,\n\"clauses\": []\n}\n",
			[]string{"c.json:1: no clauses declared"}},
		{"trailing data", table(fetchBoundary) + "{}\n",
			[]string{"c.json:7: unexpected data after the clause table"}},
		{"unknown clause field", table(fetchBoundary, `{"id": "a.b", "step": 1, "function": "F", "clause": "c",`+"\n"+`"killer": "edge/x", "observations": []}`),
			[]string{`c.json:6: clause 2: unknown field "killer"`}},
		{"step of the wrong type", table(`{"id": "a.b", "step": "4", "function": "F", "clause": "c", "observations": []}`),
			[]string{"c.json:4: clause 1: step: want int, got JSON string"}},
		{"every problem of every clause", table(
			`{"id": "", "step": 1, "function": "F", "clause": "c", "observations": []}`,
			`{"id": "Fetch_Boundary", "step": 1, "function": " ", "clause": "two`+`\n`+`lines", "observations": []}`,
			`{"id": "a.b", "function": "F", "clause": "c", "observations": ["edge/x"]}`,
			`{"id": "a.c", "step": -1, "function": "F", "clause": "c", "observations": ["x",`+"\n"+`"edge/y", "edge/y"]}`,
		), []string{
			"c.json:4: clause 1: missing id",
			`c.json:5: clause id "Fetch_Boundary": want lower-case letters and digits in words joined by dots or hyphens (e.g. fetch.expiry-boundary)`,
			`c.json:5: clause "Fetch_Boundary": missing function`,
			`c.json:5: clause "Fetch_Boundary": clause must be one line`,
			`c.json:6: clause "a.b": say where it is written: a step of the contract's table, or a source`,
			`c.json:7: clause "a.c": step -1, want a step of the contract's table (1 or more), or none`,
			`c.json:7: clause "a.c": observation "x", want kind/name (e.g. edge/fetch_at_expiry_is_nil)`,
			`c.json:8: clause "a.c": observation "edge/y" named twice`,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := clauses.Parse("c.json", []byte(tc.data))
			if err == nil {
				t.Fatalf("Parse succeeded, want errors %q", tc.want)
			}
			if tab != nil {
				t.Errorf("Parse returned a partial table beside its error")
			}
			if diff := cmp.Diff(tc.want, strings.Split(err.Error(), "\n")); diff != "" {
				t.Errorf("Parse errors (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	exist := []string{"edge/fetch_at_expiry_is_nil", "edge/drain_refuses_nan_now", "happy/drain_x", "happy/unused"}
	for _, tc := range []struct {
		name string
		data string
		want []string // nil: Check reports nothing
	}{
		{"sound", table(fetchBoundary), nil},
		{"every problem, in the order of the file", table(
			fetchBoundary,
			`{"id": "drain.nan-now-refused", "source": "s", "function": "Drain", "clause": "c", "observations": [`+"\n"+`"edge/drain_refuses_nan_now",`+"\n"+`"edge/drain_x"]}`,
			`{"id": "a.b", "step": 1, "function": "F", "clause": "c", "observations": []}`,
			`{"id": "fetch.expiry-boundary", "step": 4, "function": "F", "clause": "c", "observations": ["edge/gone"]}`,
		), []string{
			`c.json:7: clause "drain.nan-now-refused": observation "edge/drain_x" does not exist (there is happy/drain_x)`,
			`c.json:8: clause "a.b" names no observation that pins it`,
			`c.json:9: clause id "fetch.expiry-boundary" declared twice (first at c.json:4)`,
			`c.json:9: clause "fetch.expiry-boundary": observation "edge/gone" does not exist`,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := clauses.Parse("c.json", []byte(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			if err := tab.Check(exist); err != nil {
				got = strings.Split(err.Error(), "\n")
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Check (-want +got):\n%s", diff)
			}
		})
	}
}

func TestUnpinned(t *testing.T) {
	tab, err := clauses.Parse("c.json", []byte(table(fetchBoundary, drainNaN)))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		have, want []string
	}{
		{"none given", nil, nil},
		{"all pinned", []string{"edge/drain_refuses_nan_now", "edge/fetch_at_expiry_is_nil"}, nil},
		{"in the order given", []string{"happy/z", "edge/fetch_at_expiry_is_nil", "edge/a"}, []string{"happy/z", "edge/a"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, tab.Unpinned(tc.have)); diff != "" {
				t.Errorf("Unpinned (-want +got):\n%s", diff)
			}
		})
	}
}
