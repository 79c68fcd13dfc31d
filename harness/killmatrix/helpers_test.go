package killmatrix_test

import (
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/mutants"
	"idemlab/reference/idem"
)

// The tests run the idempotency-key store lab, with fakes made from its
// reference by replacing one function.

func ref() lab.Impl { return mutants.Lab().Reference }

func refAPI() idem.API { return ref().Value.(idem.API) }

// fake is the reference, called name, with edit applied to its API.
func fake(name string, edit func(*idem.API)) lab.Impl {
	api := refAPI()
	edit(&api)
	return lab.Impl{Name: name, Value: api}
}

// labWith is the store lab with r as its reference, and no wheat: the
// lab's wheat is correct beside its own reference, not beside a fake
// (TestWheats gives wheats of its own).
func labWith(r lab.Impl) *lab.Lab {
	l := *mutants.Lab()
	l.Reference = r
	l.Wheats = nil
	return &l
}

func run(s lab.Impl, o killmatrix.Observation, timeout time.Duration, root string) killmatrix.Result {
	return killmatrix.Run(mutants.Lab(), s, o, killmatrix.Options{Timeout: timeout, WorkRoot: root})
}

func build(r lab.Impl, muts []lab.Impl, obs []killmatrix.Observation, opt killmatrix.Options) *killmatrix.Matrix {
	return killmatrix.Build(labWith(r), muts, obs, opt)
}

func evidenceAt(o killmatrix.Observation, line int) killmatrix.Evidence {
	return killmatrix.EvidenceAt(mutants.Lab(), o, line)
}
