package exitcode

// The exit statuses.
const (
	// OK: everything the command checked holds.
	OK = 0
	// Usage: a flag, an argument or a file the user wrote is malformed;
	// nothing was judged.
	Usage = 1
	// Survived: a mutant survived (or, for checkreport, the report does not
	// match its checkout; for a bench, its verdict is FAIL): the command
	// ran and found a problem.
	Survived = 2
	// Timeout: nothing survived, but a mutant or a check timed out.
	Timeout = 3
	// Broken: the lab itself is broken: an observation fails on the
	// reference or is flaky, or the control copy did not pass.
	Broken = 4
	// Internal: the command itself failed (an I/O error, a build that
	// would not run); EX_SOFTWARE of sysexits.h.
	Internal = 70
)

// A Status is one exit status, described for the README and -h output.
type Status struct {
	Code int
	Name string
	Doc  string
}

// Table describes every exit status; the README's table is generated
// from it.
var Table = []Status{
	{OK, "ok", "everything the command checked holds: every mutant killed (or equivalent, or unviable), the lab sound, the class graded, the report matching"},
	{Usage, "usage", "a flag, an argument or a file you wrote is malformed (named by file:line); nothing was judged"},
	{Survived, "survived", "a mutant survived (a held-out one too, unless marked equivalent), checkreport found the report does not match, or a bench's verdict is FAIL"},
	{Timeout, "timeout", "nothing survived, but a mutant timed out"},
	{Broken, "broken", "the lab itself is broken: one of its own observations fails on the reference or is flaky, or a mutant listed as equivalent was killed"},
	{Internal, "internal", "the command itself failed (an I/O error, a build that would not run)"},
}
