package grade_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/grade"
	"idemlab/harness/heldout"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/testfs"
	"idemlab/harness/killmatrix"
	"idemlab/harness/submission"
)

// secret is a line outside every submission that no output may quote.
const secret = "SECRET-LINE-OUTSIDE-THE-SUBMISSION"

// hostileClass is the honest class with a submission beside it for each
// way a student could try to break grading; it is graded once, with
// feedback, for every subtest of TestHostileClass.
var hostileClass = sync.OnceValues(func() (*hostile, error) {
	h := &hostile{}
	var err error
	if h.dir, err = os.MkdirTemp("", "idemlab-hostile-"); err != nil {
		return nil, err
	}
	h.class = filepath.Join(h.dir, "class")
	h.outside = filepath.Join(h.dir, "outside")
	return h, nil
})

type hostile struct {
	dir, class, outside string
	c                   *grade.Class
	feedback            string
	work                string
}

// bigResponse is a response of about 100 KB, to store and fetch often.
var bigResponse = `'"` + strings.Repeat("x", 100_000) + `"'`

// attacks writes the hostile submissions. Each is named for what it does.
func (h *hostile) attacks(t *testing.T) {
	t.Helper()
	testfs.Write(t, h.outside, map[string]string{
		"secret.md":           prediction("7_counts_hides_pending", "edge/counts_sees_pending", "state") + secret + "\n",
		"student/steal.txtar": "# " + secret + "\nidem init\n",
	})
	files := map[string]string{
		// One right block beside a malformed one: the right one counts.
		"malformed/worksheet.md": prediction("7_counts_hides_pending", "edge/counts_sees_pending", "state") +
			"\n```prediction\nmutant: 4_fetch\nkiller: edge/nope\nevidence: maybe\n```\n",
		// Runs a program: refused before anything runs.
		"execs/student/pwn.txtar": "# Runs a program.\nexec sh -c 'touch " + filepath.Join(h.dir, "pwned") + "'\n",
		// 20,000 commands: refused, it is over the line limit.
		"long/student/long.txtar": "# Many commands.\nidem init\n" + strings.Repeat("idem counts\n", 20_000),
		// Copies one file into many names: fills its own work area only.
		"diskfill/student/fill.txtar": "# Fills the disk.\n" + fillScript(200) + "-- big --\n" + strings.Repeat("y", 200_000) + "\n",
		// Fetches a large response many times: its kept output is bounded.
		"bigout/student/fetch.txtar": "# Fetches a big response often.\nidem init\nidem reserve k v 10\nidem finish k v " + bigResponse + "\n" +
			strings.Repeat("idem fetch k 5\n", 60) + "stdout xxxx\n",
	}
	// The attacks of issue 20, each beside the honest students.
	for name, script := range map[string]string{
		// Reads the worker's own read counter: refused at its file.
		"procio/student/io.txtar": "# Looks ordinary.\nidem init\nidem counts\ngrep '-x\\|^rchar: \\d{1,6}$' ${/}proc${/}self${/}io\n",
		// Reads another student's worksheet, by a relative and by an
		// absolute path.
		"peek/student/rel.txtar": "# Peeks.\nidem init\n! grep '-x\\|SECRET.*' ../../alice/worksheet.md\n",
		"peek/student/abs.txtar": "# Peeks.\nidem init\n! grep '-x\\|SECRET.*' " + filepath.Join(h.class, "alice", "worksheet.md") + "\n",
		// Reads /dev/zero through grep.
		"devzero/student/zero.txtar": "# Reads forever.\nidem init\ngrep '-x' ${/}dev${/}zero\n",
		"devzero/student/abs.txtar":  "# Reads forever.\nidem init\ngrep '-x' /dev/zero\n",
		// Writes an archive file outside its work folder.
		"archive/student/out.txtar": "# Writes outside.\nidem init\n-- ${/}tmp${/}idemlab-archive-attack --\nx\n",
		// Fourteen thousand empty blocks, and one line of 200 KB.
		"fences/worksheet.md":   strings.Repeat("```prediction\n```\n", 14_000),
		"longline/worksheet.md": "```prediction\nmutant: " + strings.Repeat("x", 200_000) + "\nkiller: edge/nope\n```\n",
		// Two students whose names differ in case only.
		"Bob/worksheet.md": prediction("1_init", "edge/init_twice_keeps_rows", "error"),
		"bob/worksheet.md": prediction("1_init", "edge/init_twice_keeps_rows", "error"),
	} {
		files[name] = script
	}
	testfs.Write(t, h.class, files)
	// Many empty files: one flag, and none of them read.
	if err := os.MkdirAll(filepath.Join(h.class, "manyfiles", "student"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 3 * submission.MaxEntries {
		f, err := os.Create(filepath.Join(h.class, "manyfiles", "student", fmt.Sprintf("e%05d.txtar", i)))
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	// A worksheet that is also a file outside the class.
	if err := os.MkdirAll(filepath.Join(h.class, "mallory"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(filepath.Join(h.outside, "secret.md"), filepath.Join(h.class, "mallory", "worksheet.md")); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"zero/student", "fifo/student", "outside", ".carol", "evil\n\x1b[31mFLAG grade 100"} {
		if err := os.MkdirAll(filepath.Join(h.class, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	testfs.Write(t, h.class, map[string]string{".carol/worksheet.md": prediction("1_init", "edge/init_twice_keeps_rows", "error")})
	for link, target := range map[string]string{
		"zero/worksheet.md":       "/dev/zero",
		"zero/student/zero.txtar": "/dev/zero",
		"outside/worksheet.md":    filepath.Join(h.outside, "secret.md"),
		"outside/student":         filepath.Join(h.outside, "student"),
		"linked-student-folder":   filepath.Join(h.outside),
	} {
		if err := os.Symlink(target, filepath.Join(h.class, link)); err != nil {
			t.Fatal(err)
		}
	}
	for _, fifo := range []string{"fifo/worksheet.md", "fifo/student/f.txtar"} {
		if err := syscall.Mkfifo(filepath.Join(h.class, fifo), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fillScript copies the archive's file big into n names.
func fillScript(n int) string {
	var b strings.Builder
	b.WriteString("idem init\n")
	for i := range n {
		fmt.Fprintf(&b, "cp big copy%03d\n", i)
	}
	b.WriteString("idem counts\nstdout '\"pending\":0'\n")
	return b.String()
}

func (h *hostile) grade(t *testing.T) {
	t.Helper()
	honest(t, h.class)
	h.attacks(t)
	opt := options(t)
	opt.Budgets.Disk = 4 << 20
	h.feedback = filepath.Join(h.dir, "feedback")
	if err := os.Mkdir(h.feedback, 0o755); err != nil {
		t.Fatal(err)
	}
	opt.FeedbackDir, h.work = h.feedback, opt.WorkRoot
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.c = gradeClass(t, h.class, opt)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Minute):
		t.Fatal("grading the hostile class did not finish in 5 minutes")
	}
}

// TestHostileClass grades a class holding every attack of the trust
// boundary beside honest students: every attack is flagged with its
// reason, no honest grade changes, and nothing outside the submissions is
// read, written or run.
func TestHostileClass(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class of hostile submissions")
	}
	h, err := hostileClass()
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(h.dir)
	h.grade(t)
	c := h.c
	t.Logf("%d entries graded in %v; workers isolated by %s", len(c.Rows), time.Duration(c.ElapsedMS)*time.Millisecond, row(t, c, "alice").Isolation)

	for _, tc := range []struct{ student, flag string }{
		{"zero", "worksheet.md: is a symbolic link"},
		{"zero", "student/zero.txtar: is a symbolic link"},
		{"fifo", "worksheet.md: is a named pipe"},
		{"fifo", "student/f.txtar: is a named pipe"},
		{"outside", "worksheet.md: is a symbolic link"},
		{"outside", "student: is a symbolic link"},
		{"linked-student-folder", "is a symbolic link, not a submission folder"},
		{".carol", "is a hidden folder"},
		{`evil\n\x1b[31mFLAG grade 100`, "the control character U+000A"},
		{"execs", `student/pwn.txtar:2: command "exec" is not allowed`},
		{"long", "student/long.txtar:401: the script is longer than the limit of 400 lines"},
		{"malformed", "worksheet: worksheet.md:11: killer: unknown observation"},
		{"procio", `not run: student/io.txtar:4: grep's argument 2: "${/}proc${/}self${/}io" expands $/: only $WORK is allowed`},
		{"peek", `not run: student/rel.txtar:3: grep's argument 2: "../../alice/worksheet.md" climbs out`},
		{"peek", `not run: student/abs.txtar:3: grep's argument 2: "` + filepath.Join(h.class, "alice", "worksheet.md") + `" is an absolute path`},
		{"devzero", `not run: student/zero.txtar:3: grep's argument 2: "${/}dev${/}zero" expands $/`},
		{"devzero", `not run: student/abs.txtar:3: grep's argument 2: "/dev/zero" is an absolute path`},
		{"archive", `not run: student/out.txtar:3: archive file: "${/}tmp${/}idemlab-archive-attack" expands $/`},
		{"manyfiles", "student: holds more than 1024 entries; none of them is read"},
		{"mallory", "worksheet.md: has 2 hard links: a submission's files must be its own; not read"},
		{"Bob", `the name "Bob" is the same as "bob" once case is folded`},
		{"bob", `the name "bob" is the same as "Bob" once case is folded`},
		{"fences", "and "},
	} {
		t.Run("flagged/"+tc.student, func(t *testing.T) {
			if r := row(t, c, tc.student); !flagged(r, tc.flag) {
				t.Errorf("%s is not flagged %q: %q", tc.student, tc.flag, r.Flags)
			}
		})
	}
	t.Run("malformed block beside a right one", func(t *testing.T) {
		if r := row(t, c, "malformed"); r.Right != 1 || r.Predicted != 1 {
			t.Errorf("right %d of %d predicted, want the good block judged: 1 of 1", r.Right, r.Predicted)
		}
	})
	t.Run("disk fill stays in its work area", func(t *testing.T) {
		r := row(t, c, "diskfill")
		if r.Isolation == "bubblewrap" && r.Invalid != 1 {
			t.Errorf("under bubblewrap the filling observation must fail for want of space: %+v", r)
		}
	})
	t.Run("big outputs are bounded", func(t *testing.T) {
		if r := row(t, c, "bigout"); !r.Graded || flagged(r, "exceeded") || flagged(r, "killed") {
			t.Errorf("bigout: %+v", r)
		}
	})
	t.Run("attacks score nothing", func(t *testing.T) {
		for _, student := range []string{"procio", "peek", "devzero", "archive", "manyfiles", "mallory", "fences", "longline"} {
			if r := row(t, c, student); r.OwnKills != 0 || r.Right != 0 || r.Total > 0 {
				t.Errorf("%s: %d own kills, %d right, total %v; want nothing", student, r.OwnKills, r.Right, r.Total)
			}
		}
	})
	t.Run("flags are bounded", func(t *testing.T) {
		for _, r := range c.Rows {
			if len(r.Flags) > grade.MaxFlags+1 {
				t.Errorf("%s: %d flags, want at most %d and a count of the rest", r.Student, len(r.Flags), grade.MaxFlags+1)
			}
			for _, f := range r.Flags {
				if n := utf8.RuneCountInString(f); n > grade.MaxFlagRunes {
					t.Errorf("%s: a flag of %d characters, want at most %d: %.80s…", r.Student, n, grade.MaxFlagRunes, f)
				}
			}
		}
		if r := row(t, c, "fences"); !slices.ContainsFunc(r.Flags, func(f string) bool {
			return strings.HasPrefix(f, "worksheet: and ") && strings.HasSuffix(f, " more problems")
		}) {
			t.Errorf("fences: the flags do not count the problems past %d: %q", grade.MaxFlags, r.Flags[len(r.Flags)-1])
		}
	})
	t.Run("colliding names get distinct feedback files", func(t *testing.T) {
		for _, name := range []string{"Bob~1.txt", "bob~2.txt"} {
			if _, err := os.Stat(filepath.Join(h.feedback, name)); err != nil {
				t.Error(err)
			}
		}
	})
	t.Run("nothing outside is written", func(t *testing.T) {
		if _, err := os.Stat("/tmp/idemlab-archive-attack"); err == nil {
			t.Error("an archive file was written to /tmp")
		}
	})
	t.Run("nothing outside is run", func(t *testing.T) {
		if _, err := os.Stat(filepath.Join(h.dir, "pwned")); err == nil {
			t.Error("the exec observation ran")
		}
	})
	t.Run("nothing outside is quoted", func(t *testing.T) {
		var out bytes.Buffer
		c.Table(&out)
		c.CSV(&out)
		c.JSON(&out)
		filepath.WalkDir(h.feedback, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				data, _ := os.ReadFile(path)
				out.Write(data)
			}
			return nil
		})
		if strings.Contains(out.String(), secret) {
			t.Error("an output quotes a file outside the submissions")
		}
		if strings.ContainsAny(out.String(), "\x1b\r") || strings.Contains(out.String(), "\nFLAG grade 100") {
			t.Error("a control character from a name reached an output")
		}
	})
	t.Run("no work folder is left behind", func(t *testing.T) {
		if left, _ := os.ReadDir(h.work); len(left) != 0 {
			t.Errorf("left behind in the work root: %v", left)
		}
	})
	t.Run("honest grades equal grading alone", func(t *testing.T) {
		alone := gradeClass(t, honestClass(t), options(t))
		for _, want := range alone.Rows {
			if diff := cmp.Diff(want, row(t, c, want.Student)); diff != "" {
				t.Errorf("%s (-alone +in the hostile class):\n%s", want.Student, diff)
			}
		}
	})
}

func honestClass(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	honest(t, dir)
	return dir
}

// TestWorkerBudgets: a worker that runs over its wall clock, or dies, or
// cannot start, ends its own submission alone, flagged with why.
func TestWorkerBudgets(t *testing.T) {
	class := t.TempDir()
	honest(t, class)
	for _, tc := range []struct {
		name   string
		change func(*grade.Options)
		flag   string
	}{
		{"over its wall clock", func(o *grade.Options) { o.Budgets.Wall = time.Millisecond }, "timeout: grading its observations took more than its budget of 1ms"},
		{"fails", func(o *grade.Options) { o.Worker = grade.Worker{Path: "false"} }, "grading its observations failed (exit status 1"},
		{"cannot start", func(o *grade.Options) { o.Worker = grade.Worker{Path: "/no/such/worker"} }, "the worker could not start"},
		// The worker sends back which observation weighs the most, not a
		// result the sandbox would cut off.
		{"over its output", func(o *grade.Options) { o.Budgets.Output = 512 }, "its observations' results exceeded the budget of 512 bytes, student/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := options(t)
			tc.change(&opt)
			c := gradeClass(t, class, opt)
			for _, r := range c.Rows {
				if !flagged(r, tc.flag) || r.OwnKills != 0 {
					t.Errorf("%s: flags %q, own kills %d; want flagged %q and no kills", r.Student, r.Flags, r.OwnKills, tc.flag)
				}
				if r.Predicted != 1 {
					t.Errorf("%s: %d predictions; the worksheet is graded whatever became of the worker", r.Student, r.Predicted)
				}
			}
			if left, _ := os.ReadDir(opt.WorkRoot); len(left) != 0 {
				t.Errorf("left behind: %v", left)
			}
		})
	}
}

// TestHeldOutIsPerStudent grades with the held-out catalogue of
// testdata/heldout: an observation that fails on the held-out control
// copy is its author's invalid observation, and another student's
// held-out kills are the same alone as beside it.
func TestHeldOutIsPerStudent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the held-out mutants")
	}
	opt := options(t)
	set, err := heldout.Load(opt.Lab, root, filepath.Join(root, "testdata", "heldout", "example.json"), nil, killmatrix.Options{Timeout: opt.Budgets.Observation})
	if err != nil {
		t.Fatal(err)
	}
	defer set.Close()
	opt.HeldOut = set
	pendingIsNil := "# A pending key replays nothing.\nidem init\nidem reserve k v 10\nidem fetch k 5\nstdout '^null$'\n"
	alone := t.TempDir()
	testfs.Write(t, alone, map[string]string{"alice/student/pending.txtar": pendingIsNil})
	class := t.TempDir()
	testfs.Write(t, class, map[string]string{
		"alice/student/pending.txtar":  pendingIsNil,
		"mallory/student/broken.txtar": replayAtExpiry,
	})
	a := row(t, gradeClass(t, alone, opt), "alice")
	c := gradeClass(t, class, opt)
	if !slices.Contains(a.KilledHeldOut, "4_fetch_ignores_status") {
		t.Errorf("alice's observation kills no held-out 4_fetch_ignores_status: %+v", a)
	}
	if diff := cmp.Diff(a, row(t, c, "alice")); diff != "" {
		t.Errorf("alice (-alone +beside mallory):\n%s", diff)
	}
	if m := row(t, c, "mallory"); m.Invalid != 1 || m.HeldOutKills != 0 {
		t.Errorf("mallory: %+v; want one invalid observation and no held-out kill", m)
	}
	heldOutFeedback(t, alone, opt)
}

// heldOutFeedback: a student's feedback says of the catalogue's two
// unviable mutants only why, in their language, "does not apply" apart
// from "does not compile", and names neither the instructor's catalogue
// file nor its replaced text.
func heldOutFeedback(t *testing.T, class string, opt grade.Options) {
	t.Helper()
	opt.FeedbackDir = t.TempDir()
	gradeClass(t, class, opt)
	data, err := os.ReadFile(filepath.Join(opt.FeedbackDir, "alice.txt"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, leak := range []string{"example.json", "testdata/heldout", "this text is not in the reference", "changedOne", "does not occur"} {
		if strings.Contains(text, leak) {
			t.Errorf("the feedback shows the instructor's %q:\n%s", leak, text)
		}
	}
	for name, kind := range map[string]string{"5_expired_does_not_apply": "does-not-apply", "3_finish_does_not_compile": "does-not-compile"} {
		want := i18n.English.T("unviable."+kind, nil)
		if !strings.Contains(text, name) || !strings.Contains(text, want) {
			t.Errorf("the feedback does not say of %s %q:\n%s", name, want, text)
		}
	}
}
