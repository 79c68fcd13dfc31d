package idem

import "idemlab/harness/lab"

// The argument domains the differential search (idemlab/harness/search)
// draws idem's command lines from: keys and fingerprints are text shared
// with every command that names one, times are one pool (so a fetch or a
// purge lands exactly on an expiry stored before, and just either side of
// it), limits are integers near the number of keys stored and near the
// store's bounds 1 and 100, responses are JSON of every kind, and the
// writes of between and interleave are command lines of their own.
var (
	keyDomain    = lab.Domain{Kind: lab.Text, Pool: "key", Values: []string{"k1", "k2", "é"}}
	digestDomain = lab.Domain{Kind: lab.Text, Pool: "digest", Values: []string{"v1", "v2"}}
	timeDomain   = lab.Domain{Kind: lab.Number, Pool: "time", Values: []string{"10", "5", "0", "20"}}
	limitDomain  = lab.Domain{Kind: lab.Integer, Pool: "limit", Values: []string{"1", "2", "10", "100", "101", "0"}, Sizes: []string{"key"}}
	jsonDomain   = lab.Domain{Kind: lab.JSON, Pool: "response", Values: []string{`{"receipt":1}`, `"ok"`, `null`}}
	// writes are what another client may run in the middle of an
	// operation (idem between and idem interleave).
	writes = []string{"reserve", "finish", "purge", "drain", "cycle", "fetch", "expired", "counts"}
)

// params are each command's arguments, by command name.
var params = map[string][]lab.Param{
	"reserve": {{Name: "KEY", Domain: keyDomain}, {Name: "DIGEST", Domain: digestDomain}, {Name: "EXPIRES", Domain: timeDomain}},
	"finish":  {{Name: "KEY", Domain: keyDomain}, {Name: "DIGEST", Domain: digestDomain}, {Name: "JSON", Domain: jsonDomain}},
	"fetch":   {{Name: "KEY", Domain: keyDomain}, {Name: "NOW", Domain: timeDomain}},
	"expired": nowLimit,
	"purge":   nowLimit,
	"drain":   nowLimit,
	"cycle":   {{Name: "KEY", Domain: keyDomain}},
	"between": {{Name: "DRAIN", Domain: lab.Domain{Kind: lab.Line, Lines: []string{"drain"}}}, {Name: "WRITE", Domain: lab.Domain{Kind: lab.Line, Lines: writes}, Variadic: true}},
	"interleave": {{Name: "OP", Domain: lab.Domain{Kind: lab.Line, Lines: []string{"purge", "drain", "expired", "cycle", "fetch", "reserve", "finish", "counts"}}},
		{Name: "WRITE", Domain: lab.Domain{Kind: lab.Line, Lines: writes}, Variadic: true}},
}

var nowLimit = []lab.Param{{Name: "NOW", Domain: timeDomain}, {Name: "LIMIT", Domain: limitDomain, Optional: true}}

// weights make the search draw the subcommands that build a store's state
// more often than those that read it, and these more often than the rest.
var weights = map[string]int{"reserve": 3, "finish": 3, "fetch": 2, "purge": 2, "expired": 2}
