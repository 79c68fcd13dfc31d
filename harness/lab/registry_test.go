package lab_test

import (
	"bytes"
	"flag"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
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
		lang i18n.Lang
		want *lab.Lab
		err  string
	}{
		{"", i18n.English, a, ""},
		{"a", i18n.English, a, ""},
		{"b", i18n.Chinese, b, ""},
		{"c", i18n.English, nil, `no lab called "c"; the labs are a, b`},
		{"c", i18n.Chinese, nil, `没有名为 "c" 的实验；现有的实验：a, b`},
	} {
		got, err := reg.LookupIn(tc.name, tc.lang)
		if got != tc.want || (err == nil) != (tc.err == "") || (err != nil && err.Error() != tc.err) {
			t.Errorf("LookupIn(%q, %s) = %v, %v; want %v, %q", tc.name, tc.lang, got, err, tc.want, tc.err)
		}
		if tc.lang != i18n.English {
			continue
		}
		if got, err := reg.Lookup(tc.name); got != tc.want || (err != nil && err.Error() != tc.err) {
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

// TestLookupRecorded: a file is read as the lab it records unless -lab
// is given, when the two must agree; a file that records none is -lab's
// (or the default's).
func TestLookupRecorded(t *testing.T) {
	a, b := &lab.Lab{Name: "a"}, &lab.Lab{Name: "b"}
	reg := lab.Registry{
		{Name: "a", Lab: func() *lab.Lab { return a }},
		{Name: "b", Lab: func() *lab.Lab { return b }},
	}
	for _, tc := range []struct {
		name     string
		args     []string
		recorded string
		want     string // the lab's name, or the error
	}{
		{"records b", nil, "b", "b"},
		{"records a", nil, "a", "a"},
		{"records none", nil, "", "a"},
		{"records none, -lab b", []string{"-lab", "b"}, "", "b"},
		{"-lab agrees", []string{"-lab", "b"}, "b", "b"},
		{"-lab a given, b recorded", []string{"-lab", "a"}, "b", `f.json records lab "b", but -lab names lab "a": drop -lab to read it as lab b`},
		{"-lab b given, a recorded", []string{"-lab", "b"}, "a", `f.json records lab "a", but -lab names lab "b": drop -lab to read it as lab a`},
		{"records an unknown lab", nil, "c", `f.json records lab "c": no lab called "c"; the labs are a, b`},
		{"-lab unknown", []string{"-lab", "c"}, "", `-lab: no lab called "c"; the labs are a, b`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := flag.NewFlagSet("x", flag.ContinueOnError)
			var name string
			reg.Define(fs, &name)
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			l, err := reg.LookupRecorded(fs, name, "f.json", tc.recorded)
			got := ""
			if err != nil {
				got = err.Error()
			} else {
				got = l.Name
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("LookupRecorded (-want +got):\n%s", diff)
			}
		})
	}
}
