package search

// WithTrace sets the hook that is given the lines of every program a
// search runs while looking, for the tests of package search_test.
func WithTrace(o Options, trace func(lines [][]string)) Options {
	o.trace = trace
	return o
}
