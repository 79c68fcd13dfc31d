package lease

import (
	"idemlab/harness/lab"
	"idemlab/harness/labcmd"
)

// The parameters of lease's subcommands, and the domains the
// differential search (idemlab/harness/search) draws them from. Keys,
// fingerprints and owners are text shared with every command that names
// one; times and ttls are one pool, so that a renewal, a takeover or a
// compensation lands exactly on a lease_until stored before (now + ttl),
// and just either side of it; tokens are small integers around the ones
// granted (1, 2, 3) and the ones no row holds (0, -1); limits are
// integers near the number of keys stored and near the store's bounds 1
// and 100; responses are JSON of every kind; and interleave's operation
// and writes are command lines of their own, so that two workers race for
// one key.
var (
	key      = labcmd.Text("KEY", lab.Domain{Kind: lab.Text, Pool: "key", Values: []string{"k1", "k2", ""}, Categories: labcmd.TextCategories()})
	digest   = labcmd.Text("DIGEST", lab.Domain{Kind: lab.Text, Pool: "digest", Values: []string{"v1", "v2"}, Categories: labcmd.TextCategories()})
	owner    = labcmd.Text("OWNER", lab.Domain{Kind: lab.Text, Pool: "owner", Values: []string{"A", "B"}, Categories: labcmd.TextCategories()})
	seconds  = lab.Domain{Kind: lab.Number, Pool: "time", Values: []string{"10", "0", "5"}, Categories: labcmd.TimeCategories()}
	now, ttl = labcmd.Time("NOW", seconds), labcmd.Time("TTL", seconds)
	token    = labcmd.Int64("TOKEN", lab.Domain{Kind: lab.Integer, Pool: "token", Values: []string{"1", "2", "0"}})
	limit    = labcmd.Int("LIMIT", lab.Domain{Kind: lab.Integer, Pool: "limit", Values: []string{"1", "2", "10", "100", "101", "0"}, Sizes: []string{"key"}, Categories: labcmd.LimitCategories(1, 100)}).Optional()
	response = labcmd.JSON("JSON", lab.Domain{Kind: lab.JSON, Pool: "response", Values: []string{`{"receipt":1}`, `"ok"`, `null`}, Categories: labcmd.JSONCategories()})
	// workers are what a second worker may run in the middle of an
	// operation (lease interleave).
	workers = []string{"claim", "renew", "takeover", "finish", "compensate", "fetch", "abandoned", "inspect"}
	// states are the contract's categories of state: a pending row beside
	// a finished one, times asked on and around a lapsing lease, more
	// abandoned rows than the limit, a request made twice, a store made
	// again, a second worker.
	states = []lab.State{
		labcmd.RowsOfEachStatus("a pending row beside a done row", "claim", "finish"),
		labcmd.RowsOfEachStatus("a pending row beside a compensated row", "claim", "compensate"),
		labcmd.OnABoundary(leases, asked),
		labcmd.AroundABoundary(leases, asked),
		labcmd.MoreRowsThanLimit("claim", 1, "abandoned"),
		labcmd.SameRequestTwice("claim", "renew", "takeover", "finish", "compensate"),
		labcmd.StoreRecreated("init"),
		labcmd.SecondClient("interleave"),
	}
	leases = []labcmd.TimeOf{labcmd.SumTime("claim", 3, 4), labcmd.SumTime("renew", 3, 4), labcmd.SumTime("takeover", 3, 4)}
	asked  = []labcmd.TimeOf{labcmd.ArgTime("renew", 3), labcmd.ArgTime("takeover", 3), labcmd.ArgTime("abandoned", 0), labcmd.ArgTime("compensate", 1)}
)
