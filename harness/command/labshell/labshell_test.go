package labshell

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/testscript"

	"idemlab/harness/i18n"
	"idemlab/harness/i18n/i18ntest"
	"idemlab/harness/lab"
	leaselab "idemlab/labs/lease/mutants"
	"idemlab/mutants"
	"idemlab/reference/idem"
)

// labs are the labs the idem binary is built with.
var labs = lab.Registry{
	{Name: "idemstore", Summary: "the idempotency-key store", Lab: mutants.Lab},
	{Name: "lease", Summary: "the lease lab", Lab: leaselab.Lab},
}

func TestMain(m *testing.M) {
	// Whatever the checkout's worksheets and the machine's locale, the
	// tests read English; TestChinese reads the Chinese.
	language = func(*lab.Lab) i18n.Lang { return i18n.English }
	testscript.Main(m, map[string]func(){
		// idem is the first lab's command alone; labs the binary with
		// both labs, -lab choosing.
		"idem": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
		"labs": func() { os.Exit(Main(labs, os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// run runs the first lab's command.
func run(args []string, stdout, stderr io.Writer) int {
	return Run(mutants.Lab(), args, stdout, stderr)
}

// idemShell is the first lab's command as run alone.
func idemShell() shell {
	return shell{reg: lab.Only(mutants.Lab()), lab: mutants.Lab(), cmd: mutants.Lab().Commands[0]}
}

// TestScripts runs testdata/script/*.txtar, each exec'ing the idem binary
// (this test binary under that name) as a separate process.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script", RequireExplicitExec: true})
}

// TestRunExitStatus checks the exact exit status, which a script cannot
// see (testscript's exec only tells success from failure): 0 on success,
// 1 when the operation fails, 2 for a usage error. Every case runs in a
// fresh, empty current directory; none but the successful init may leave
// a file there.
func TestRunExitStatus(t *testing.T) {
	i18ntest.Set(t, i18n.English)
	for _, tc := range []struct {
		name   string
		args   []string
		status int
		stdout string // exact
		stderr string // substring; "" means stderr must be empty
		files  []string
	}{
		{"no args", nil, 0, idemShell().usageIn(i18n.English), "", nil},
		{"no args but -lang", []string{"-lang", "zh-CN"}, 0, idemShell().usageIn(i18n.Chinese), "", nil},
		{"flags but no command", []string{"-db", "s.db"}, 2, "", "idem: missing COMMAND\nusage: idem [-C DIR] [-lang LANG] [-heldout FILE] [-impl NAME] [-db PATH] COMMAND [ARGS]", nil},
		{"impl but no command", []string{"-impl", "reference"}, 2, "", "idem: missing COMMAND\nusage: idem", nil},
		{"unknown flag", []string{"-bogus", "init"}, 2, "", `idem: unknown flag "-bogus"` + "\nusage: idem [-C DIR] [-lang LANG] [-heldout FILE] [-impl NAME]", nil},
		{"unknown impl", []string{"-impl", "9_nope", "init"}, 2, "", `idem: unknown implementation "9_nope"; idem -list shows the names`, nil},
		{"unknown impl without command", []string{"-impl", "9_nope"}, 2, "", `idem: unknown implementation "9_nope"`, nil},
		{"double-dash flag", []string{"--impl=7_counts_hides_pending", "init"}, 0, "", "", []string{"store.db"}},
		{"triple-dash flag", []string{"---impl", "reference", "init"}, 2, "", `idem: unknown flag "---impl"`, nil},
		{"list takes no value", []string{"-list=x"}, 2, "", "idem: flag -list takes no value", nil},
		{"impl needs value", []string{"-impl"}, 2, "", "idem: flag -impl needs a value", nil},
		{"db needs value", []string{"-db"}, 2, "", "idem: flag -db needs a value", nil},
		{"empty db", []string{"-db=", "init"}, 2, "", "flag -db: empty PATH", nil},
		{"unknown command", []string{"bogus"}, 2, "", `idem: unknown command "bogus"`, nil},
		{"interleave unknown write", []string{"interleave", "purge 10", "bogus"}, 2, "", `idem interleave: WRITE "bogus": unknown command "bogus"` + "\nusage: idem [-db PATH] interleave OP [WRITE...]", nil},
		{"between bad write", []string{"between", "drain 10", "purge x"}, 2, "", `idem between: WRITE "purge x": NOW "x": want a number of seconds`, nil},
		{"bad limit", []string{"purge", "10", "true"}, 2, "", `idem purge: LIMIT "true": want an integer` + "\nusage: idem [-db PATH] purge NOW [LIMIT]", nil},
		{"missing store", []string{"counts"}, 1, "", `idem: Counts: store "store.db" does not exist (InitDB creates it)`, nil},
		{"missing store rows", []string{"rows"}, 1, "", `idem: rows: store "store.db" does not exist`, nil},
		{"list", []string{"-list"}, 0, listed(), "", nil},
		{"help", []string{"-h"}, 0, idemShell().usageIn(i18n.English), "", nil},
		{"init", []string{"init"}, 0, "", "", []string{"store.db"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			var stdout, stderr bytes.Buffer
			status := run(tc.args, &stdout, &stderr)
			if status != tc.status {
				t.Errorf("exit status = %d, want %d (stderr %q)", status, tc.status, stderr.String())
			}
			if diff := cmp.Diff(tc.stdout, stdout.String()); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			switch {
			case tc.stderr == "" && stderr.Len() > 0:
				t.Errorf("stderr = %q, want nothing", stderr.String())
			case !strings.Contains(stderr.String(), tc.stderr):
				t.Errorf("stderr = %q, want it to contain %q", stderr.String(), tc.stderr)
			}
			if tc.status == 1 && strings.Contains(stderr.String(), "usage:") {
				t.Errorf("an operation error printed usage: %q", stderr.String())
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var files []string
			for _, e := range entries {
				files = append(files, e.Name())
			}
			if diff := cmp.Diff(tc.files, files); diff != "" {
				t.Errorf("files in the current directory (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRunExitStatusDirectoryStore: a store that is a directory is an
// operation error, status 1, and the directory is left empty.
func TestRunExitStatusDirectoryStore(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "store.db")
	if err := os.Mkdir(store, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init"}, {"reserve", "k", "v", "1"}, {"rows"}} {
		var stdout, stderr bytes.Buffer
		status := run(append([]string{"-db", store}, args...), &stdout, &stderr)
		if status != 1 {
			t.Errorf("idem %q: status %d, want 1", args, status)
		}
		if !strings.Contains(stderr.String(), "is a directory, not a database file") {
			t.Errorf("idem %q: stderr %q does not say the store is a directory", args, stderr.String())
		}
		if stdout.Len() != 0 {
			t.Errorf("idem %q: stdout %q, want nothing", args, stdout.String())
		}
	}
	entries, err := os.ReadDir(store)
	if err != nil || len(entries) != 0 {
		t.Errorf("directory store after the errors: %v, %v; want it empty", entries, err)
	}
	if _, err := os.Stat(store + "-wal"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("store.db-wal: Stat = %v, want not exist", err)
	}
}

// listed is what -list prints: the reference's name and every mutant's
// neutral label, one a line, never a descriptive name.
func listed() string {
	var b strings.Builder
	b.WriteString(mutants.Lab().Reference.Name + "\n")
	for _, m := range mutants.Lab().Catalogue.Mutants {
		b.WriteString(m.Label + "\n")
	}
	return b.String()
}

// TestHeldOut: with -heldout, -list names the catalogue's viable held-out
// mutants and -impl runs a command against one of them.
func TestHeldOut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the held-out mutants")
	}
	const catalogue = "../../../testdata/heldout/example.json"
	var stdout, stderr bytes.Buffer
	if status := run([]string{"-heldout", catalogue, "-list"}, &stdout, &stderr); status != 0 {
		t.Fatalf("-list: status %d, %s", status, stderr.String())
	}
	names := strings.Fields(stdout.String())
	if !slices.Contains(names, "4_fetch_ignores_status") || slices.Contains(names, "3_finish_does_not_compile") {
		t.Errorf("-heldout -list = %q; want the viable held-out mutants, not the unviable ones", names)
	}
	db := filepath.Join(t.TempDir(), "s.db")
	for _, args := range [][]string{{"init"}, {"reserve", "k", "v", "10"}} {
		if status := run(append([]string{"-db", db}, args...), &stdout, &stderr); status != 0 {
			t.Fatalf("%q: status %d, %s", args, status, stderr.String())
		}
	}
	stdout.Reset()
	stderr.Reset()
	status := run([]string{"-heldout", catalogue, "-impl", "4_fetch_ignores_status", "-db", db, "fetch", "k", "5"}, &stdout, &stderr)
	if status != 1 || !strings.Contains(stderr.String(), "no response") {
		t.Errorf("fetch of a pending key on 4_fetch_ignores_status: status %d, stdout %q, stderr %q; want the mutant's error, status 1", status, stdout.String(), stderr.String())
	}
}

// TestChinese: a Chinese student's usage and usage errors are Chinese,
// the mistyped command named with the one meant, and keep no English
// sentence (the command's own words, its arguments and values aside).
func TestChinese(t *testing.T) {
	english := regexp.MustCompile(`\b[A-Za-z]{3,} [A-Za-z]{3,}\b`)
	code := regexp.MustCompile("\"[^\"]*\"|\\S*[-_.:/{}\\[\\]]\\S*|\\bidem\\b|\\b[A-Z]+\\b|\\b(true|false|null|pending|done|during|after|waits|drain|reference)\\b")
	check := func(what, text string) {
		t.Helper()
		for i, line := range strings.Split(text, "\n") {
			if w := english.FindString(code.ReplaceAllString(line, "")); w != "" {
				t.Errorf("%s, line %d, keeps English %q: %s", what, i+1, w, line)
			}
		}
	}
	check("usage", idemShell().usageIn(i18n.Chinese))
	for _, args := range [][]string{{"fech", "k1", "5"}, {"reserve", "k"}, {"fetch", "k", "x"}, {"purge", "5", "1.5"}, {"finish", "k", "d", "{"}, {"finish", "k", "d", "{bad"}, {"finish", "k", "d", "[1 2]"}, {"counts", "extra"}, {"-db"}, {"-x", "init"}, {}} {
		err := idem.Run(mutants.Lab().Reference, t.TempDir(), args, io.Discard)
		var u *idem.UsageError
		if !errors.As(err, &u) {
			t.Fatalf("%q: %v, want a usage error", args, err)
		}
		msg := idemShell().misuseIn(i18n.Chinese, u)
		check(fmt.Sprintf("the error of %q", args), msg)
		if english := idemShell().misuseIn(i18n.English, u); english != u.Error() && !strings.Contains(english, "did you mean") {
			t.Errorf("%q: English %q, want idem's own %q", args, english, u.Error())
		}
	}
	// The store's own errors, as the command prints them.
	defer func(l func(*lab.Lab) i18n.Lang) { language = l }(language)
	language = func(*lab.Lab) i18n.Lang { return i18n.Chinese }
	dir := t.TempDir()
	for _, args := range [][]string{{"fetch", "k1", "5"}, {"init"}, {"fetch", "k1", "NaN"}, {"expired", "5", "0"}} {
		var stderr bytes.Buffer
		run(append([]string{"-db", filepath.Join(dir, "store.db")}, args...), io.Discard, &stderr)
		if args[0] != "init" {
			check(fmt.Sprintf("the store's error of %q", args), stderr.String())
		}
	}
	var stderr bytes.Buffer
	run([]string{"-lang", "fr", "init"}, io.Discard, &stderr)
	if got, want := stderr.String(), `idem: -lang: 不支持语言 "fr"；可选 en 或 zh-CN`; !strings.HasPrefix(got, want) {
		t.Errorf("-lang fr in Chinese: %q, want %q", got, want)
	}
	var u *idem.UsageError
	errors.As(idem.Run(mutants.Lab().Reference, t.TempDir(), []string{"fech", "k1", "5"}, io.Discard), &u)
	if got := idemShell().misuseIn(i18n.Chinese, u); !strings.Contains(got, `未知的子命令 "fech"；你是不是想输入 "fetch"？`) {
		t.Errorf("the typo's error is %q, want it to name fetch", got)
	}
}
