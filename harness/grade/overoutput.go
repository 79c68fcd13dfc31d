package grade

import (
	"bytes"
	"encoding/json"
	"fmt"

	"idemlab/harness/killmatrix"
	"idemlab/harness/submission"
)

// overOutput is what a worker sends back instead of its result when the
// result would exceed its output budget: the observation whose results
// weigh the most, so that its flag can name it (the sandbox, which would
// kill the worker part way through its result, knows no observation).
type overOutput struct {
	File  string `json:"file"`  // the observation's file, as its student names it
	Bytes int64  `json:"bytes"` // its part of the result
	Total int64  `json:"total"` // the whole result's
}

// encode is the worker's result as it prints it, or, when that would
// exceed budget bytes (0: no budget), a result that says only which
// observation weighs the most.
func (r *workResult) encode(budget int64) ([]byte, error) {
	data, err := marshal(r)
	if err != nil || budget <= 0 || int64(len(data)) <= budget {
		return data, err
	}
	over := &overOutput{Total: int64(len(data))}
	for file, n := range r.weights() {
		if n > over.Bytes || n == over.Bytes && file < over.File {
			over.File, over.Bytes = file, n
		}
	}
	return marshal(&workResult{OverOutput: over})
}

// weights are the bytes of the result each observation accounts for, by
// its file: its row and its cells on every mutant, held-out ones too.
func (r *workResult) weights() map[string]int64 {
	w := map[string]int64{}
	for _, m := range []*killmatrix.Matrix{r.Own, r.HeldOut} {
		if m == nil {
			continue
		}
		files := map[string]string{}
		for _, o := range m.Observations {
			files[o.Name] = o.File
			w[o.File] += weight(o)
		}
		for _, row := range m.Mutants {
			for name, c := range row.Cells {
				w[files[name]] += weight(c)
			}
		}
	}
	return w
}

func weight(v any) int64 {
	data, _ := marshal(v)
	return int64(len(data))
}

// marshal is JSON as the worker prints it, one line, HTML unescaped.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return b.Bytes(), err
}

// overOutputFlag is the flag of a worker whose result exceeded budget.
func overOutputFlag(o *overOutput, budget int64) string {
	return fmt.Sprintf("its observations' results exceeded the budget of %s, %s's the largest (%s of %s); its own observations count nothing",
		size(budget), submission.Quote(o.File), approx(o.Bytes), approx(o.Total))
}

// approx is n bytes to two significant figures or so, for a person.
func approx(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
