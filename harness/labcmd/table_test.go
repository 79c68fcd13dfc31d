package labcmd_test

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	_ "modernc.org/sqlite"

	"idemlab/harness/lab"
	"idemlab/harness/labcmd"
)

// echoAPI records what each call received, so a test sees the parsed
// values and the store path the kit passed.
type echoAPI struct {
	Echo func(path string, args ...any) any
}

var echoTable = &labcmd.Table[echoAPI]{Name: "echo", AbsDB: false,
	Subcommands: []labcmd.Sub[echoAPI]{
		{Name: "none", Run: func(s echoAPI, c *labcmd.Call) (any, error) { return nil, nil }},
		{Name: "typed", Params: []labcmd.Param{labcmd.Text("K", lab.Domain{}), labcmd.Time("NOW", lab.Domain{}), labcmd.Number("RATE", lab.Domain{}),
			labcmd.Int64("TOKEN", lab.Domain{}), labcmd.JSON("JSON", lab.Domain{}), labcmd.Int("LIMIT", lab.Domain{}).Optional()},
			Run: func(s echoAPI, c *labcmd.Call) (any, error) {
				return s.Echo(c.DB, c.Text(0), c.Float(1), c.Float(2), c.Int64(3), c.JSON(4), c.Int(5, 10)), nil
			}},
		{Name: "null", Run: func(s echoAPI, c *labcmd.Call) (any, error) { return labcmd.Printed{}, nil }},
		{Name: "lines", Params: []labcmd.Param{labcmd.Text("WORD", lab.Domain{}).Variadic()},
			Run: func(s echoAPI, c *labcmd.Call) (any, error) { return labcmd.TextLines(c.Args), nil }},
	}}

// TestTableRun: each line's output, or its error, exactly.
func TestTableRun(t *testing.T) {
	impl := lab.Impl{Name: "reference", Value: echoAPI{Echo: func(path string, args ...any) any { return append([]any{path}, args...) }}}
	for _, tc := range []struct {
		args          []string
		out, err, cmd string
	}{
		{args: []string{"none"}},
		{args: []string{"null"}, out: "null\n"},
		{args: []string{"typed", "<k>", "-0", "1.5", "-7", `{"a":"<"}`}, out: `["/d/store.db","<k>",-0,1.5,-7,{"a":"<"},10]` + "\n"},
		{args: []string{"-db=x.db", "typed", "k", "1", "2", "3", "null", "4"}, out: `["/d/x.db","k",1,2,3,null,4]` + "\n"},
		{args: []string{"--db", "/abs.db", "typed", "k", "1", "2", "3", "[]"}, out: `["/abs.db","k",1,2,3,[],10]` + "\n"},
		{args: []string{"lines", "a", "b"}, out: "a\nb\n"},
		{args: []string{"lines"}},
		{args: []string{"typed", "k", "soon", "2", "3", "1"}, cmd: "typed", err: "echo typed: NOW \"soon\": want a number of seconds (or NaN, Inf, -Inf)\nusage: echo [-db PATH] typed K NOW RATE TOKEN JSON [LIMIT]"},
		{args: []string{"typed", "k", "1", "fast", "3", "1"}, cmd: "typed", err: "echo typed: RATE \"fast\": want a number (or NaN, Inf, -Inf)\nusage: echo [-db PATH] typed K NOW RATE TOKEN JSON [LIMIT]"},
		{args: []string{"typed", "k", "1", "2", "3", "1", "1.5"}, cmd: "typed", err: "echo typed: LIMIT \"1.5\": want an integer\nusage: echo [-db PATH] typed K NOW RATE TOKEN JSON [LIMIT]"},
		{args: []string{"typed", "k"}, cmd: "typed", err: "echo typed: missing NOW RATE TOKEN JSON\nusage: echo [-db PATH] typed K NOW RATE TOKEN JSON [LIMIT]"},
		{args: []string{"none", "x"}, cmd: "none", err: "echo none: unexpected argument \"x\"\nusage: echo [-db PATH] none"},
		{args: []string{"-db"}, err: "echo: flag -db needs a PATH\n" + usage},
		{args: []string{"-db="}, err: "echo: flag -db: empty PATH\n" + usage},
		{args: []string{"-v", "none"}, err: "echo: unknown flag \"-v\"\n" + usage},
		{args: nil, err: "echo: missing COMMAND\n" + usage},
		{args: []string{"nope"}, err: "echo: unknown command \"nope\"\n" + usage},
	} {
		var out bytes.Buffer
		err := echoTable.Run(impl, "/d", tc.args, &out)
		got := struct{ Out, Err, Cmd string }{Out: out.String()}
		if err != nil {
			got.Err = err.Error()
			if m, ok := err.(lab.Misuse); ok {
				got.Cmd, _ = m.Misuse()
			}
		}
		if diff := cmp.Diff(struct{ Out, Err, Cmd string }{tc.out, tc.err, tc.cmd}, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.args, diff)
		}
	}
	err := echoTable.Run(lab.Impl{Name: "m", Value: 1}, "/d", []string{"none"}, &bytes.Buffer{})
	if diff := cmp.Diff("echo: implementation m is a int, not a labcmd_test.echoAPI", err.Error()); diff != "" {
		t.Errorf("another lab's implementation (-want +got):\n%s", diff)
	}
}

var usage = strings.TrimSuffix(echoTable.UsageIn("en"), "\n")

// TestRows: rows prints each row's columns in the declared order, as
// their kinds say (NULL and non-JSON responses, infinite times), and
// leaves the store's bytes and folder as they were.
func TestRows(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`CREATE TABLE keys (id TEXT PRIMARY KEY, n INTEGER, until REAL, response TEXT)`,
		`INSERT INTO keys VALUES ('b<', 2, 1.5, NULL), ('a', -1, 9e999, '{"x": [1, 2]}'), ('c', 0, 0, 'not json')`} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	before, _ := os.ReadFile(path)
	rows := labcmd.Rows{Table: "keys", Columns: []labcmd.Column{{Name: "id"}, {Name: "response", Kind: labcmd.JSONColumn},
		{Name: "until", Kind: labcmd.SecondsColumn}, {Name: "n", Kind: labcmd.IntegerColumn}}}
	table := &labcmd.Table[echoAPI]{Name: "echo", Subcommands: []labcmd.Sub[echoAPI]{labcmd.RowsSub[echoAPI](rows)}}
	var out bytes.Buffer
	if err := table.Run(lab.Impl{Value: echoAPI{}}, dir, []string{"-db", "s.db", "rows"}, &out); err != nil {
		t.Fatal(err)
	}
	want := `{"id":"a","response":{"x":[1,2]},"until":"Inf","n":-1}
{"id":"b<","response":null,"until":1.5,"n":2}
{"id":"c","response":"not json","until":0,"n":0}
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	after, _ := os.ReadFile(path)
	entries, _ := os.ReadDir(dir)
	if !bytes.Equal(before, after) || len(entries) != 1 {
		t.Errorf("rows wrote: store changed %v, %d files in its folder", !bytes.Equal(before, after), len(entries))
	}
	for _, tc := range []struct{ setup, want string }{
		{"missing", `rows: store "%s" does not exist`},
		{"folder", `rows: store "%s" is a directory, not a database file`},
		{"empty", `rows: store "%s": SQL logic error: no such table: keys (1)`},
	} {
		p := filepath.Join(t.TempDir(), "x.db")
		switch tc.setup {
		case "folder":
			os.Mkdir(p, 0o755)
		case "empty":
			os.WriteFile(p, nil, 0o644)
		}
		_, err := rows.Read(p)
		if diff := cmp.Diff(strings.ReplaceAll(tc.want, "%s", p), errString(err)); diff != "" {
			t.Errorf("%s store (-want +got):\n%s", tc.setup, diff)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestStoreFlag: a table that names its store flag (-f FILE) takes it
// where -db would be, in parsing, usage, the flag it declares, its misuse
// messages and the lines interleave runs, and refuses -db.
func TestStoreFlag(t *testing.T) {
	domain := &lab.Domain{Kind: lab.Text, Values: []string{"n"}}
	table := &labcmd.Table[echoAPI]{Name: "ctr", DefaultDB: "n", StoreFlag: "f", StoreArg: "FILE", StoreDomain: domain,
		Subcommands: []labcmd.Sub[echoAPI]{
			{Name: "where", Params: []labcmd.Param{labcmd.Text("K", lab.Domain{}).Optional()},
				Run: func(s echoAPI, c *labcmd.Call) (any, error) { return c.DB, nil }},
			labcmd.InterleaveSub[echoAPI]("Run OP, then each WRITE.", "", []string{"where"}, []string{"where"}),
		}}
	usage := strings.TrimSuffix(table.UsageIn("en"), "\n")
	if !strings.HasPrefix(usage, "usage: ctr [-f FILE] COMMAND [ARGS]\n") || !strings.Contains(usage, "  -f FILE ") || strings.Contains(usage, "-db") {
		t.Errorf("usage:\n%s\nwant -f FILE for the store, and no -db", usage)
	}
	flags := table.Command().Flags
	if len(flags) != 1 || flags[0].Name != "f" || flags[0].Arg != "FILE" || flags[0].Domain != domain {
		t.Errorf("flags %+v, want one, -f FILE, with the table's domain", flags)
	}
	impl := lab.Impl{Name: "reference", Value: echoAPI{}}
	for _, tc := range []struct {
		args     []string
		out, err string
	}{
		{args: []string{"where"}, out: `"/d/n"` + "\n"},
		{args: []string{"-f", "a", "where"}, out: `"/d/a"` + "\n"},
		{args: []string{"-f=b", "where"}, out: `"/d/b"` + "\n"},
		{args: []string{"--f", "/c", "where"}, out: `"/c"` + "\n"},
		{args: []string{"-f", "/c", "interleave", "where", "where"}, out: "where => \"/c\"\nafter: where => \"/c\"\n"},
		{args: []string{"-f"}, err: "ctr: flag -f needs a FILE\n" + usage},
		{args: []string{"-f=", "where"}, err: "ctr: flag -f: empty FILE\n" + usage},
		{args: []string{"-db", "x", "where"}, err: "ctr: unknown flag \"-db\"\n" + usage},
		{args: []string{"where", "k", "l"}, err: "ctr where: unexpected argument \"l\"\nusage: ctr [-f FILE] where [K]"},
	} {
		var out bytes.Buffer
		err := table.Run(impl, "/d", tc.args, &out)
		got := struct{ Out, Err string }{Out: out.String()}
		if err != nil {
			got.Err = err.Error()
		}
		if diff := cmp.Diff(struct{ Out, Err string }{tc.out, tc.err}, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.args, diff)
		}
	}
}
