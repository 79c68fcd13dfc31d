// Package builtin is the list of labs idemlab's binaries are built with.
// Only the binaries' mains import it: the commands themselves take a
// [lab.Registry] and know no lab by name.
package builtin

import (
	"idemlab/harness/lab"
	lease "idemlab/labs/lease/mutants"
	"idemlab/mutants"
)

// Labs are the built-in labs, the default first.
var Labs = lab.Registry{
	{Name: "idemstore", Summary: "an SQLite idempotency-key store and its retention purge", Lab: mutants.Lab,
		Summaries: map[string]string{"zh-CN": "一个 SQLite 幂等键存储及其保留期清理"}},
	{Name: "lease", Summary: "leases, takeover and compensation for abandoned work", Lab: lease.Lab,
		Summaries: map[string]string{"zh-CN": "租约、接管，以及对被放弃的工作的补偿"}},
}
