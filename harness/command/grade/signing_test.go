package grade

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReadRegularRefuses: a shard or key file is read only when it is a
// regular file within its limit; a FIFO is refused at once, not waited
// on, and a device or a folder is never read.
func TestReadRegularRefuses(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, make([]byte, 11), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ file, want string }{
		{fifo, "fifo: not a regular file (p---------)"},
		{"/dev/zero", "/dev/zero: not a regular file"},
		{dir, ": not a regular file (d---------)"},
		{big, "big: 11 bytes, over the limit of 10"},
		{filepath.Join(dir, "none"), "no such file or directory"},
	} {
		data, err := readRegular(tc.file, 10)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("readRegular(%s) = %d bytes, %v; want an error containing %q", tc.file, len(data), err, tc.want)
		}
	}
	if err := os.WriteFile(big, []byte("0123456789"), 0o600); err != nil {
		t.Fatal(err)
	}
	if data, err := readRegular(big, 10); err != nil || string(data) != "0123456789" {
		t.Errorf("readRegular of 10 bytes = %q, %v", data, err)
	}
}

// TestKeySources: the key is -key-file's first line, else the
// environment's; one too short is refused naming where it came from.
func TestKeySources(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "key")
	if err := os.WriteFile(file, []byte("  a key from the file, long enough \n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("IDEMLAB_SHARD_KEY", "short")
	s := signing{keyFile: file}
	if err := s.load(); err != nil || string(s.key) != "a key from the file, long enough" {
		t.Errorf("-key-file: key %q, %v", s.key, err)
	}
	s = signing{}
	if err := s.load(); err == nil || err.Error() != "$IDEMLAB_SHARD_KEY: the shard key has 5 bytes; want at least 16 (a random one: head -c 32 /dev/urandom | base64)" {
		t.Errorf("a short key from the environment: %v", err)
	}
	t.Setenv("IDEMLAB_SHARD_KEY", "")
	s = signing{}
	if err := s.load(); err != nil || s.key != nil {
		t.Errorf("no key: key %q, %v; want none", s.key, err)
	}
}
