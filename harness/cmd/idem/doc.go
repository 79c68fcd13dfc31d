// Command idem runs one line of a lab's own command against the reference
// or any mutant: idem's for the idempotency-key store (the default), the
// lease command's with -lab lease. It is package
// idemlab/harness/command/labshell with the built-in labs; its manual is
// that package's documentation (go doc ./harness/command/labshell), and
// idem -h lists its flags, commands and labs.
//
//	go run ./harness/cmd/idem -db /tmp/s.db init
//	go run ./harness/cmd/idem -db /tmp/s.db -impl 4_fetch fetch k1 5
//	go run ./harness/cmd/idem -list
//	go run ./harness/cmd/idem -lab lease -h
package main
