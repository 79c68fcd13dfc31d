package script_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"idemlab/harness/script"
)

func TestParseLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		want script.Line
	}{
		{"", script.Line{N: 1}},
		{"# a comment", script.Line{N: 1, Text: "# a comment"}},
		{"idem init", script.Line{N: 1, Text: "idem init", Cmd: "idem", Args: []script.Word{{Text: "init"}}}},
		{"! idem -db x init  # trailing", script.Line{N: 1, Text: "! idem -db x init  # trailing", Neg: true, Cmd: "idem",
			Args: []script.Word{{Text: "-db"}, {Text: "x"}, {Text: "init"}}}},
		{"? idem counts", script.Line{N: 1, Text: "? idem counts", Maybe: true, Cmd: "idem", Args: []script.Word{{Text: "counts"}}}},
		{"[short] ! stdout x", script.Line{N: 1, Text: "[short] ! stdout x", Conds: []string{"short"}, Neg: true, Cmd: "stdout", Args: []script.Word{{Text: "x"}}}},
		{`stdout '^\{"a":1\}$'`, script.Line{N: 1, Text: `stdout '^\{"a":1\}$'`, Cmd: "stdout", Args: []script.Word{{Text: `^\{"a":1\}$`, Quoted: true}}}},
		{"idem finish k v 'it''s' ''", script.Line{N: 1, Text: "idem finish k v 'it''s' ''", Cmd: "idem",
			Args: []script.Word{{Text: "finish"}, {Text: "k"}, {Text: "v"}, {Text: "it's", Quoted: true}, {Text: "", Quoted: true}}}},
		{"cp $WORK/a ${HOME}b 'lit$X'", script.Line{N: 1, Text: "cp $WORK/a ${HOME}b 'lit$X'", Cmd: "cp",
			Args: []script.Word{{Text: "$WORK/a", Vars: []string{"WORK"}}, {Text: "${HOME}b", Vars: []string{"HOME"}}, {Text: "lit$X", Quoted: true}}}},
		{"idem reserve 键 v 1", script.Line{N: 1, Text: "idem reserve 键 v 1", Cmd: "idem",
			Args: []script.Word{{Text: "reserve"}, {Text: "键"}, {Text: "v"}, {Text: "1"}}}},
		{"idem finish k v 'open", script.Line{N: 1, Text: "idem finish k v 'open", Cmd: "idem",
			Args: []script.Word{{Text: "finish"}, {Text: "k"}, {Text: "v"}}, Err: "unterminated quoted argument"}},
		{"!", script.Line{N: 1, Text: "!", Neg: true, Err: "a prefix with no command after it"}},
		// testscript reads prefixes after removing quotes: a quoted '!' negates.
		{"'!' x", script.Line{N: 1, Text: "'!' x", Neg: true, Cmd: "x", Args: []script.Word{}}},
		{"'[c]' x", script.Line{N: 1, Text: "'[c]' x", Conds: []string{"c"}, Cmd: "x", Args: []script.Word{}}},
	} {
		s := script.Parse([]byte(tc.line + "\n"))
		var got script.Line
		if len(s.Lines) > 0 {
			got = s.Lines[0]
		} else {
			got = script.Line{N: 1}
		}
		if diff := cmp.Diff(tc.want, got, cmpopts.IgnoreUnexported(script.Line{}), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", tc.line, diff)
		}
	}
}

func TestParseScript(t *testing.T) {
	s := script.Parse([]byte("# What it observes,\n# and why.\n\nidem init\ncmp stdout want\n\n-- want --\na\nb\n-- other --\nc\n"))
	if s.Doc != "What it observes, and why." {
		t.Errorf("Doc = %q", s.Doc)
	}
	if len(s.Lines) != 6 || s.Lines[3].Cmd != "idem" || s.Lines[4].N != 5 {
		t.Errorf("Lines = %+v", s.Lines)
	}
	var files []string
	var lines []int
	for _, f := range s.Files {
		files, lines = append(files, f.Name), append(lines, f.Line)
	}
	if diff := cmp.Diff([]string{"want", "other"}, files); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{7, 10}, lines); diff != "" {
		t.Errorf("file lines (-want +got):\n%s", diff)
	}
	if l, ok := s.Line(4); !ok || l.Cmd != "idem" {
		t.Errorf("Line(4) = %+v, %v", l, ok)
	}
	if _, ok := s.Line(0); ok {
		t.Error("Line(0) found a line")
	}
}

// TestParseCrashingMarker: go-internal's archive reader panics on a file
// marker with no name; Parse reads the script up to it and says why.
func TestParseCrashingMarker(t *testing.T) {
	for _, data := range []string{"# doc\nidem init\n-- --\nx\n", "# doc\nidem init\n-- --", "# doc\nidem init\n-- --\r\n"} {
		s := script.Parse([]byte(data))
		if want := `line 3: "-- --" is a file marker with no name`; !strings.HasPrefix(s.Err, want) {
			t.Errorf("Parse(%q).Err = %q, want %q...", data, s.Err, want)
		}
		if len(s.Lines) != 2 || s.Lines[1].Cmd != "idem" {
			t.Errorf("Parse(%q).Lines = %+v, want the two lines before the marker", data, s.Lines)
		}
	}
}
