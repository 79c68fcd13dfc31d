// Package labstest runs every built-in lab (package labs's Builtin)
// through the harness's library entry points, with no change to any of
// them: the kill report with every writer (labtest.KillReport), the lab's
// example held-out catalogue (labtest.HeldOutExample), grading a
// synthetic class with workers, whole and in two merged shards
// (labtest.GradeShardedAndMerged), and the differential search, which
// must find each lab mutant from the lab's command domains
// (labtest.Search), and every single-point mutant of the reference, which
// dies or is listed as equivalent (labtest.GeneratedMutants). A lab added to Builtin is tested here with nothing
// written for it.
//
// It lives apart from the labs' mutants packages because it builds
// programs of mutants and starts grading workers (minutes on two cores),
// which a student's quick loop, go test ./mutants, must not wait for. It
// runs with go test ./... (and so in CI), and alone with
//
//	go test ./labs/labstest
//
// and for one lab with -run, as in go test ./labs/labstest -run '/lease$'.
// go test -short skips the parts that build programs. The package has no
// code of its own.
package labstest
