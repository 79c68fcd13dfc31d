package grade

import (
	"os"

	"idemlab/harness/heldout"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/sandbox"
	"idemlab/harness/report"
)

// A Class is a graded class: every row, with what the class as a whole
// shows. A shard's Class is partial; [Merge] combines the shards into
// what one run of the whole class makes.
type Class struct {
	Schema  string `json:"schema"`
	Harness string `json:"harness"`
	Lab     string `json:"lab"`
	Rubric  Rubric `json:"rubric"`
	// Budgets are what grading one submission could cost.
	Budgets Budgets `json:"budgets"`
	// Mutants counts the lab's mutants; HeldOut lists the held-out ones.
	Mutants int              `json:"mutants"`
	HeldOut []heldout.Mutant `json:"held_out"`
	// Shard is set on a partial result: which part of the class it is.
	Shard     *Shard    `json:"shard,omitempty"`
	Rows      []Row     `json:"rows"`
	Analytics Analytics `json:"analytics"`
	// LabElapsedMS is the one run of the lab's observations; ElapsedMS
	// the whole grading.
	LabElapsedMS int64 `json:"lab_elapsed_ms"`
	ElapsedMS    int64 `json:"elapsed_ms"`
	// Feedback is set on a shard's result only: each graded student's
	// feedback, by the base name of its file (NAME.txt), for grade merge
	// to write.
	Feedback map[string]string `json:"feedback,omitempty"`
	// Signature is set on a signed shard's result only (see Sign).
	Signature *Signature `json:"signature,omitempty"`
	file      string     // the file a shard's result was read from, for errors
}

func newClass(opt Options) *Class {
	c := &Class{Schema: Schema, Harness: report.HarnessVersion, Lab: opt.Lab.Name, Rubric: opt.Rubric, Budgets: opt.Budgets,
		Mutants: len(opt.Lab.Mutants), HeldOut: []heldout.Mutant{}, Shard: opt.Shard}
	if opt.HeldOut != nil {
		c.HeldOut = opt.HeldOut.Mutants()
	}
	return c
}

// Unsandboxed returns what enforced the budgets of the class's workers
// that ran without bubblewrap (the first such row's Isolation), or ""
// when every worker that ran had bubblewrap.
func (c *Class) Unsandboxed() string {
	for _, r := range c.Rows {
		if r.Isolation != "" && !sandbox.Sandboxed(r.Isolation) {
			return r.Isolation
		}
	}
	return ""
}

// Isolation is what will enforce the budgets of workers run with opt, on
// this machine: "bubblewrap", or what runs instead and why. It runs
// bubblewrap once to see, on its first call in a process.
func Isolation(opt Options) string { return sandbox.IsolationFor(opt.NoSandbox) }

// CheckSandbox fails closed: where bubblewrap is not usable and
// opt.NoSandbox does not ask by name to grade without it, it says so and
// why (an error that is sandbox.ErrNoSandbox), before any submission's
// observations run. With opt.NoSandbox, run as root, it checks that the
// workers' users can enter the work root. Grade calls it first.
func CheckSandbox(opt Options) error {
	if why := sandbox.Unusable(); why != "" && !opt.NoSandbox {
		return NoSandboxError{Why: why}
	}
	if opt.NoSandbox {
		root := opt.WorkRoot
		if root == "" {
			root = os.TempDir()
		}
		return sandbox.CheckWorkRoot(root)
	}
	return nil
}

// NoSandboxError is a grader's (grade's, checkreport's) refusal to run
// untrusted observations without bubblewrap: it says why bubblewrap is
// not usable, and how to go on.
type NoSandboxError struct{ Why string }

func (e NoSandboxError) Error() string {
	return "refusing to run untrusted observations without a sandbox: " + e.Why +
		"; install bubblewrap (apt-get install bubblewrap) where user namespaces are allowed," +
		" or pass -no-sandbox to run them under the resource limits alone (as an unprivileged user when run as root)"
}

// Unwrap makes the refusal sandbox.ErrNoSandbox to errors.Is.
func (e NoSandboxError) Unwrap() error { return sandbox.ErrNoSandbox }

// UnsandboxedNotice words, in l, what isolation (a worker's Isolation
// without bubblewrap) leaves unenforced; grade prints it on stderr before
// it starts and at the foot of its table.
func UnsandboxedNotice(l i18n.Lang, isolation string) string {
	return l.T("grade.unsandboxed", i18n.M{"Isolation": isolation})
}
