package mutagen

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"idemlab/harness/internal/verdictcache"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/harness/search"
)

// Digests name the code of every implementation a program holds, for the
// verdict cache's keys: the reference's source, and each mutant's, which
// is that source with its one replacement. Two mutants that make the same
// copy share a digest, and so their results.
type Digests map[string]string

// digests returns the digests of the reference called ref, the control
// and each mutant, made from src.
func digests(ref string, src []byte, mutants []Mutant) Digests {
	d := Digests{}
	s := sha256.Sum256(src)
	d[ref] = verdictcache.NewKey([]byte("reference"), s[:]).String()
	d[controlName] = verdictcache.NewKey([]byte("control"), s[:]).String()
	for _, m := range mutants {
		d[m.ID] = verdictcache.NewKey([]byte("mutant"), s[:], []byte(m.Old), []byte(m.New)).String()
	}
	return d
}

// cellCache is the killmatrix.Cache of a program's run: each result under
// the key of the harness version, the implementation's digest and the
// observation's file name and text.
type cellCache struct {
	c       *verdictcache.Cache
	digests Digests
	ref     string
}

func (k cellCache) key(impl string, o killmatrix.Observation) (verdictcache.Key, bool) {
	d, ok := k.digests[impl]
	if !ok || o.Data == nil {
		return verdictcache.Key{}, false
	}
	return verdictcache.NewKey([]byte("cell"), []byte(k.c.Version()), []byte(d), []byte(o.File), o.Data), true
}

func (k cellCache) Result(impl string, o killmatrix.Observation) (killmatrix.Result, bool) {
	var r killmatrix.Result
	key, ok := k.key(impl, o)
	return r, ok && k.c.Get("cell", key, &r)
}

func (k cellCache) Keep(impl string, o killmatrix.Observation, r killmatrix.Result) {
	key, ok := k.key(impl, o)
	if !ok {
		return
	}
	if impl != k.ref {
		// As the program prints a mutant's cells: without transcript.
		r.Steps, r.Log = nil, ""
	}
	if impl != k.ref && r.Status != outcome.TimedOut {
		// The reference's time says whether a mutant's timeout is a hang,
		// and a timeout's says which deadlines it answers for
		// (killmatrix.Cache).
		r.Elapsed = 0
	}
	k.c.Put("cell", key, r) // a result not kept is only run again
}

// cacheArgs are the program's flags that open the verdict cache, writing
// the digests to a file of their own, which the returned function
// removes.
func cacheArgs(c *verdictcache.Cache, d Digests) ([]string, func(), error) {
	if c == nil {
		return nil, func() {}, nil
	}
	f, err := os.CreateTemp("", "idemlab-digests-*.json")
	if err != nil {
		return nil, nil, err
	}
	err = json.NewEncoder(f).Encode(d)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	remove := func() { os.Remove(f.Name()) }
	if err != nil {
		remove()
		return nil, nil, err
	}
	args := []string{"-cache", c.Dir(), "-cache-version", c.Version(), "-cache-digests", f.Name()}
	if c.IsFresh() {
		args = append(args, "-cache-fresh")
	}
	return args, remove, nil
}

// CacheVersion is the harness version of the verdict cache's keys for
// lab l's program of mutants, built from the checkout at root: a digest
// of every package of the module it links (the lab's binding, so its
// reference and commands, and this package with the harness it imports),
// go.mod and go.sum, the toolchain and the environment
// (verdictcache.Version).
func CacheVersion(l *lab.Lab, root string) (string, error) {
	return verdictcache.Version(root, l.Binding, importPath)
}

// openCellCache opens the cache the program's flags name, warning on
// stderr; nil when they name none.
func openCellCache(dir, version, digestFile, ref string, fresh bool, stderr io.Writer) (killmatrix.Cache, error) {
	if dir == "" {
		return nil, nil
	}
	data, err := os.ReadFile(digestFile)
	if err != nil {
		return nil, err
	}
	var d Digests
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, fmt.Errorf("%s: %v", digestFile, err)
	}
	c, err := verdictcache.Open(dir, version, stderr)
	if err != nil {
		return nil, err
	}
	if fresh {
		c.Fresh()
	}
	return cellCache{c: c, digests: d, ref: ref}, nil
}

// searchKey is the key of one search: the version, the mutant's code, its
// seed and budget in programs. The generator is the harness's search
// package, in the version.
func (p *Program) searchKey(j SearchJob) (verdictcache.Key, bool) {
	d, ok := p.digests[j.ID]
	if p.cache == nil || !ok {
		return verdictcache.Key{}, false
	}
	return verdictcache.NewKey([]byte("search"), []byte(p.cache.Version()), []byte(d),
		[]byte(strconv.FormatUint(j.Seed, 10)), []byte(strconv.Itoa(j.Programs))), true
}

// cachedSearches splits jobs into the results the cache holds, by index,
// and the jobs left to run.
func (p *Program) cachedSearches(jobs []SearchJob) (map[int]search.Result, []int) {
	have := map[int]search.Result{}
	var left []int
	for i, j := range jobs {
		var r search.Result
		if k, ok := p.searchKey(j); ok && p.cache.Get("search", k, &r) && r.Other == j.ID {
			have[i] = r
			p.searchHits.Add(1)
			continue
		}
		left = append(left, i)
	}
	return have, left
}

// keepSearch keeps a search that ran to its end: one stopped by its time
// depends on the machine.
func (p *Program) keepSearch(j SearchJob, r search.Result) {
	if k, ok := p.searchKey(j); ok && !r.OutOfTime {
		p.cache.Put("search", k, r)
	}
}

// programMeta is a built program's entry in the cache: the binary's
// checksum, beside it, and what Build found.
type programMeta struct {
	Sum      string     `json:"sum"`
	Unviable []Unviable `json:"unviable"`
	Builds   int        `json:"builds"`
}

// programKey is the key of the program of mutants of src: the version
// (the harness and lab it links), src, and each mutant.
func programKey(c *verdictcache.Cache, src []byte, mutants []Mutant, nonce string, chunks int) verdictcache.Key {
	parts := [][]byte{[]byte("program"), []byte(c.Version()), src, []byte(nonce), []byte(strconv.Itoa(chunks))}
	for _, m := range mutants {
		parts = append(parts, []byte(m.ID), []byte(m.Old), []byte(m.New))
	}
	return verdictcache.NewKey(parts...)
}

// binPath is where the cache keeps the program of key k.
func binPath(c *verdictcache.Cache, k verdictcache.Key) string {
	return filepath.Join(c.Dir(), "bin", k.String()+".mutrun")
}

// cachedProgram returns the program of key k the cache holds, if its
// binary is whole.
func cachedProgram(c *verdictcache.Cache, k verdictcache.Key, root string) (*Program, bool) {
	var meta programMeta
	if !c.Get("program", k, &meta) {
		return nil, false
	}
	bin := binPath(c, k)
	if sum, err := fileSum(bin); err != nil || sum != meta.Sum {
		c.Warn(fmt.Sprintf("cached program %s ignored: its checksum does not match", bin))
		return nil, false
	}
	return &Program{Bin: bin, Unviable: meta.Unviable, Builds: 0, root: root}, true
}

// keepProgram copies the built program into the cache, and removes all
// but the newest few programs there.
func keepProgram(c *verdictcache.Cache, k verdictcache.Key, p *Program) error {
	data, err := os.ReadFile(p.Bin)
	if err != nil {
		return err
	}
	bin := binPath(c, k)
	if err := verdictcache.WriteFile(bin, data); err != nil {
		return err
	}
	if err := os.Chmod(bin, 0o755); err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	if err := c.Put("program", k, programMeta{Sum: hex.EncodeToString(sum[:]), Unviable: p.Unviable, Builds: p.Builds}); err != nil {
		return err
	}
	pruneBins(filepath.Dir(bin), keptPrograms)
	return nil
}

// keptPrograms is how many built programs the cache keeps: one for each
// lab and a run or two with -run, not every edit's.
const keptPrograms = 4

// pruneBins removes all but the newest n programs of dir.
func pruneBins(dir string, n int) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type bin struct {
		path string
		mod  int64
	}
	var bins []bin
	for _, e := range ents {
		if info, err := e.Info(); err == nil && strings.HasSuffix(e.Name(), ".mutrun") {
			bins = append(bins, bin{filepath.Join(dir, e.Name()), info.ModTime().UnixNano()})
		}
	}
	sort.Slice(bins, func(i, j int) bool { return bins[i].mod > bins[j].mod })
	for _, b := range bins[min(n, len(bins)):] {
		os.Remove(b.path)
	}
}

func fileSum(file string) (string, error) {
	f, err := os.Open(file)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// CoverCached is [Cover], kept in the verdict cache c (nil: none) under
// the harness version, src and the mutants, hand-written and generated:
// what Cover finds depends on nothing else, and costs a gofmt of the
// whole file for each generated mutant.
func CoverCached(c *verdictcache.Cache, src []byte, hand []mutation.Mutant, gen []Mutant) (map[string]string, error) {
	if c == nil {
		return Cover(src, hand, gen)
	}
	mutants, err := json.Marshal(struct {
		Hand []mutation.Mutant
		Gen  []Mutant
	}{hand, gen})
	if err != nil {
		return nil, err
	}
	key := verdictcache.NewKey([]byte("cover"), []byte(c.Version()), src, mutants)
	var cover map[string]string
	if c.Get("cover", key, &cover) {
		return cover, nil
	}
	if cover, err = Cover(src, hand, gen); err == nil {
		c.Put("cover", key, cover) // one not kept is only found again
	}
	return cover, err
}
