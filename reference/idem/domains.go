package idem

import (
	"idemlab/harness/lab"
	"idemlab/harness/labcmd"
)

// The parameters of idem's subcommands, and the domains the differential
// search (idemlab/harness/search) draws them from: keys and fingerprints
// are text shared with every command that names one, times are one pool
// (so a fetch or a purge lands exactly on an expiry stored before, and
// just either side of it), limits are integers near the number of keys
// stored and near the store's bounds 1 and 100, responses are JSON of
// every kind, and the writes of between and interleave are command lines
// of their own.
var (
	key      = labcmd.Text("KEY", lab.Domain{Kind: lab.Text, Pool: "key", Values: []string{"k1", "k2", "é"}, Categories: labcmd.TextCategories()})
	digest   = labcmd.Text("DIGEST", lab.Domain{Kind: lab.Text, Pool: "digest", Values: []string{"v1", "v2"}, Categories: labcmd.TextCategories()})
	seconds  = lab.Domain{Kind: lab.Number, Pool: "time", Values: []string{"10", "5", "0", "20"}, Categories: labcmd.TimeCategories()}
	expires  = labcmd.Time("EXPIRES", seconds)
	now      = labcmd.Time("NOW", seconds)
	limit    = labcmd.Int("LIMIT", lab.Domain{Kind: lab.Integer, Pool: "limit", Values: []string{"1", "2", "10", "100", "101", "0"}, Sizes: []string{"key"}, Categories: labcmd.LimitCategories(1, 100)}).Optional()
	response = labcmd.JSON("JSON", lab.Domain{Kind: lab.JSON, Pool: "response", Values: []string{`{"receipt":1}`, `"ok"`, `null`}, Categories: labcmd.JSONCategories()})
	nowLimit = []labcmd.Param{now, limit}
	// writes are what another client may run in the middle of an
	// operation (idem between and idem interleave).
	writes = []string{"reserve", "finish", "purge", "drain", "cycle", "fetch", "expired", "counts"}
	// states are the contract's categories of state: rows of each status,
	// times asked on and around stored expiries, more candidates than a
	// batch, a request made twice, a store made again, a second client.
	states = []lab.State{
		labcmd.RowsOfEachStatus("a pending row beside a done row", "reserve", "finish"),
		labcmd.OnABoundary(stored, asked),
		labcmd.AroundABoundary(stored, asked),
		labcmd.MoreRowsThanLimit("reserve", 1, "expired", "purge", "drain"),
		labcmd.SameRequestTwice("reserve", "finish", "purge", "drain", "cycle"),
		labcmd.StoreRecreated("init"),
		labcmd.SecondClient("interleave", "between"),
	}
	stored = []labcmd.TimeOf{labcmd.ArgTime("reserve", 2)}
	asked  = []labcmd.TimeOf{labcmd.ArgTime("fetch", 1), labcmd.ArgTime("expired", 0), labcmd.ArgTime("purge", 0), labcmd.ArgTime("drain", 0)}
)
