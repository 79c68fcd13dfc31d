package labshell

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestProgramNameOfAnotherLab: the usage of a lab chosen with -lab names
// what the student types, idem -lab lease, never lease alone (the word
// only an observation's lines start with), and offers no -lab LAB of its
// own; the default lab's usage keeps its name.
func TestProgramNameOfAnotherLab(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		want []string // the first lines of stdout and stderr, together
	}{
		{"help", []string{"-lab", "lease", "-h"}, []string{
			"usage: idem -lab lease [-C DIR] [-lang LANG] [-heldout FILE] [-impl NAME] [-db PATH] COMMAND [ARGS]",
			"       idem -lab lease [-C DIR] [-lang LANG] [-heldout FILE] -list",
			"",
			"NAME is reference (the default), a mutant's label (idem -lab lease -list shows them), or with -heldout a held-out mutant's name. LANG is en or zh-CN (default: your worksheet's, else your locale's).",
		}},
		{"missing argument", []string{"-lab", "lease", "claim", "k1"}, []string{
			"lease claim: missing DIGEST OWNER NOW TTL",
			"usage: idem -lab lease [-db PATH] claim KEY DIGEST OWNER NOW TTL",
		}},
		{"unknown command", []string{"-lab", "lease", "reserve", "k1"}, []string{
			`lease: unknown command "reserve"`,
			"usage: idem -lab lease [-db PATH] COMMAND [ARGS]",
		}},
		{"unknown implementation", []string{"-lab", "lease", "-impl", "9_nope", "init"}, []string{
			`lease: unknown implementation "9_nope"; idem -lab lease -list shows the names`,
		}},
		{"the default lab named", []string{"-lab", "idemstore", "-h"}, []string{
			"usage: idem [-C DIR] [-lang LANG] [-lab LAB] [-heldout FILE] [-impl NAME] [-db PATH] COMMAND [ARGS]",
		}},
		{"the default lab", []string{"-db", filepath.Join(dir, "s.db"), "reserve", "k1"}, []string{
			"idem reserve: missing DIGEST EXPIRES",
			"usage: idem [-db PATH] reserve KEY DIGEST EXPIRES",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			Main(labs, tc.args, &stdout, &stderr)
			lines := strings.Split(stdout.String()+stderr.String(), "\n")
			if len(lines) > len(tc.want) {
				lines = lines[:len(tc.want)]
			}
			if diff := cmp.Diff(tc.want, lines); diff != "" {
				t.Errorf("first lines (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLeaseInChinese: with -lang zh-CN, the lease lab's usage, its usage
// errors and its own errors (rows on a missing store, interleave given a
// flag) are Chinese, outside the command's own words.
func TestLeaseInChinese(t *testing.T) {
	english := regexp.MustCompile(`\b[A-Za-z]{3,} [A-Za-z]{3,}\b`)
	code := regexp.MustCompile(`"[^"]*"|'[^']*'|\S*[-_.:/{}\[\]+]\S*|\b[A-Z]+\b|\b(idem|lease|idemstore|SQLite|true|false|null|pending|done|failed|worker|takeover|during|after|waits|reference)\b`)
	db := filepath.Join(t.TempDir(), "store.db")
	for _, args := range [][]string{
		{"-h"}, {}, {"claim", "k1"}, {"claim", "k1", "v1", "A", "x", "10"}, {"renew", "k1", "A", "1.5", "0", "10"},
		{"finish", "k1", "v1", "1", "{"}, {"abandoned", "0", "x"}, {"claim", "k1", "v1", "A", "0", "10", "extra"},
		{"clam"}, {"-db"}, {"-impl", "9_nope", "init"}, {"-db", db, "rows"}, {"-db", db, "inspect", "k1"},
		{"interleave", "claim k1 v1 A 0 10", "-db x"}, {"interleave", "claim k1 v1 A 0 10", "bogus k1"},
		{"interleave", "claim k2 v1 A zero 10"}, {"interleave", "claim k1 v1 A 0 10", "claim -db x"},
		{"interleave", "claim k1 v1 A 0 10", "finish k1 v1 1 {"},
	} {
		var stdout, stderr bytes.Buffer
		status := Main(labs, append([]string{"-lang", "zh-CN", "-lab", "lease"}, args...), &stdout, &stderr)
		out := stdout.String() + stderr.String()
		if status != 0 && !strings.HasPrefix(out, "lease") {
			t.Errorf("%q: %q, want an error naming lease", args, out)
		}
		for i, line := range strings.Split(out, "\n") {
			if w := english.FindString(code.ReplaceAllString(line, "")); w != "" {
				t.Errorf("%q, line %d, keeps English %q: %s", args, i+1, w, line)
			}
		}
		if strings.Contains(out, "usage") || strings.Contains(out, "用法：lease") {
			t.Errorf("%q: %s\nwant the Chinese usage of idem -lab lease", args, out)
		}
	}
}
