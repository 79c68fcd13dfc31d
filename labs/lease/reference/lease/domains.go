package lease

import "idemlab/harness/lab"

// The argument domains the differential search (idemlab/harness/search)
// draws lease's command lines from. Keys, fingerprints and owners are
// text shared with every command that names one; times and ttls are one
// pool, so that a renewal, a takeover or a compensation lands exactly on
// a lease_until stored before (now + ttl), and just either side of it;
// tokens are small integers around the ones granted (1, 2, 3) and the
// ones no row holds (0, -1); limits are integers near the number of keys
// stored and near the store's bounds 1 and 100; responses are JSON of
// every kind; and interleave's operation and writes are command lines of
// their own, so that two workers race for one key.
var (
	keyDomain    = lab.Domain{Kind: lab.Text, Pool: "key", Values: []string{"k1", "k2", ""}}
	digestDomain = lab.Domain{Kind: lab.Text, Pool: "digest", Values: []string{"v1", "v2"}}
	ownerDomain  = lab.Domain{Kind: lab.Text, Pool: "owner", Values: []string{"A", "B"}}
	timeDomain   = lab.Domain{Kind: lab.Number, Pool: "time", Values: []string{"10", "0", "5"}}
	tokenDomain  = lab.Domain{Kind: lab.Integer, Pool: "token", Values: []string{"1", "2", "0"}}
	limitDomain  = lab.Domain{Kind: lab.Integer, Pool: "limit", Values: []string{"1", "2", "10", "100", "101", "0"}, Sizes: []string{"key"}}
	jsonDomain   = lab.Domain{Kind: lab.JSON, Pool: "response", Values: []string{`{"receipt":1}`, `"ok"`, `null`}}
	// workers are what a second worker may run in the middle of an
	// operation (lease interleave).
	workers = []string{"claim", "renew", "takeover", "finish", "compensate", "fetch", "abandoned", "inspect"}
)

// params are each command's arguments, by command name.
var params = map[string][]lab.Param{
	"claim":      {{Name: "KEY", Domain: keyDomain}, {Name: "DIGEST", Domain: digestDomain}, {Name: "OWNER", Domain: ownerDomain}, {Name: "NOW", Domain: timeDomain}, {Name: "TTL", Domain: timeDomain}},
	"renew":      {{Name: "KEY", Domain: keyDomain}, {Name: "OWNER", Domain: ownerDomain}, {Name: "TOKEN", Domain: tokenDomain}, {Name: "NOW", Domain: timeDomain}, {Name: "TTL", Domain: timeDomain}},
	"takeover":   {{Name: "KEY", Domain: keyDomain}, {Name: "DIGEST", Domain: digestDomain}, {Name: "OWNER", Domain: ownerDomain}, {Name: "NOW", Domain: timeDomain}, {Name: "TTL", Domain: timeDomain}},
	"finish":     {{Name: "KEY", Domain: keyDomain}, {Name: "DIGEST", Domain: digestDomain}, {Name: "TOKEN", Domain: tokenDomain}, {Name: "JSON", Domain: jsonDomain}},
	"fetch":      {{Name: "KEY", Domain: keyDomain}},
	"abandoned":  {{Name: "NOW", Domain: timeDomain}, {Name: "LIMIT", Domain: limitDomain, Optional: true}},
	"compensate": {{Name: "KEY", Domain: keyDomain}, {Name: "NOW", Domain: timeDomain}, {Name: "JSON", Domain: jsonDomain}},
	"inspect":    {{Name: "KEY", Domain: keyDomain}},
	"cycle":      {{Name: "KEY", Domain: keyDomain}},
	"interleave": {{Name: "OP", Domain: lab.Domain{Kind: lab.Line, Lines: append([]string{"cycle"}, workers...)}},
		{Name: "WRITE", Domain: lab.Domain{Kind: lab.Line, Lines: workers}, Variadic: true}},
}
