package grade

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"idemlab/harness/killmatrix"
)

// ShardKeyEnv names the environment variable that holds the key shards
// are signed and verified with, when no key file is named.
const ShardKeyEnv = "IDEMLAB_SHARD_KEY"

// MinShardKey is the shortest key accepted, in bytes: a key a person
// could guess is no key.
const MinShardKey = 16

// SignatureAlgorithm is the only algorithm a shard is signed with.
const SignatureAlgorithm = "hmac-sha256"

// A Signature says that whoever holds the instructor's key wrote a
// shard as it is, graded with the inputs it names. MAC is HMAC-SHA256,
// keyed with the instructor's key, over the shard's canonical JSON
// (see [Class.Canonical]), in lowercase hex.
type Signature struct {
	// Algorithm is SignatureAlgorithm.
	Algorithm string `json:"algorithm"`
	// KeyID names the key without revealing it (see [KeyID]), so that a
	// shard signed with another key is told from one edited.
	KeyID string `json:"key_id"`
	// Inputs are digests of what the grade depends on beyond the
	// shard's own fields.
	Inputs Inputs `json:"inputs"`
	MAC    string `json:"mac"`
}

// Inputs are the SHA-256 digests, in lowercase hex, of what a shard's
// grades depend on that the shard does not hold in full: merge checks
// them against the other shards and against the files the instructor
// names.
type Inputs struct {
	// Rubric is [RubricDigest] of the rubric graded with.
	Rubric string `json:"rubric"`
	// HeldOut is [Digest] of the held-out catalogue file, "" for none.
	HeldOut string `json:"held_out"`
	// Observations is [ObservationsDigest] of the lab's own observations.
	Observations string `json:"observations"`
	// Class is [ClassDigest] of the whole class's listing, every shard's
	// entries, before the shard chose its own.
	Class string `json:"class"`
	// Roster is [Digest] of the roster file, "" for none: it flags the
	// students it names who handed nothing in, and those it does not.
	Roster string `json:"roster"`
}

// Digest is the SHA-256 of data, in lowercase hex.
func Digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// RubricDigest is the Digest of the rubric's JSON as encoding/json
// writes it (its $schema left out): two rubric files of the same weights
// have the same digest.
func RubricDigest(r Rubric) string {
	r.Schema = ""
	data, _ := json.Marshal(r) // a struct of numbers always encodes
	return Digest(data)
}

// ObservationsDigest is the Digest of the observations' names and texts,
// each length-prefixed, in their order.
func ObservationsDigest(obs []killmatrix.Observation) string {
	var b []byte
	for _, o := range obs {
		b = lengthPrefixed(b, []byte(o.Name))
		b = lengthPrefixed(b, o.Data)
	}
	return Digest(b)
}

// ClassDigest is the Digest of the entries' students, each
// length-prefixed, in the class's order.
func ClassDigest(entries []Entry) string {
	var b []byte
	for _, e := range entries {
		b = lengthPrefixed(b, []byte(e.Student))
	}
	return Digest(b)
}

func lengthPrefixed(b, s []byte) []byte {
	b = strconv.AppendInt(b, int64(len(s)), 10)
	b = append(b, ':')
	return append(b, s...)
}

// KeyID names a key: the first 8 bytes, in hex, of HMAC-SHA256 keyed
// with it over "idemlab shard key id". It tells keys apart and gives
// away no more than a signature does.
func KeyID(key []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("idemlab shard key id"))
	return hex.EncodeToString(m.Sum(nil)[:8])
}

// CheckKey refuses a key too short to be one.
func CheckKey(key []byte) error {
	if len(key) < MinShardKey {
		return fmt.Errorf("the shard key has %d bytes; want at least %d (a random one: head -c 32 /dev/urandom | base64)", len(key), MinShardKey)
	}
	return nil
}

// Canonical is the text a shard's signature covers: the class with its
// signature's MAC emptied (the rest of the signature, its key id and
// inputs, is covered too), encoded by encoding/json's Marshal: compact,
// fields in the order of the Go types, map keys sorted, <, > and &
// escaped as \u003c, \u003e and \u0026. A shard is read into the same
// types before it is verified, so its layout on disk (indentation, key
// order, escapes) does not matter: only what it decodes to does.
func (c *Class) Canonical() ([]byte, error) {
	cc := *c
	if c.Signature != nil {
		s := *c.Signature
		s.MAC = ""
		cc.Signature = &s
	}
	return json.Marshal(&cc)
}

// Sign signs the shard with key, recording in its signature what it was
// graded with.
func (c *Class) Sign(key []byte, in Inputs) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	if c.Shard == nil {
		return errors.New("sign: only a shard's result is signed")
	}
	c.Signature = &Signature{Algorithm: SignatureAlgorithm, KeyID: KeyID(key), Inputs: in}
	mac, err := c.mac(key)
	if err != nil {
		return err
	}
	c.Signature.MAC = mac
	return nil
}

func (c *Class) mac(key []byte) (string, error) {
	data, err := c.Canonical()
	if err != nil {
		return "", err
	}
	m := hmac.New(sha256.New, key)
	m.Write(data)
	return hex.EncodeToString(m.Sum(nil)), nil
}

// ErrUnsigned says a shard carries no signature.
var ErrUnsigned = errors.New("the shard is not signed")

// Verify checks the shard's signature with key: ErrUnsigned without one;
// an error saying so when it was signed with another key, or when
// anything it covers changed after it was signed.
func (c *Class) Verify(key []byte) error {
	s := c.Signature
	switch {
	case s == nil:
		return ErrUnsigned
	case s.Algorithm != SignatureAlgorithm:
		return fmt.Errorf("signature: algorithm %q, want %q", s.Algorithm, SignatureAlgorithm)
	case s.KeyID != KeyID(key):
		return fmt.Errorf("signature: signed with another key (key id %s; yours is %s)", s.KeyID, KeyID(key))
	}
	got, err := hex.DecodeString(s.MAC)
	if err != nil {
		return fmt.Errorf("signature: mac is not hex: %v", err)
	}
	want, err := c.mac(key)
	if err != nil {
		return err
	}
	if w, _ := hex.DecodeString(want); !hmac.Equal(got, w) {
		return errors.New("signature: does not match: the shard was changed after it was signed")
	}
	if RubricDigest(c.Rubric) != s.Inputs.Rubric {
		return errors.New("signature: inputs.rubric is not the digest of the shard's rubric")
	}
	return nil
}
