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
	key = labcmd.Text("KEY", lab.Domain{Kind: lab.Text, Pool: "key", Values: []string{"k1", "k2", "é"}, Categories: []lab.Category{
		{Name: "ordinary", Values: []string{"k1"}}, {Name: "empty", Values: []string{""}}, {Name: "case or space differs", Values: []string{"K1", "k1 "}},
		{Name: "SQL and pattern metacharacters", Values: []string{"'", "%", "_", "*", "?", ";"}}, {Name: "composed and decomposed", Values: []string{"\u00e9", "e\u0301"}}}})
	digest  = labcmd.Text("DIGEST", lab.Domain{Kind: lab.Text, Pool: "digest", Values: []string{"v1", "v2"}})
	seconds = lab.Domain{Kind: lab.Number, Pool: "time", Values: []string{"10", "5", "0", "20"}, Categories: []lab.Category{
		{Name: "a stored expiry, and either side", Values: []string{"10", "9.999", "10.001"}}, {Name: "zero and minus zero", Values: []string{"0", "-0"}},
		{Name: "infinities and NaN", Values: []string{"Inf", "-Inf", "NaN"}}, {Name: "another scale", Values: []string{"10000"}}}}
	expires  = labcmd.Time("EXPIRES", seconds)
	now      = labcmd.Time("NOW", seconds)
	limit    = labcmd.Int("LIMIT", lab.Domain{Kind: lab.Integer, Pool: "limit", Values: []string{"1", "2", "10", "100", "101", "0"}, Sizes: []string{"key"}}).Optional()
	response = labcmd.JSON("JSON", lab.Domain{Kind: lab.JSON, Pool: "response", Values: []string{`{"receipt":1}`, `"ok"`, `null`}})
	nowLimit = []labcmd.Param{now, limit}
	// writes are what another client may run in the middle of an
	// operation (idem between and idem interleave).
	writes = []string{"reserve", "finish", "purge", "drain", "cycle", "fetch", "expired", "counts"}
)
