// Package labs is the list of labs the idemlab binaries are built with,
// the one place a lab is added to them: the harness's commands take a
// lab.Registry and know no lab by name, and its tests that go over every
// lab take them from here.
package labs

import (
	"idemlab/harness/lab"
	lease "idemlab/labs/lease/mutants"
	"idemlab/mutants"
)

// Builtin are the built-in labs, the default first.
var Builtin = lab.Registry{
	{Name: "idemstore", Summary: "an SQLite idempotency-key store and its retention purge", Lab: mutants.Lab,
		Summaries: map[string]string{"zh-CN": "一个 SQLite 幂等键存储及其保留期清理"}},
	{Name: "lease", Summary: "leases, takeover and compensation for abandoned work", Lab: lease.Lab,
		Summaries: map[string]string{"zh-CN": "租约、接管，以及对被放弃的工作的补偿"}},
}
