package lease

// API is the lease store's API as values: one field for each exported
// top-level name of labs/lease/reference/store.go, filled from the
// reference or from one mutated copy of it. Functions and constants are
// held by value, variables by address, so that every user of an
// implementation shares them. The harness generates the registries that
// fill it for the reference and every mutant (mutants/registry_gen.go),
// so its fields must stay exactly the source's exported names (a test
// checks).
type API struct {
	DefaultLimit    int
	ErrInvalidLimit *error
	InitDB          func(path string) error
	Claim           func(path, key, digest, owner string, now, ttl float64) (token int64, err error)
	Renew           func(path, key, owner string, token int64, now, ttl float64) (bool, error)
	Takeover        func(path, key, digest, owner string, now, ttl float64) (token int64, err error)
	Finish          func(path, key, digest string, token int64, response any) (bool, error)
	Fetch           func(path, key string) (any, error)
	Abandoned       func(path string, now float64, limit int) ([]string, error)
	Compensate      func(path, key string, now float64, response any) (bool, error)
	Inspect         func(path, key string) (status, owner string, leaseUntil float64, token int64, err error)
	FencingCycle    func(path, key string) (bool, error)
	// Driver is the store's seam: the database/sql driver it opens its
	// file with (see reference.Driver).
	Driver *string
}
