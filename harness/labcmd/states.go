package labcmd

import (
	"slices"
	"strconv"

	"idemlab/harness/lab"
)

// The kit's state categories, for a lab's Table.States: shapes of a script
// that a contract about a store speaks of. Each reads a script's lines as
// lab.ScriptLine gives them (a lab command's subcommand and arguments,
// flags left out).

// A TimeOf reads a time from a line: a stored expiry, or the time an
// operation is asked about; false when the line carries none.
type TimeOf func(l lab.ScriptLine) (float64, bool)

// ArgTime is argument i (from 0) of subcommand sub, as seconds.
func ArgTime(sub string, i int) TimeOf {
	return func(l lab.ScriptLine) (float64, bool) {
		if l.Sub != sub || i >= len(l.Args) {
			return 0, false
		}
		f, err := ParseSeconds(l.Args[i])
		return f, err == nil
	}
}

// SumTime is argument i plus argument j of subcommand sub (now + ttl).
func SumTime(sub string, i, j int) TimeOf {
	a, b := ArgTime(sub, i), ArgTime(sub, j)
	return func(l lab.ScriptLine) (float64, bool) {
		x, ok1 := a(l)
		y, ok2 := b(l)
		return x + y, ok1 && ok2
	}
}

// times reads the first of of's times from l.
func times(of []TimeOf, l lab.ScriptLine) (float64, bool) {
	for _, f := range of {
		if t, ok := f(l); ok {
			return t, true
		}
	}
	return 0, false
}

// boundary is the state that holds when some read time, compared with the
// times stored before it, passes test.
func boundary(name string, stored, read []TimeOf, test func(now float64, before []float64) bool) lab.State {
	return lab.State{Name: name, Holds: func(lines []lab.ScriptLine) bool {
		var before []float64
		for _, l := range lines {
			if now, ok := times(read, l); ok && test(now, before) {
				return true
			}
			if t, ok := times(stored, l); ok {
				before = append(before, t)
			}
		}
		return false
	}}
}

// OnABoundary holds when an operation is asked about exactly a time
// stored before it (a fetch at the very second a row expires).
func OnABoundary(stored, read []TimeOf) lab.State {
	return boundary("a time exactly on a stored one", stored, read, func(now float64, before []float64) bool {
		return slices.Contains(before, now)
	})
}

// AroundABoundary holds when an operation is asked about a time with
// stored times on both sides of it (rows that have expired beside rows
// that have not).
func AroundABoundary(stored, read []TimeOf) lab.State {
	return boundary("stored times on both sides of the time asked", stored, read, func(now float64, before []float64) bool {
		return slices.ContainsFunc(before, func(t float64) bool { return t <= now }) &&
			slices.ContainsFunc(before, func(t float64) bool { return t > now })
	})
}

// SameRequestTwice holds when a line of one of subs is made twice, with
// the same arguments.
func SameRequestTwice(subs ...string) lab.State {
	return lab.State{Name: "the same request made twice", Holds: func(lines []lab.ScriptLine) bool {
		seen := map[string]bool{}
		for _, l := range lines {
			if !slices.Contains(subs, l.Sub) {
				continue
			}
			k := l.Sub + "\x00" + joinArgs(l.Args)
			if seen[k] {
				return true
			}
			seen[k] = true
		}
		return false
	}}
}

// SecondClient holds when a line of one of subs (the command's interleave
// or between) runs another client's lines in the middle of an operation.
func SecondClient(subs ...string) lab.State {
	return lab.State{Name: "a second client in the middle of an operation", Holds: func(lines []lab.ScriptLine) bool {
		return slices.ContainsFunc(lines, func(l lab.ScriptLine) bool { return slices.Contains(subs, l.Sub) })
	}}
}

// StoreRecreated holds when a file is removed (rm) and a line of init
// runs after it: the store made again.
func StoreRecreated(init string) lab.State {
	return lab.State{Name: "a store removed and made again", Holds: func(lines []lab.ScriptLine) bool {
		removed := false
		for _, l := range lines {
			switch {
			case l.Cmd == "rm":
				removed = true
			case removed && l.Sub == init:
				return true
			}
		}
		return false
	}}
}

// RowsOfEachStatus holds when the script leaves a key of each status
// named: a key a line of add made whose later lines are none of the
// subs that change it (still pending), beside one a line of each such sub
// reached. Keys are argument 0.
func RowsOfEachStatus(name, add string, change ...string) lab.State {
	return lab.State{Name: name, Holds: func(lines []lab.ScriptLine) bool {
		made := map[string]bool{}
		changed := map[string]map[string]bool{}
		for _, l := range lines {
			if len(l.Args) == 0 || l.Neg {
				continue
			}
			switch {
			case l.Sub == add:
				made[l.Args[0]] = true
			case slices.Contains(change, l.Sub) && made[l.Args[0]]:
				if changed[l.Sub] == nil {
					changed[l.Sub] = map[string]bool{}
				}
				changed[l.Sub][l.Args[0]] = true
			}
		}
		untouched := false
		for k := range made {
			touched := false
			for _, ks := range changed {
				touched = touched || ks[k]
			}
			untouched = untouched || !touched
		}
		return untouched && len(changed) == len(change)
	}}
}

// MoreRowsThanLimit holds when a line of one of subs is given a limit
// (argument i) smaller than the number of distinct keys (argument 0) that
// lines of add made before it.
func MoreRowsThanLimit(add string, i int, subs ...string) lab.State {
	return lab.State{Name: "more candidate rows than the limit", Holds: func(lines []lab.ScriptLine) bool {
		keys := map[string]bool{}
		for _, l := range lines {
			if l.Sub == add && len(l.Args) > 0 && !l.Neg {
				keys[l.Args[0]] = true
			}
			if slices.Contains(subs, l.Sub) && i < len(l.Args) {
				if n, err := strconv.Atoi(l.Args[i]); err == nil && n > 0 && n < len(keys) {
					return true
				}
			}
		}
		return false
	}}
}

func joinArgs(args []string) string {
	out := ""
	for _, a := range args {
		out += a + "\x00"
	}
	return out
}
