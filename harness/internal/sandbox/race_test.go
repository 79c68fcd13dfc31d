//go:build race

package sandbox

// raceEnabled: the race detector reserves terabytes of address space, so
// a race-enabled test binary cannot run as a child under RLIMIT_AS.
const raceEnabled = true
