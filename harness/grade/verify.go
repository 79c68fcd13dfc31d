package grade

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"idemlab/harness/submission"
)

// Expect is what grade merge holds each shard to: the instructor's key,
// and the inputs the instructor names (the same -rubric, -heldout and
// class folder grade was given).
type Expect struct {
	// Key verifies every signature; nil verifies none.
	Key []byte
	// Unsigned accepts a shard without a signature (with a warning)
	// instead of refusing it.
	Unsigned bool
	// Rubric is the rubric the shards must have been graded with.
	Rubric Rubric
	// HeldOut is the Digest of the held-out catalogue file, "" for none.
	HeldOut string
	// Class is the ClassDigest of the class folder, "" when unchecked.
	Class string
	// Roster is the Digest of the roster file, "" for none.
	Roster string
}

// CheckShard checks a shard read by ReadPartial against e: its signature
// (with e.Key), then that it was graded with e's rubric, held-out
// catalogue and class. It returns a warning when it accepts what it
// cannot vouch for (a shard unsigned, or signed but with no key to
// verify it), and an error naming the shard for anything refused.
func (c *Class) CheckShard(e Expect) (warning string, err error) {
	fail := func(format string, args ...any) (string, error) {
		return "", fmt.Errorf("merge: %s: %s", c.name(), fmt.Sprintf(format, args...))
	}
	switch err := c.verifyWith(e.Key); {
	case errors.Is(err, ErrUnsigned) && e.Unsigned:
		warning = c.name() + " is not signed: nothing shows its rows are what grading wrote"
	case errors.Is(err, ErrUnsigned):
		return fail("not signed: sign shards with the instructor's key (%s or -key-file), or merge with -unsigned to accept it unverified", ShardKeyEnv)
	case errors.Is(err, errNoKey):
		warning = c.name() + " is signed, but with no key its signature is not verified"
	case err != nil:
		return fail("%v", err)
	}
	if got, want := RubricDigest(c.Rubric), RubricDigest(e.Rubric); got != want {
		return fail("rubric: graded with another rubric (%s) than the one given (%s): give grade merge the -rubric FILE the shards were graded with", c.Rubric, e.Rubric)
	}
	in := c.inputs()
	switch {
	case c.Signature == nil && (len(c.HeldOut) > 0) != (e.HeldOut != ""):
		return fail("held_out: graded with %d held-out mutants, but %s", len(c.HeldOut), given("-heldout", e.HeldOut))
	case c.Signature != nil && e.Key != nil && in.HeldOut != e.HeldOut:
		return fail("signature.inputs.held_out: graded with another held-out catalogue (%s) than %s", orNone(in.HeldOut), given("-heldout", e.HeldOut))
	case c.Signature != nil && e.Key != nil && in.Roster != e.Roster:
		return fail("signature.inputs.roster: graded with another roster (%s) than %s", orNone(in.Roster), given("-roster", e.Roster))
	case c.Signature != nil && e.Key != nil && e.Class != "" && in.Class != e.Class:
		return fail("signature.inputs.class: graded a class listed otherwise than the class folder named (another student added or removed since)")
	}
	return warning, nil
}

var errNoKey = errors.New("no key")

func (c *Class) verifyWith(key []byte) error {
	if key == nil {
		if c.Signature == nil {
			return ErrUnsigned
		}
		return errNoKey
	}
	return c.Verify(key)
}

// inputs are the inputs the shard's signature records, none unsigned.
func (c *Class) inputs() Inputs {
	if c.Signature == nil {
		return Inputs{}
	}
	return c.Signature.Inputs
}

// given words the file a flag of grade merge named, by its digest.
func given(flag, digest string) string {
	if digest == "" {
		return "grade merge was given no " + flag + " FILE"
	}
	return "the " + flag + " FILE given (" + digest + ")"
}

func orNone(digest string) string {
	if digest == "" {
		return "none"
	}
	return digest
}

// feedbackName is the base name of a feedback file: a student's name,
// with ~N after it when it collides (see ReadClass).
var feedbackName = regexp.MustCompile(`^(.+?)(~[1-9][0-9]{0,5})?$`)

// checkFeedback says which of a shard's feedback files is not one of its
// graded students', or "".
func checkFeedback(c *Class, seen map[string]bool) string {
	graded := map[string]bool{}
	for _, r := range c.Rows {
		graded[r.Student] = r.Graded
	}
	for name := range c.Feedback {
		m := feedbackName.FindStringSubmatch(name)
		switch {
		case m == nil || submission.CheckName(m[1]) != nil || !graded[m[1]]:
			return fmt.Sprintf("feedback: %q is not the file of a student the shard graded", name)
		case seen[name]:
			return fmt.Sprintf("feedback: %q is written by another shard too", name)
		}
		seen[name] = true
	}
	return ""
}

// WriteFeedback writes the feedback the shards carry, as grade -feedback
// DIR writes it: DIR/NAME.txt for each graded student. Merge has checked
// each name.
func WriteFeedback(dir string, parts []*Class) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("-feedback: %v", err)
	}
	for _, p := range parts {
		for name, text := range p.Feedback {
			if strings.ContainsAny(name, `/\`) || submission.CheckName(strings.ReplaceAll(name, "~", "_")) != nil {
				return fmt.Errorf("-feedback: %q is not a student's name", name) // Merge refuses it first
			}
			if err := os.WriteFile(filepath.Join(dir, name+".txt"), []byte(text), 0o644); err != nil {
				return fmt.Errorf("-feedback: %v", err)
			}
		}
	}
	return nil
}
