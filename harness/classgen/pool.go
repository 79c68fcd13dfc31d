package classgen

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/mutation"
)

// refusedName is the observation the grader must refuse before it runs:
// it execs a program, which no lab's graded observations may.
const refusedName = "runs_a_program"

const refusedScript = "# Runs a program, which graded observations may not.\nexec sleep 600\n"

// A pool is what a synthetic student's own observations are drawn from:
// the lab's own observations, so that they use the lab's commands.
type pool struct {
	// killers are the intended killers of the catalogue's mutants, each
	// once, in the catalogue's order; happy the happy-path observations.
	killers []killmatrix.Observation
	happy   []string
	byName  map[string]killmatrix.Observation
	// own is the folder a submission's own observations are written to.
	own string
}

// newPool draws from obs; the happy path is the first of the layout's
// kinds.
func newPool(cat *mutation.Catalogue, obs []killmatrix.Observation, layout lab.Layout) (*pool, error) {
	if len(layout.Kinds) == 0 || layout.Own == "" {
		return nil, fmt.Errorf("classgen: the lab's layout names no kinds of observation or no student's folder (Kinds, Own)")
	}
	p := &pool{byName: map[string]killmatrix.Observation{}, own: layout.Own}
	for _, o := range obs {
		p.byName[o.Name] = o
		if o.Kind == layout.Kinds[0] {
			p.happy = append(p.happy, o.Name)
		}
	}
	seen := map[string]bool{}
	for _, m := range cat.Mutants {
		o, ok := p.byName[m.Killer]
		if !ok {
			return nil, fmt.Errorf("mutant %s: its intended killer %s is not one of the lab's observations", m.Name, m.Killer)
		}
		if !seen[o.Name] {
			seen[o.Name] = true
			p.killers = append(p.killers, o)
		}
	}
	if len(p.happy) == 0 {
		return nil, fmt.Errorf("the lab has no happy-path observation (%s/) for a wrong prediction to name", layout.Kinds[0])
	}
	return p, nil
}

// writeOwn writes submission sub's own observations, each by the mix's
// chance: copies of one to three intended killers (they kill), a copy of
// a happy-path observation (it kills little or nothing), a killer whose
// last check is negated, so that it expects the mutant's behaviour and
// fails on the reference (invalid), and one that execs a program
// (refused). They are written to the layout's Own folder; it returns
// their names as grading gives them, "student/NAME" (see
// the submission package's Reader.Read).
func (p *pool) writeOwn(sub string, rng *rand.Rand, mix Mix) ([]string, error) {
	dir := filepath.Join(sub, p.own)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var own []string
	write := func(name string, data []byte) error {
		full := killmatrix.KindStudent + "/" + name
		if slices.Contains(own, full) {
			return nil // two draws of one observation: one file
		}
		own = append(own, full)
		return os.WriteFile(filepath.Join(dir, name+".txtar"), data, 0o644)
	}
	var err error
	if rng.IntN(100) < mix.Killing {
		perm := rng.Perm(len(p.killers))
		for _, i := range perm[:1+rng.IntN(min(3, len(perm)))] {
			err = firstErr(err, write(base(p.killers[i].Name), p.killers[i].Data))
		}
	}
	if rng.IntN(100) < mix.Happy {
		o := p.byName[p.happy[rng.IntN(len(p.happy))]]
		err = firstErr(err, write(base(o.Name), o.Data))
	}
	if rng.IntN(100) < mix.Invalid {
		o := p.killers[rng.IntN(len(p.killers))]
		err = firstErr(err, write("expects_"+base(o.Name)+"_broken", invalid(o.Data)))
	}
	if rng.IntN(100) < mix.Refused {
		err = firstErr(err, write(refusedName, []byte(refusedScript)))
	}
	return own, err
}

// invalid turns an observation that passes on the reference into one
// that fails there: its last stdout or stderr check is negated (what a
// student who read the mutant as the contract would write); without one,
// a check of output nothing prints is added.
func invalid(data []byte) []byte {
	lines := strings.SplitAfter(string(data), "\n")
	script := len(lines)
	for i, l := range lines {
		if strings.HasPrefix(l, "-- ") && strings.HasSuffix(strings.TrimSpace(l), " --") {
			script = i // the archive's files follow: not checks
			break
		}
	}
	for i := script - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if strings.HasPrefix(l, "stdout ") || strings.HasPrefix(l, "stderr ") {
			lines[i] = "! " + strings.TrimLeft(lines[i], " \t")
			return []byte("# Expects what the contract forbids: the opposite of the lab's check.\n" + strings.Join(lines, ""))
		}
	}
	return []byte(strings.Join(lines[:script], "") + "stdout '^output the contract does not promise$'\n" + strings.Join(lines[script:], ""))
}

// base is an observation's name without its kind.
func base(name string) string { return name[strings.IndexByte(name, '/')+1:] }

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
