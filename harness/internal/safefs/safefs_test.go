package safefs_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/internal/safefs"
)

// hostile makes a folder holding every kind of file an attacker could
// put where a regular one is expected, and a secret outside it; it
// returns the folder.
func hostile(t testing.TB) string {
	t.Helper()
	top := t.TempDir()
	root := filepath.Join(top, "root")
	for _, d := range []string{"root/sub", "outside"} {
		if err := os.MkdirAll(filepath.Join(top, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{"root/ok.txt": "ok", "root/sub/ok.txt": "deep", "root/big.txt": strings.Repeat("x", 100), "outside/secret.txt": "secret"}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(top, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, to := range map[string]string{"zero": "/dev/zero", "secret": "../outside/secret.txt", "up": "../outside", "loop": "loop", "subln": "sub"} {
		if err := os.Symlink(to, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(root, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(filepath.Join(root, "ok.txt"), filepath.Join(root, "hard.txt")); err != nil {
		t.Fatal(err)
	}
	return root
}

// TestReadIn: only a regular file within the limit is read; a link (the
// file's or a folder's on its way), a FIFO (at once, never blocking), a
// folder and a file over the limit are each refused, saying why.
func TestReadIn(t *testing.T) {
	root := hostile(t)
	for _, tc := range []struct {
		rel, want string
		problem   safefs.Problem
	}{
		{"ok.txt", "ok", 0},
		{"sub/ok.txt", "deep", 0},
		{"hard.txt", "ok", 0}, // ReadIn takes a hard link; Dir.ReadOwn does not
		{"zero", "", safefs.NotRegular},
		{"secret", "", safefs.NotRegular},
		{"fifo", "", safefs.NotRegular},
		{"sub", "", safefs.NotRegular},
		{"big.txt", "", safefs.TooLarge},
		{"up/secret.txt", "", safefs.Link},
		{"subln/ok.txt", "", safefs.Link},
		{"loop/x", "", safefs.Link},
		{"ok.txt/x", "", safefs.NotFolder},
	} {
		t.Run(tc.rel, func(t *testing.T) {
			data, err := safefs.ReadIn(root, tc.rel, 10)
			var e *safefs.Error
			switch {
			case tc.problem == 0 && err != nil:
				t.Fatalf("ReadIn: %v", err)
			case tc.problem == 0 && string(data) != tc.want:
				t.Errorf("ReadIn = %q, want %q", data, tc.want)
			case tc.problem != 0 && !errors.As(err, &e):
				t.Fatalf("ReadIn = %q, %v; want a refusal", data, err)
			case tc.problem != 0 && e.Problem != tc.problem:
				t.Errorf("ReadIn refused with %v, want problem %d", err, tc.problem)
			}
		})
	}
}

// TestReasons: each refusal says what the file is.
func TestReasons(t *testing.T) {
	root := hostile(t)
	var got []string
	for _, rel := range []string{"zero", "fifo", "sub", "big.txt", "up/secret.txt", "ok.txt/x"} {
		_, err := safefs.ReadIn(root, rel, 10)
		got = append(got, strings.TrimPrefix(err.Error(), root+"/"))
	}
	want := []string{
		"zero: is a symbolic link: only regular files are read",
		"fifo: is a named pipe (FIFO): only regular files are read",
		"sub: is a folder: only regular files are read",
		"big.txt: is 100 bytes, over the limit of 10",
		"up: is a symbolic link: links are not followed",
		"ok.txt: is not a folder",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("reasons (-want +got):\n%s", diff)
	}
}

// TestReadFile: a file named by a path is read only when regular, the
// file itself never followed; a missing one is fs.ErrNotExist.
func TestReadFile(t *testing.T) {
	root := hostile(t)
	if data, err := safefs.ReadFile(filepath.Join(root, "ok.txt"), 10); err != nil || string(data) != "ok" {
		t.Errorf("ReadFile(ok.txt) = %q, %v", data, err)
	}
	for _, name := range []string{"zero", "fifo", "secret", "sub", "big.txt"} {
		if data, err := safefs.ReadFile(filepath.Join(root, name), 10); err == nil {
			t.Errorf("ReadFile(%s) = %q, want a refusal", name, data)
		}
	}
	if _, err := safefs.ReadFile(filepath.Join(root, "none"), 10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadFile(none): %v, want fs.ErrNotExist", err)
	}
}

// TestReadOwn: a file with a second name elsewhere is not one's own.
func TestReadOwn(t *testing.T) {
	root := hostile(t)
	d, err := safefs.OpenDir(root)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var e *safefs.Error
	if _, err := d.ReadOwn("hard.txt", 10); !errors.As(err, &e) || e.Problem != safefs.HardLinks || e.Links != 2 {
		t.Errorf("ReadOwn(hard.txt): %v, want 2 hard links refused", err)
	}
}

// FuzzReadIn: whatever path a report or a submission names below the
// hostile folder, ReadIn returns only the content of a regular file
// inside it, or an error, at once: never the secret outside, never
// /dev/zero, never blocking on the FIFO.
func FuzzReadIn(f *testing.F) {
	for _, s := range []string{"ok.txt", "sub/ok.txt", "up/secret.txt", "secret", "zero", "fifo", "subln/ok.txt", "./sub/../ok.txt", "../outside/secret.txt", "/etc/passwd", "", "loop/loop/x"} {
		f.Add(s)
	}
	root := hostile(f)
	allowed := map[string]bool{"ok": true, "deep": true}
	f.Fuzz(func(t *testing.T, rel string) {
		data, err := safefs.ReadIn(root, rel, 10)
		if err == nil && !allowed[string(data)] {
			t.Errorf("ReadIn(%q) = %q: not a file inside", rel, data)
		}
	})
}
