package counter

import (
	"fmt"
	"os"
	"strconv"

	"idemlab/harness/lab"
)

// handWritten are the lab's mutants, in the catalogue's order: each is
// the reference with its catalogue entry's one replacement, written out
// by hand as a function of its own (the labrun test checks each against
// a copy of counter.go made from its entry).
var handWritten = []lab.Impl{
	mutant("1_inc_passes_max", func(a *API) { a.Inc = incPassesMax }),
	mutant("2_inc_returns_old_value", func(a *API) { a.Inc = incReturnsOldValue }),
	mutant("3_inc_saves_old_value", func(a *API) { a.Inc = incSavesOldValue }),
}

// mutant is the reference with change made to its API.
func mutant(name string, change func(*API)) lab.Impl {
	a := Reference.Value.(API)
	change(&a)
	return lab.Impl{Name: name, Value: a}
}

// incPassesMax is Inc with "n >= Max" written "n > Max".
func incPassesMax(path string) (int, error) {
	n, err := Get(path)
	if err != nil {
		return 0, err
	}
	if n > Max {
		return n, fmt.Errorf("counter %s at %d: %w", path, n, ErrFull)
	}
	next := n + 1
	if err := os.WriteFile(path, []byte(strconv.Itoa(next)+"\n"), 0o644); err != nil {
		return 0, err
	}
	return next, nil
}

// incReturnsOldValue is Inc returning n, the value before, not next.
func incReturnsOldValue(path string) (int, error) {
	n, err := Get(path)
	if err != nil {
		return 0, err
	}
	if n >= Max {
		return n, fmt.Errorf("counter %s at %d: %w", path, n, ErrFull)
	}
	next := n + 1
	if err := os.WriteFile(path, []byte(strconv.Itoa(next)+"\n"), 0o644); err != nil {
		return 0, err
	}
	return n, nil
}

// incSavesOldValue is Inc writing n, the value before, back to the file.
func incSavesOldValue(path string) (int, error) {
	n, err := Get(path)
	if err != nil {
		return 0, err
	}
	if n >= Max {
		return n, fmt.Errorf("counter %s at %d: %w", path, n, ErrFull)
	}
	next := n + 1
	if err := os.WriteFile(path, []byte(strconv.Itoa(n)+"\n"), 0o644); err != nil {
		return 0, err
	}
	return next, nil
}
