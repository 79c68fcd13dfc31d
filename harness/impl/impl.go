// Package impl describes one implementation of the contract's API as a set
// of function values, so that the reference and every mutant, each a
// separate package with the same exported names, can be driven by the same
// code.
package impl

import "idemlab/reference"

// Impl is one implementation of the store's API: the reference or a mutant.
// Each field holds the package-level function of the same name.
type Impl struct {
	// Name identifies the implementation: "reference", or a mutant's
	// catalogue name such as "4_fetch_replays_at_expiry".
	Name string

	InitDB         func(path string) error
	Reserve        func(path, key, digest string, expires float64) (bool, error)
	Finish         func(path, key, digest string, response any) (bool, error)
	Fetch          func(path, key string, now float64) (any, error)
	Expired        func(path string, now float64, limit int) ([]string, error)
	Purge          func(path string, now float64, limit int) ([]string, error)
	Counts         func(path string) (map[string]int, error)
	RetentionCycle func(path, key string) (bool, error)
	// Drain is the backlog purge, beyond the contract's eight functions;
	// it may be nil for an implementation that lacks it.
	Drain func(path string, now float64, limit int, progress func(batch []string, total int)) (int, error)

	// DefaultLimit is the implementation's DefaultLimit constant.
	DefaultLimit int
	// ErrInvalidLimit is the implementation's own sentinel: each mutant
	// (a package, or a prefixed copy among others) declares a distinct
	// one, so errors.Is must use this value.
	ErrInvalidLimit error
}

// ReferenceName is the Name of the reference implementation.
const ReferenceName = "reference"

// Reference is the correct store, package idemlab/reference.
var Reference = Impl{
	Name:            ReferenceName,
	InitDB:          reference.InitDB,
	Reserve:         reference.Reserve,
	Finish:          reference.Finish,
	Fetch:           reference.Fetch,
	Expired:         reference.Expired,
	Purge:           reference.Purge,
	Counts:          reference.Counts,
	RetentionCycle:  reference.RetentionCycle,
	Drain:           reference.Drain,
	DefaultLimit:    reference.DefaultLimit,
	ErrInvalidLimit: reference.ErrInvalidLimit,
}
