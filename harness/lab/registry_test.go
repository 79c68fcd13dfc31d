package lab_test

import (
	"bytes"
	"flag"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/lab"
)

func TestRegistry(t *testing.T) {
	a, b := &lab.Lab{Name: "a"}, &lab.Lab{Name: "b"}
	reg := lab.Registry{
		{Name: "a", Summary: "the first", Lab: func() *lab.Lab { return a }},
		{Name: "b", Summary: "the second", Lab: func() *lab.Lab { return b }},
	}
	for _, tc := range []struct {
		name string
		want *lab.Lab
		err  string
	}{
		{"", a, ""},
		{"a", a, ""},
		{"b", b, ""},
		{"c", nil, `no lab called "c"; the labs are a, b`},
	} {
		got, err := reg.Lookup(tc.name)
		if got != tc.want || (err == nil) != (tc.err == "") || (err != nil && err.Error() != tc.err) {
			t.Errorf("Lookup(%q) = %v, %v; want %v, %q", tc.name, got, err, tc.want, tc.err)
		}
	}
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var name string
	reg.Define(fs, &name)
	if err := fs.Parse([]string{"-lab", "b"}); err != nil || name != "b" {
		t.Errorf("-lab b: name %q, err %v", name, err)
	}
	var out bytes.Buffer
	reg.WriteList(&out)
	want := "\nLabs (-lab NAME):\n  a            the first (default)\n  b            the second\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("WriteList (-want +got):\n%s", diff)
	}
	if got := (lab.Registry{}).Default(); got != "" || !strings.Contains(fmtErr(lab.Registry{}), "no lab") {
		t.Errorf("empty registry: default %q", got)
	}
}

func fmtErr(r lab.Registry) string {
	_, err := r.Lookup("x")
	return err.Error()
}

func TestOnly(t *testing.T) {
	l := &lab.Lab{Name: "x"}
	got, err := lab.Only(l).Lookup("")
	if got != l || err != nil {
		t.Errorf("Only(l).Lookup(\"\") = %v, %v; want l", got, err)
	}
}
