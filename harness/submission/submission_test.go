package submission_test

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/internal/testfs"
	"idemlab/harness/killmatrix"
	"idemlab/harness/submission"
	"idemlab/mutants"
)

const counts = "# One reservation shows as one pending row.\nidem init\nidem reserve k v 10\nidem counts\nstdout '\"pending\":1'\n"

func reader(lim submission.Limits) submission.Reader {
	return submission.Reader{Lab: mutants.Lab(), Limits: lim}
}

// TestRead reads a submission holding every kind of file a student could
// put in it: only regular files within the limits are read, and each of
// the others is flagged or refused with why, by its path in the
// submission.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	testfs.Write(t, outside, map[string]string{"secret.txt": "SECRET\n"})
	testfs.Write(t, dir, map[string]string{
		"worksheet.md":           "# mine\n",
		"notes.txt":              "not read at all\n",
		"student/counts.txtar":   counts,
		"student/big.txtar":      "# big\n" + strings.Repeat("# pad\n", 1000),
		"student/README":         "not an observation\n",
		"student/bad name.txtar": counts,
	})
	for link, target := range map[string]string{
		"worksheet.zh-CN.md":     "/dev/zero",
		"student/zero.txtar":     "/dev/zero",
		"student/outside.txtar":  filepath.Join(outside, "secret.txt"),
		"student/dangling.txtar": filepath.Join(outside, "absent"),
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "student", "fifo.txtar"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "student", "sub.txtar"), 0o755); err != nil {
		t.Fatal(err)
	}
	lim := submission.DefaultLimits
	lim.FileSize = 4 << 10
	s, err := reader(lim).Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	var sheets []string
	for _, w := range s.Worksheets {
		sheets = append(sheets, w.File)
	}
	if diff := cmp.Diff([]string{"worksheet.md"}, sheets); diff != "" {
		t.Errorf("worksheets read (-want +got):\n%s", diff)
	}
	var obs []string
	for _, o := range s.Observations {
		obs = append(obs, o.Name+" "+o.File)
	}
	if diff := cmp.Diff([]string{"student/counts student/counts.txtar"}, obs); diff != "" {
		t.Errorf("observations (-want +got):\n%s", diff)
	}
	wantRefused := map[string]string{
		"student/big":      "student/big.txtar: is 6006 bytes, over the limit of 4096; not read",
		"student/dangling": "student/dangling.txtar: is a symbolic link: only regular files are read; not read",
		"student/fifo":     "student/fifo.txtar: is a named pipe (FIFO): only regular files are read; not read",
		"student/outside":  "student/outside.txtar: is a symbolic link: only regular files are read; not read",
		"student/sub":      "student/sub.txtar: is a folder: only regular files are read; not read",
		"student/zero":     "student/zero.txtar: is a symbolic link: only regular files are read; not read",
	}
	if diff := cmp.Diff(wantRefused, s.Refused); diff != "" {
		t.Errorf("refused (-want +got):\n%s", diff)
	}
	for _, want := range []string{
		"worksheet.zh-CN.md: is a symbolic link",
		"student/README: not an observation",
		`student/bad name.txtar: a name with a space`,
	} {
		if !slices.ContainsFunc(s.Flags, func(f string) bool { return strings.HasPrefix(f, want) }) {
			t.Errorf("flags lack %q: %q", want, s.Flags)
		}
	}
	for _, f := range append(s.Flags, values(s.Refused)...) {
		if strings.Contains(f, "SECRET") || strings.Contains(f, dir) {
			t.Errorf("a message quotes what is outside, or the grader's path: %q", f)
		}
	}
}

func values(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// TestLimits: the count and total-size caps refuse the rest, with why.
func TestLimits(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{}
	for i := range 5 {
		files["student/o"+strconv.Itoa(i)+".txtar"] = counts
	}
	testfs.Write(t, dir, files)
	lim := submission.DefaultLimits
	lim.Observations = 3
	s, err := reader(lim).Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Observations) != 3 || !strings.Contains(s.Refused["student/o3"], "over the limit of 3 observations") {
		t.Errorf("%d run, refused %q; want 3 run and the rest over the limit", len(s.Observations), s.Refused)
	}
	lim = submission.DefaultLimits
	lim.TotalSize = int64(2*len(counts) + 1)
	if s, err = reader(lim).Read(dir); err != nil {
		t.Fatal(err)
	}
	if len(s.Observations) != 2 || !slices.ContainsFunc(s.Flags, func(f string) bool { return strings.Contains(f, "over its limit of") }) &&
		!strings.Contains(s.Refused["student/o2"], "over its limit of") {
		t.Errorf("%d run, refused %q, flags %q; want 2 run and the rest over the total", len(s.Observations), s.Refused, s.Flags)
	}
}

// TestReadSymlinkedFolders: the submission folder itself, or its
// student folder, may not be a link.
func TestReadSymlinkedFolders(t *testing.T) {
	real := t.TempDir()
	testfs.Write(t, real, map[string]string{"student/counts.txtar": counts, "worksheet.md": "# mine\n"})
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(real, "student"), filepath.Join(dir, "student")); err != nil {
		t.Fatal(err)
	}
	s, err := reader(submission.DefaultLimits).Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Observations) != 0 || !slices.Contains(s.Flags, "student: is a symbolic link: a submission's files must be its own") {
		t.Errorf("observations %d, flags %q; want none and the link flagged", len(s.Observations), s.Flags)
	}
	link := filepath.Join(t.TempDir(), "alice")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if _, err := reader(submission.DefaultLimits).Read(link); err == nil || !strings.Contains(err.Error(), "is a symbolic link") {
		t.Errorf("Read of a linked submission folder: %v", err)
	}
}

func TestCheckName(t *testing.T) {
	for _, tc := range []struct {
		name string
		want string // "" for valid
	}{
		{"alice", ""}, {"José", ""}, {"王伟", ""}, {"o'brien", `a name with '\''`}, {"zoë-2.b_c", ""},
		{"", "an empty name"}, {".carol", `a name starting with '.'`}, {"-x", `a name starting with '-'`},
		{"a b", "a name with a space"}, {"a/b", `a name with '/'`}, {"..", `a name starting with '.'`},
		{"evil\n", "the control character U+000A"}, {"\x1b[31m", "the control character U+001B"},
		{strings.Repeat("a", 65), "more than 64 characters"}, {"caf\xe9", "not UTF-8"},
	} {
		err := submission.CheckName(tc.name)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("CheckName(%q) = %v, want valid", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), strings.Trim(tc.want, "'"))):
			t.Errorf("CheckName(%q) = %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"王伟":                        "王伟",
		"evil\n\x1b[31mFLAG":        `evil\n\x1b[31mFLAG`,
		"tab\there":                 `tab\there`,
		"plain text, with 'quotes'": "plain text, with 'quotes'",
	} {
		if got := submission.Quote(in); got != want {
			t.Errorf("Quote(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLint checks, line by line, what a student's observation may hold.
func TestLint(t *testing.T) {
	lint := func(script string) error {
		o, err := killmatrix.New(killmatrix.KindStudent, "x", "student/x.txtar", []byte(script))
		if err != nil {
			return err
		}
		return submission.Lint(mutants.Lab(), o, submission.DefaultLimits)
	}
	for name, script := range map[string]string{
		"idem and checks": "# doc\nidem init\nidem reserve k v 10\nstdout '^true$'\n! idem reserve k v 10\n! stderr .\nidem counts\nstdout '\"pending\":1'\n",
		"maybe":           "# doc\nidem init\n? idem counts\n",
		"dollar regexp":   "# doc\nidem init\nidem fetch k 1\nstdout '^null$'\nstderr '^$'\n",
		"file commands":   "# doc\nidem init\nmkdir sub\ncp store.db sub/copy.db\nmv sub/copy.db sub/moved.db\nexists sub/moved.db\nrm sub/moved.db\n",
		"work variable":   "# doc\nidem -db $WORK/s.db init\nexists $WORK/s.db\n",
		"relative db":     "# doc\nidem -db sub/s.db init\n",
		"archive content": "# doc\nidem init\ncmp stdout want.txt\n-- want.txt --\nexec rm -rf /\ncd /etc\n",
		"grep with flags": "# doc\nidem init\ngrep -count=1 '^a$' want.txt\n! grep '-x' want.txt\nexists -readonly want.txt\n-- want.txt --\na\n",
		"db= work":        "# doc\nidem --db=$WORK/s.db init\nidem -db=${WORK}/t.db init\n",
		"dash file":       "# doc\nidem init\ncp store.db -x=/etc/passwd\n",
		"archive dollar":  "# doc\nidem init\ncmp want$ want$\n-- want$ --\na\n",
	} {
		if err := lint(script); err != nil {
			t.Errorf("%s: Lint refused an allowed script: %v", name, err)
		}
	}
	for _, c := range []struct {
		name, script string
		line         int
		says         string
	}{
		{"exec", "# doc\nidem init\nexec sleep 1\n", 3, `command "exec" is not allowed`},
		{"a typo in idem's command", "# doc\nidem init\nidem fech k1 5\n", 3, `idem has no command "fech"; did you mean "fetch"? (its commands: init, reserve,`},
		{"a typo after a flag", "# doc\nidem -db s.db init\n! idem -db s.db resreve k v 1\n", 3, `did you mean "reserve"?`},
		{"idem with no command", "# doc\nidem -db s.db\n", 2, "idem without a command: give one of init, reserve,"},
		{"negated exec", "# doc\n! exec false\n", 2, `command "exec" is not allowed`},
		{"condition", "# doc\n[linux] idem init\n", 2, "a condition such as [linux]"},
		{"cd", "# doc\ncd sub\n", 2, `command "cd" is not allowed`},
		{"env", "# doc\nenv X=1\n", 2, `command "env" is not allowed`},
		{"skip", "# doc\nskip 'not today'\n", 2, `command "skip" is not allowed`},
		{"stop", "# doc\nidem init\nstop\n", 3, `command "stop" is not allowed`},
		{"maybe a check", "# doc\n? stdout x\n", 2, "? may prefix only the lab's commands"},
		{"absolute db", "# doc\nidem -db /tmp/x init\n", 2, `"/tmp/x" is an absolute path`},
		{"db= absolute", "# doc\nidem -db=/tmp/x init\n", 2, "absolute path"},
		{"absolute quoted", "# doc\nidem init\ncp store.db '/tmp/x'\n", 3, `"/tmp/x" is an absolute path`},
		{"climbs", "# doc\nidem init\ncp a ../b\n", 3, `climbs out with ..`},
		{"quoted dots", "# doc\nidem init\ncp store.db '..'/escape.db\n", 3, "climbs out with .."},
		{"home", "# doc\ncp $HOME/x y\n", 2, `expands $HOME: only $WORK is allowed`},
		{"separator variable", "# doc\nidem init\ngrep root ${/}etc${/}passwd\n", 3, "expands $/: only $WORK is allowed"},
		// The attacks of issue 20: every argument that names a file is
		// checked, as testscript reads it, whatever its position.
		{"grep reads /proc", "# doc\nidem init\ngrep '-x\\|^rchar: \\d{1,6}$' ${/}proc${/}self${/}io\n", 3, "expands $/: only $WORK is allowed"},
		{"grep reads /dev/zero", "# doc\nidem init\ngrep '-x' /dev/zero\n", 3, `grep's argument 2: "/dev/zero" is an absolute path`},
		{"grep file after count", "# doc\nidem init\ngrep -count=1 x /etc/passwd\n", 3, `grep's argument 3: "/etc/passwd" is an absolute path`},
		{"negated grep of a worksheet", "# doc\nidem init\n! grep '-x\\|SECRET.*' ../bob/worksheet.md\n", 3, `grep's argument 2: "../bob/worksheet.md" climbs out`},
		{"cmp second file", "# doc\nidem init\ncmp stdout /etc/passwd\n", 3, `cmp's argument 2: "/etc/passwd" is an absolute path`},
		{"exists readonly", "# doc\nexists -readonly /etc\n", 2, `exists's argument 2: "/etc" is an absolute path`},
		{"exists dash path", "# doc\nexists -x /etc\n", 2, `exists's argument 2: "/etc" is an absolute path`},
		{"quoted bang exec", "# doc\n'!' exec false\n", 2, `command "exec" is not allowed`},
		{"quoted condition", "# doc\n'[linux]' idem init\n", 2, "a condition such as [linux]"},
		{"work suffix", "# doc\nidem init\ncp store.db $WORK-x\n", 3, "uses $WORK other than at its start"},
		{"work in a pattern", "# doc\nidem init\nstdout $WORK\n", 3, "$WORK may begin only an argument that names a file"},
		{"work as data", "# doc\nidem init\nidem reserve $WORK d 10\n", 3, "$WORK may begin only an argument that names a file"},
		{"work climbs", "# doc\nidem init\ncp store.db $WORK/../x\n", 3, "climbs out with .."},
		{"db flag dashes", "# doc\nidem --db /tmp/x init\n", 2, `idem's argument 2: "/tmp/x" is an absolute path`},
		{"archive variable", "# doc\nidem init\n-- ${/}tmp${/}x --\nx\n", 3, "archive file: \"${/}tmp${/}x\" expands $/"},
		{"archive work climbs", "# doc\nidem init\n-- $WORK/../x --\nx\n", 3, `archive file: "$WORK/../x" expands $WORK before the script's variables exist, so testscript writes it at "/../x"`},
		// Issue 29's blocker: testscript unpacks the archive before its
		// environment exists, so $WORK is empty there and the name absolute.
		{"archive work absolute", "# doc\nidem init\n-- $WORK/some/absolute/path --\nx\n", 3, `archive file: "$WORK/some/absolute/path" expands $WORK before the script's variables exist, so testscript writes it at "/some/absolute/path"`},
		{"archive braced work", "# doc\nidem init\n-- ${WORK}/etc/cron.d/x --\nx\n", 3, `writes it at "/etc/cron.d/x"`},
		{"archive quoted work", "# doc\nidem init\n-- ${WORK@R}x --\nx\n", 3, `"${WORK@R}x" expands $WORK@R`},
		{"archive work inside", "# doc\nidem init\n-- a/$WORK --\nx\n", 3, `writes it at "a/"`},
		{"archive dollar variable", "# doc\nidem init\n-- $$x --\nx\n", 3, `expands $$`},
		{"archive bad brace", "# doc\nidem init\n-- ${}x --\nx\n", 3, `"${}x" is rewritten by testscript's expansion as "x"`},
		{"archive open brace", "# doc\nidem init\n-- x${ --\nx\n", 3, `is rewritten by testscript's expansion as "x"`},
		{"archive climbs", "# doc\nidem init\n-- ../../escape.txt --\nx\n", 3, "archive file"},
		{"archive absolute", "# doc\nidem init\n-- /tmp/escape.txt --\nx\n", 3, "archive file"},
		{"too long", "# doc\n" + strings.Repeat("idem init\n", 401), 401, "longer than the limit of 400 lines"},
	} {
		err := lint(c.script)
		if want := "student/x.txtar:" + strconv.Itoa(c.line) + ": "; err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: Lint = %v, want an error at %s saying %q", c.name, err, want, c.says)
		}
	}
}

// TestHardLinks: a file with another name elsewhere (another student's
// worksheet, a file outside the class) is flagged and not read, on both
// sides of the link.
func TestHardLinks(t *testing.T) {
	class := t.TempDir()
	testfs.Write(t, class, map[string]string{"bob/worksheet.md": "# bob's\nSECRET\n", "bob/student/counts.txtar": counts})
	if err := os.MkdirAll(filepath.Join(class, "mallory", "student"), 0o755); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		"mallory/worksheet.md":         "bob/worksheet.md",
		"mallory/student/counts.txtar": "bob/student/counts.txtar",
	} {
		if err := os.Link(filepath.Join(class, target), filepath.Join(class, link)); err != nil {
			t.Fatal(err)
		}
	}
	for _, student := range []string{"mallory", "bob"} {
		s, err := reader(submission.DefaultLimits).Read(filepath.Join(class, student))
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Worksheets) != 0 || len(s.Observations) != 0 {
			t.Errorf("%s: read %d worksheets and %d observations through a hard link", student, len(s.Worksheets), len(s.Observations))
		}
		if want := "worksheet.md: has 2 hard links: a submission's files must be its own; not read"; !slices.Contains(s.Flags, want) {
			t.Errorf("%s: flags %q, want %q", student, s.Flags, want)
		}
		if want := "student/counts.txtar: has 2 hard links: a submission's files must be its own; not read"; s.Refused["student/counts"] != want {
			t.Errorf("%s: refused %q, want student/counts refused with %q", student, s.Refused, want)
		}
	}
}

// TestManyEntries: a student/ folder holding more than MaxEntries names
// is listed no further than that, and none of its files is read.
func TestManyEntries(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"worksheet.md": "# mine\n", "student/counts.txtar": counts}
	testfs.Write(t, dir, files)
	for i := range submission.MaxEntries {
		f, err := os.Create(filepath.Join(dir, "student", "empty"+strconv.Itoa(i)+".txtar"))
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	s, err := reader(submission.DefaultLimits).Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"student: holds more than " + strconv.Itoa(submission.MaxEntries) + " entries; none of them is read"}
	if diff := cmp.Diff(want, s.Flags); diff != "" || len(s.Observations) != 0 || len(s.Refused) != 0 {
		t.Errorf("flags (-want +got):\n%s\nobservations %d, refused %d; want none", diff, len(s.Observations), len(s.Refused))
	}
	if len(s.Worksheets) != 1 {
		t.Errorf("the worksheet is read all the same: %d worksheets", len(s.Worksheets))
	}
}

// TestReadObservationsNamesFromRoot: with Root, a refused observation is
// named from the module root, with slashes, whatever the working
// directory (go test ./mutants runs in mutants/): one path style in
// every report, the lab's own observations' (testdata/student/x.txtar).
func TestReadObservationsNamesFromRoot(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "testdata", "student")
	testfs.Write(t, root, map[string]string{"testdata/student/runs.txtar": "# runs a program\nexec ls\n"})
	t.Chdir(filepath.Join(root, "testdata"))
	for _, c := range []struct {
		name, root, dir, want string
	}{
		{"from the root", "..", filepath.Join("..", "testdata", "student"), "testdata/student/runs.txtar:2: "},
		// A folder outside Root is named from the working directory.
		{"outside the root", filepath.Join(root, "elsewhere"), dir, "student/runs.txtar:2: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, refused, err := submission.Reader{Lab: mutants.Lab(), Limits: submission.DefaultLimits, Root: c.root}.ReadObservations(c.dir)
			if err != nil {
				t.Fatal(err)
			}
			if got := refused["student/runs"]; !strings.HasPrefix(got, c.want) {
				t.Errorf("refused as %q, want it to start %q", got, c.want)
			}
		})
	}
}
