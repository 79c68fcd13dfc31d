package grade

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"

	grading "idemlab/harness/grade"
	"idemlab/harness/killmatrix"
)

// signing are the flags that say how shards are signed (grade -shard)
// and verified (grade merge), and the key they name.
type signing struct {
	keyFile  string
	unsigned bool
	key      []byte
	// inputs are what a shard's signature records it was graded with.
	inputs grading.Inputs
}

func (s *signing) define(fs *flag.FlagSet, verb, unsigned string) {
	fs.StringVar(&s.keyFile, "key-file", "", verb+" shards with the key in `FILE` instead of $"+grading.ShardKeyEnv)
	fs.BoolVar(&s.unsigned, "unsigned", false, unsigned)
}

// maxKeyFile bounds a key file: a key is a line, not a document.
const maxKeyFile = 4 << 10

// load reads the key: -key-file's first line, else $IDEMLAB_SHARD_KEY; nil
// when neither is set.
func (s *signing) load() error {
	key := os.Getenv(grading.ShardKeyEnv)
	if s.keyFile != "" {
		data, err := readRegular(s.keyFile, maxKeyFile)
		if err != nil {
			return fmt.Errorf("-key-file: %v", err)
		}
		key = strings.TrimSpace(string(data))
	}
	if key == "" {
		return nil
	}
	if err := grading.CheckKey([]byte(key)); err != nil {
		return fmt.Errorf("%s: %v", s.source(), err)
	}
	s.key = []byte(key)
	return nil
}

func (s *signing) source() string {
	if s.keyFile != "" {
		return s.keyFile
	}
	return "$" + grading.ShardKeyEnv
}

// forShard loads the key a shard is signed with: without one, only
// -unsigned lets the shard be written, with a warning.
func (s *signing) forShard(stderr io.Writer) error {
	if err := s.load(); err != nil {
		return err
	}
	switch {
	case s.key == nil && !s.unsigned:
		return fmt.Errorf("-shard: no key to sign the shard with: set $%s or name -key-file FILE (grade merge verifies with the same key), or give -unsigned", grading.ShardKeyEnv)
	case s.key == nil:
		fmt.Fprintln(stderr, "grade: WARNING: the shard is written unsigned: grade merge accepts it only with -unsigned, and nothing then shows it was not edited")
	case s.unsigned:
		return errors.New("-unsigned: a key is set too; give one or the other")
	}
	return nil
}

// readRegular reads a regular file of at most max bytes, refusing
// anything else (a FIFO would hang the read, a device never end it).
func readRegular(file string, max int64) ([]byte, error) {
	f, err := os.OpenFile(file, os.O_RDONLY|syscall.O_NONBLOCK, 0) // a FIFO opens at once, then is refused
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	switch {
	case err != nil:
		return nil, err
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("%s: not a regular file (%v)", file, fi.Mode().Type())
	case fi.Size() > max:
		return nil, fmt.Errorf("%s: %d bytes, over the limit of %d", file, fi.Size(), max)
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(data)) > max {
		err = fmt.Errorf("%s: over the limit of %d bytes", file, max)
	}
	return data, err
}

// shardInputs sets the shard grading writes, with -shard, and what its
// signature will record it was graded with (the class listing is
// recorded when the class is listed).
func (f *flags) shardInputs(opt *grading.Options, obs []killmatrix.Observation) error {
	if f.shard == "" {
		return nil
	}
	s, err := grading.ParseShard(f.shard)
	if err != nil {
		return fmt.Errorf("-shard: %v", err)
	}
	opt.Shard = &s
	f.inputs.Rubric, f.inputs.Observations = grading.RubricDigest(opt.Rubric), grading.ObservationsDigest(obs)
	if f.heldOut != "" {
		data, err := os.ReadFile(f.heldOut)
		if err != nil {
			return fmt.Errorf("-heldout: %v", err)
		}
		f.inputs.HeldOut = grading.Digest(data)
	}
	return nil
}

// shardFlags checks, before anything is read, what -shard asks of the
// other flags: a shard is JSON (a -format given other than json is
// refused), and it is signed unless -unsigned says otherwise.
func (f *flags) shardFlags(fs *flag.FlagSet, stderr io.Writer) error {
	if f.shard == "" {
		if f.keyFile != "" || f.unsigned {
			return errors.New("-key-file and -unsigned are for -shard K/N: only a shard is signed")
		}
		return nil
	}
	if _, err := grading.ParseShard(f.shard); err != nil {
		return fmt.Errorf("-shard: %v", err)
	}
	set := false
	fs.Visit(func(fl *flag.Flag) { set = set || fl.Name == "format" })
	if set && f.format != "json" {
		return fmt.Errorf("-shard: a shard is written as JSON, for grade merge, which writes -format %s; drop -format %s", f.format, f.format)
	}
	f.format = "json"
	return f.forShard(stderr)
}

// sign signs a shard's result, when there is a key.
func (f *flags) sign(class *grading.Class) error {
	if f.shard == "" || f.key == nil {
		return nil
	}
	return class.Sign(f.key, f.inputs)
}
