// Package verdictcache keeps the results idemlab mutate computed (an
// observation's result on one implementation, a differential search, the
// built program of mutants) in a folder of the user's cache, so that a run
// after a small edit recomputes only what the edit changed.
//
// # Keys
//
// Every entry is stored under a key that is the SHA-256 of exactly what
// decides it, each part length-prefixed ([Key]): for a cell, the harness
// version, the implementation's source and the observation's file name and
// text; for a search, the mutant's source, its seed and budget. The key
// names the file (content addressing): a changed input is a different file,
// never a stale one. An entry also carries its key, the version and the
// SHA-256 of its value, and [Cache.Get] checks all three: a file edited by
// hand, cut short by a killed run, or written by another harness version
// is reported to the cache's warning writer and ignored, never believed.
//
// # The harness version
//
// [Version] is a digest of the source of every package of the module that
// the judging program links (found by following imports from the given
// packages; every non-test file of each package's folder, and the files
// its //go:embed lines name), go.mod and go.sum (which pin every other
// module, whose files the go command verifies), the Go toolchain that
// builds it, and the environment that can change what a lab prints. A
// commit hash would not do: `go run` on an edited tree has the commit's
// hash and a modified flag, whatever the edit. Over-counting is the safe
// side: a file that cannot change a verdict but is in a linked package
// still changes the version, so the cache misses, and is never stale.
//
// # Concurrency and crashes
//
// [Cache.Put] writes a temporary file in the entry's folder and renames it
// over the entry, so a reader sees a whole entry or none, two runs writing
// the same key write the same value, and a run killed mid-write leaves a
// temporary file that no key names.
package verdictcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
)

// Format is the version of the entries' envelope.
const Format = 1

// EnvDisable, set to "off", turns the cache off for every command; set to
// a folder, it puts the cache there (tests use one of their own).
const EnvDisable = "IDEMLAB_CACHE"

// A Key addresses one entry.
type Key [sha256.Size]byte

// NewKey hashes parts, each prefixed with its length, so that no two
// different lists of parts make the same key.
func NewKey(parts ...[]byte) Key {
	h := sha256.New()
	var n [8]byte
	for _, p := range parts {
		binary.BigEndian.PutUint64(n[:], uint64(len(p)))
		h.Write(n[:])
		h.Write(p)
	}
	var k Key
	h.Sum(k[:0])
	return k
}

// String is the key in hex.
func (k Key) String() string { return hex.EncodeToString(k[:]) }

// A Cache is a folder of entries for one harness version. The zero of
// *Cache (nil) is a cache that holds nothing and keeps nothing.
type Cache struct {
	dir     string
	version string
	fresh   bool
	warn    io.Writer
	mu      sync.Mutex // serialises warnings
	warned  int
	hits    atomic.Int64
	misses  atomic.Int64
	bad     atomic.Int64
}

// maxWarnings bounds the warnings a cache prints one by one; the rest
// are counted in Stats.
const maxWarnings = 5

// Dir is the cache's folder: the one IDEMLAB_CACHE names, else idemlab
// under os.UserCacheDir.
func Dir() (string, error) {
	if dir := os.Getenv(EnvDisable); dir != "" && dir != "off" {
		return filepath.Abs(dir)
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(base, "idemlab"), nil
}

// Disabled reports whether the environment turns the cache off.
func Disabled() bool { return os.Getenv(EnvDisable) == "off" }

// Open returns the cache in dir for harness version version, warning on
// warn about entries it ignores (nil: silently).
func Open(dir, version string, warn io.Writer) (*Cache, error) {
	if dir == "" || version == "" {
		return nil, errors.New("verdictcache: no folder or no version")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return &Cache{dir: dir, version: version, warn: warn}, nil
}

// Dir is the cache's folder.
func (c *Cache) Dir() string { return c.dir }

// Fresh makes c read nothing: every Get misses, and Put still keeps. It
// is what a run that must judge everything anew (CI's, -fresh) uses, so
// that not even an entry another run writes meanwhile is believed.
func (c *Cache) Fresh() { c.fresh = true }

// IsFresh reports whether c reads nothing.
func (c *Cache) IsFresh() bool { return c != nil && c.fresh }

// Version is the harness version the cache was opened for.
func (c *Cache) Version() string {
	if c == nil {
		return ""
	}
	return c.version
}

// entry is one file of the cache.
type entry struct {
	Format  int             `json:"format"`
	Version string          `json:"version"`
	Key     string          `json:"key"`
	Sum     string          `json:"sum"`
	Value   json.RawMessage `json:"value"`
}

// path is the file of key k of the given kind ("cell", "search", ...).
func (c *Cache) path(kind string, k Key) string {
	s := k.String()
	return filepath.Join(c.dir, kind, s[:2], s[2:]+".json")
}

// Get reads the entry of kind and k into v and reports whether it was
// there and sound. A missing entry is a miss; an entry that does not
// parse, names another key or version, or whose value does not match its
// sum is a miss too, with a warning.
func (c *Cache) Get(kind string, k Key, v any) bool {
	if c == nil {
		return false
	}
	if c.fresh {
		c.misses.Add(1)
		return false
	}
	file := c.path(kind, k)
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		c.misses.Add(1)
		return false
	}
	if err == nil {
		err = c.check(data, k, v)
	}
	if err != nil {
		c.ignore(file, err)
		return false
	}
	c.hits.Add(1)
	return true
}

// check parses an entry and checks it is the value of key k at this
// version, decoding its value into v.
func (c *Cache) check(data []byte, k Key, v any) error {
	var e entry
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil {
		return fmt.Errorf("not an entry: %v", err)
	}
	switch {
	case e.Format != Format:
		return fmt.Errorf("format %d, want %d", e.Format, Format)
	case e.Version != c.version:
		return fmt.Errorf("written by harness version %.12s, this is %.12s", e.Version, c.version)
	case e.Key != k.String():
		return fmt.Errorf("holds key %.12s, not its own %.12s", e.Key, k.String())
	case e.Sum != sum(e.Value):
		return errors.New("its value does not match its checksum")
	}
	if err := json.Unmarshal(e.Value, v); err != nil {
		return fmt.Errorf("its value does not decode: %v", err)
	}
	return nil
}

func sum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// ignore warns that file was not believed, and why.
func (c *Cache) ignore(file string, why error) {
	c.bad.Add(1)
	c.misses.Add(1)
	c.Warn(fmt.Sprintf("cache entry %s ignored: %v", file, why))
}

// Warn writes a warning about the cache to its warning writer: the
// first few of a run, each on a line of its own that starts with
// "warning: ".
func (c *Cache) Warn(msg string) {
	if c == nil || c.warn == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.warned++
	if c.warned <= maxWarnings {
		fmt.Fprintf(c.warn, "warning: %s\n", msg)
	}
}

// Put stores v as the entry of kind and k: a temporary file renamed over
// the entry, so a reader never sees half of one. An error is returned for
// the caller to report; the cache only ever misses because of it.
func (c *Cache) Put(kind string, k Key, v any) error {
	if c == nil {
		return nil
	}
	value, err := json.Marshal(v)
	if err != nil {
		return err
	}
	data, err := json.Marshal(entry{Format: Format, Version: c.version, Key: k.String(), Sum: sum(value), Value: value})
	if err != nil {
		return err
	}
	return WriteFile(c.path(kind, k), data)
}

// WriteFile writes data to file by way of a temporary file in the same
// folder, renamed over it: atomic for readers and against a killed run.
func WriteFile(file string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(file), ".tmp-*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), file)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// Stats counts what the cache answered.
type Stats struct {
	// Hits were believed; Misses were not there or not believed, of which
	// Ignored were there but unsound (and warned about).
	Hits, Misses, Ignored int64
}

// Stats returns the cache's counts so far.
func (c *Cache) Stats() Stats {
	if c == nil {
		return Stats{}
	}
	return Stats{Hits: c.hits.Load(), Misses: c.misses.Load(), Ignored: c.bad.Load()}
}

// Clear removes every entry of the cache's folder, of every version.
func (c *Cache) Clear() error { return os.RemoveAll(c.dir) }
