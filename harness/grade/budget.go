package grade

import (
	"fmt"
	"time"

	"idemlab/harness/internal/sandbox"
	"idemlab/harness/submission"
)

// Budgets bound what grading one submission may cost. The worker that
// runs a submission's observations is killed when it goes over any of
// them, and the submission is flagged; the rest of the class is graded
// as if it were not there.
type Budgets struct {
	// Wall bounds the worker's whole run: every observation of the
	// submission against the reference, every lab mutant and every
	// held-out mutant.
	Wall time.Duration `json:"wall"`
	// Observation bounds one observation's run on one implementation;
	// one that runs over is stopped and counts as a timeout.
	Observation time.Duration `json:"observation"`
	// Memory bounds each process of the worker's address space (a Go
	// program needs at least sandbox.MinGoMemory).
	Memory int64 `json:"memory"`
	// Disk bounds the worker's work area, where every observation's
	// store is made.
	Disk int64 `json:"disk"`
	// Output bounds the results the worker sends back, transcripts
	// included.
	Output int64 `json:"output"`
	// Files bounds the files the worker may hold open.
	Files int `json:"files"`
	// Limits bound what is read from the submission at all.
	Limits submission.Limits `json:"limits"`
}

// DefaultBudgets are generous for any honest submission (whose
// observations take milliseconds) and small enough that a class of
// hostile ones finishes. The README's budgets table is generated from
// this value (see [BudgetTable]).
var DefaultBudgets = Budgets{
	Wall:        2 * time.Minute,
	Observation: 10 * time.Second,
	Memory:      sandbox.MinGoMemory,
	Disk:        64 << 20,
	Output:      16 << 20,
	Files:       256,
	Limits:      submission.DefaultLimits,
}

// Sandbox is the worker's budget in the sandbox's terms (checkreport's worker runs under the same).
func (b Budgets) Sandbox() sandbox.Budget {
	return sandbox.Budget{Wall: b.Wall, Memory: b.Memory, Disk: b.Disk, Output: b.Output, Files: b.Files}
}

// A BudgetRow is one line of the budgets table: a budget, its default,
// the flag that changes it, what enforces it, and what still holds
// without bubblewrap (only with -no-sandbox).
type BudgetRow struct{ Name, Default, Flag, Enforced, Unsandboxed string }

// BudgetTable describes the default budgets and limits, one row each,
// for the README and grade -h.
func BudgetTable() []BudgetRow {
	b, l := DefaultBudgets, DefaultBudgets.Limits
	return []BudgetRow{
		{"where the worker may write", "its work area", "-no-sandbox", "its work area alone (a private mount namespace, the rest read-only); without a usable bubblewrap grade refuses to run", "only with -no-sandbox: run as root, grade runs each worker as a user id of its own (60000-60999), which may write its work area and what everyone may (/tmp)"},
		{"wall-clock time of one submission", b.Wall.String(), "-wall", "the worker and all it started are killed (bubblewrap's pid namespace, or its process group)", "its process group is killed, and as root every process of the worker's user id; otherwise a process that leaves the group outlives it"},
		{"one observation on one implementation", b.Observation.String(), "-timeout", "the script is stopped at its next command; it counts as a timeout", "the same"},
		{"memory of each worker process", size(b.Memory), "-memory", "RLIMIT_AS (prlimit)", "the same"},
		{"disk of the worker's work area", size(b.Disk), "-disk", "a tmpfs of that size in a private mount namespace (bubblewrap), and RLIMIT_FSIZE", "RLIMIT_FSIZE alone: each file is bounded, their total is not"},
		{"results sent back, transcripts included", size(b.Output), "-output", "the worker is killed past it", "the same"},
		{"open files of the worker", fmt.Sprint(b.Files), "", "RLIMIT_NOFILE", "the same"},
		{"one file of a submission", size(l.FileSize), "-max-file", "not read; flagged", "the same (the grader reads it)"},
		{"observations of a submission", fmt.Sprint(l.Observations), "-max-observations", "the rest are refused; flagged", "the same"},
		{"bytes read from a submission", size(l.TotalSize), "-max-submission", "the rest is not read; flagged", "the same"},
		{"lines of one observation", fmt.Sprint(l.Lines), "", "refused before it runs", "the same (the lint runs in the grader)"},
	}
}

func size(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
