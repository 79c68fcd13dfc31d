package outcome

// Mutant is the verdict on one mutant.
type Mutant string

// The verdicts on a mutant.
const (
	// Killed: at least one valid observation failed on the mutant.
	Killed Mutant = "killed"
	// Survived: every valid observation passed on the mutant.
	Survived Mutant = "survived"
	// Timeout: nothing killed the mutant, and at least one valid
	// observation was still running at its deadline.
	Timeout Mutant = "timeout"
	// Invalid: the mutant could not be judged: it is not a complete
	// implementation, or no valid observation was left to run on it.
	Invalid Mutant = "invalid"
	// Unviable: the mutant could not be built (its replacement does not
	// apply, or its copy does not compile).
	Unviable Mutant = "unviable"
	// Equivalent: no observation can tell the mutant from the reference,
	// for a reason recorded with it.
	Equivalent Mutant = "equivalent"
)

// Mutants lists every verdict in report order.
var Mutants = []Mutant{Killed, Survived, Timeout, Invalid, Unviable, Equivalent}

// Counted reports whether m enters the mutation score: killed, survived
// and timed-out mutants do; the rest were never judged by an observation.
func (m Mutant) Counted() bool { return m == Killed || m == Survived || m == Timeout }

// Observation is what one observation did: on one implementation (Pass,
// Fail, TimedOut), or, for the observation as a whole, on the reference
// (Pass, Broken, Flaky, TimedOut).
type Observation string

// The outcomes of an observation.
const (
	// Pass: every line of the script held.
	Pass Observation = "pass"
	// Fail: a line failed; on a mutant, that is a kill.
	Fail Observation = "fail"
	// Broken: the observation fails on the reference, so it asserts
	// something the contract does not say and never counts as a kill.
	Broken Observation = "broken"
	// Flaky: two runs on the same code disagreed, so it shows nothing
	// reliably and never counts as a kill.
	Flaky Observation = "flaky"
	// TimedOut: the script was still running at its deadline and was
	// stopped; a timeout is never a kill. Its token is "timeout", the same
	// word as the mutant's.
	TimedOut Observation = "timeout"
)

// Observations lists every observation outcome in report order.
var Observations = []Observation{Pass, Fail, Broken, Flaky, TimedOut}

// Counts reports whether an observation with this outcome on the
// reference may count as evidence against a mutant.
func (o Observation) Counts() bool { return o == Pass }
