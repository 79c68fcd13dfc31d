// Command idemlab prints the kill report of a lab's mutants, judges every
// generated mutant (idemlab mutate) and finds the minimal script that
// kills one (idemlab search), for the idempotency-key store (the default)
// or, with -lab lease, the lease lab. It is package
// idemlab/harness/command/idemlab with the built-in labs; its manual is
// that package's documentation (go doc ./harness/command/idemlab), and
// idemlab -h lists its flags and labs.
//
//	go run ./harness/cmd/idemlab
//	go run ./harness/cmd/idemlab -lab lease -html report.html
//	go run ./harness/cmd/idemlab mutate -lab lease
package main
