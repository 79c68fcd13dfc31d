package mutagen

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
)

func TestFailedFiles(t *testing.T) {
	out := `# idemlabmutants/p0
p0/m003.go:43:2: declared and not used: unused
p0/m003.go:50:9: undefined: m003_x
# idemlabmutants/p1
./p1/m017.go:7:2: "bytes" imported and not used
p1/registry.go:1:1: something else
../killmatrix/run.go:1:1: not a mutant
m017.go:12:3: too many errors
# idemlabmutants/p7
p7/m1203.go:5:6: m1203_f redeclared in this block
	p7/m1204.go:5:6: other declaration of m1204_f
`
	want := map[string]string{
		"m003":  "store.go:43:2: declared and not used: unused; store.go:50:9: undefined: x",
		"m017":  `store.go:7:2: "bytes" imported and not used; store.go:12:3: too many errors`,
		"m1203": "store.go:5:6: f redeclared in this block",
	}
	if diff := cmp.Diff(want, failedFiles([]byte(out), "store.go")); diff != "" {
		t.Errorf("failedFiles (-want +got):\n%s", diff)
	}
}

func TestPrefixFile(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{{
		name: "declarations and uses",
		src: `package store

const Limit = 10

var ErrLimit = errorf("limit")

type row struct{ id string }

func (r row) key() string { return r.id }

func Check(n int) error {
	if n > Limit {
		return ErrLimit
	}
	return nil
}

func errorf(s string) error { return nil }
`,
		want: `package main

const m1_Limit = 10

var m1_ErrLimit = m1_errorf("limit")

type m1_row struct{ id string }

func (r m1_row) key() string { return r.id }

func m1_Check(n int) error {
	if n > m1_Limit {
		return m1_ErrLimit
	}
	return nil
}

func m1_errorf(s string) error { return nil }
`,
	}, {
		name: "a local that shadows, a selector, a field key, strings and comments keep their names; map and array keys do not",
		src: `package store

// open opens; "open" in SQL is left alone.
func open(path string) string { return "SELECT open FROM t" }

type conf struct{ open int }

func Use(db struct{ open func() }) int {
	db.open()
	c := conf{open: 1}
	open := c.open
	m := map[string]int{Name: open}
	return m[Name] + []int{Size: 1}[Size]
}

const Name, Size = "n", 0
`,
		want: `package main

// open opens; "open" in SQL is left alone.
func m1_open(path string) string { return "SELECT open FROM t" }

type m1_conf struct{ open int }

func m1_Use(db struct{ open func() }) int {
	db.open()
	c := m1_conf{open: 1}
	open := c.open
	m := map[string]int{m1_Name: open}
	return m[m1_Name] + []int{m1_Size: 1}[m1_Size]
}

const m1_Name, m1_Size = "n", 0
`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := prefixFile([]byte(tt.src), "main", "m1_")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("prefixFile (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPrefixFileRefuses(t *testing.T) {
	for _, tt := range []struct{ name, src, prefix, wantErr string }{
		{"exported prefix", "package p\n\nfunc f() {}\n", "M1_", `prefix "M1_" would export`},
		{"not Go", "package p\n\nfunc f( {\n", "m1_", "expected"},
		{"embeds its own type", "package p\n\ntype ID string\n\ntype Row struct{ ID }\n", "m1_", "5:18: embeds its own type ID"},
		{"embeds a pointer to its own type", "package p\n\ntype Base struct{}\n\ntype Row struct {\n\t*Base\n\tn int\n}\n", "m1_", "6:3: embeds its own type Base"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, err := prefixFile([]byte(tt.src), "main", tt.prefix)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("error %v, want one containing %q; output\n%s", err, tt.wantErr, out)
			}
		})
	}
}

func TestTakeControl(t *testing.T) {
	control := func(outcome killmatrix.Outcome, kills ...killmatrix.Kill) killmatrix.MutantRow {
		return killmatrix.MutantRow{Name: controlName, Outcome: outcome, KilledBy: kills}
	}
	mutant := killmatrix.MutantRow{Name: "store.go:9:go-negate-if", Outcome: killmatrix.Killed}
	tests := []struct {
		name    string
		rows    []killmatrix.MutantRow
		wantErr string // "" for none
	}{
		{"control passes everything", []killmatrix.MutantRow{control(killmatrix.Survived), mutant}, ""},
		{"control killed", []killmatrix.MutantRow{control(killmatrix.Killed, killmatrix.Kill{Observation: "edge/x", Pos: "x.txtar:3", Message: "no match"}), mutant},
			"the unmutated reference, copied into the mutants' program, killed on edge/x (x.txtar:3: no match)"},
		{"no control row", []killmatrix.MutantRow{mutant}, "no control row"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &killmatrix.Matrix{Mutants: tt.rows}
			err := takeControl(m)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("error %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
			case tt.wantErr == "":
				if diff := cmp.Diff([]killmatrix.MutantRow{mutant}, m.Mutants); diff != "" {
					t.Errorf("rows left (-want +got):\n%s", diff)
				}
			}
		})
	}
}
