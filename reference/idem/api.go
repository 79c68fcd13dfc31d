package idem

// API is the store's API as values: one field for each exported top-level
// name of reference/store.go, filled from the reference or from one
// mutated copy of it (mutants/registry_gen.go, generated). Functions and constants are held by value, variables
// by address, so that every user of an implementation shares them. The
// harness generates the registries that fill it for the reference and
// every mutant, so its fields must stay exactly the source's exported
// names (a test checks).
type API struct {
	DefaultLimit    int
	ErrInvalidLimit *error
	InitDB          func(path string) error
	Reserve         func(path, key, digest string, expires float64) (bool, error)
	Finish          func(path, key, digest string, response any) (bool, error)
	Fetch           func(path, key string, now float64) (any, error)
	Expired         func(path string, now float64, limit int) ([]string, error)
	Purge           func(path string, now float64, limit int) ([]string, error)
	Drain           func(path string, now float64, limit int, progress func(batch []string, total int)) (int, error)
	Counts          func(path string) (map[string]int, error)
	RetentionCycle  func(path, key string) (bool, error)
	// Driver is the store's seam: the database/sql driver it opens its
	// file with (see reference.Driver).
	Driver *string
}
