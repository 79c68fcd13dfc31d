// Package counter is a second, tiny lab, kept in the labrun package's test
// data to show that a lab is data: the harness runs it through every
// stage (kill matrix, predictions, reports, held-out and generated
// mutants) without knowing anything of it but its lab.Lab value.
//
// This file is its reference: a counter kept in a file, as its decimal
// value and a newline. A counter whose file does not exist is at zero.
// Every mutant copies this file, so it uses nothing else of its package.
package counter

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// Max is the largest value a counter holds.
const Max = 3

// ErrFull is wrapped by the error of Inc on a counter at Max.
var ErrFull = errors.New("counter is full")

// Get returns the counter's value: 0 when its file does not exist, an
// error when the file cannot be read or does not hold a number.
func Get(path string) (int, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		return 0, fmt.Errorf("counter %s does not hold a number: %v", path, err)
	}
	return n, nil
}

// Inc adds one to the counter, writes it back and returns the new value.
// A counter at Max is left as it is, and Inc returns an error wrapping
// ErrFull; a counter that cannot be read or written is an error too.
func Inc(path string) (int, error) {
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
	return next, nil
}

// Reset sets the counter back to zero by removing its file; a counter that
// has no file is already at zero, and resetting it is no error.
func Reset(path string) error {
	err := os.Remove(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}
