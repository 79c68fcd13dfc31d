package clauses_test

import (
	"fmt"

	"idemlab/harness/clauses"
)

// A table with two clauses, checked against the observations that exist:
// one clause is pinned, the other names an observation not written yet,
// and one observation pins no clause.
func Example() {
	data := []byte(`{
  "version": 1,
  "clauses": [
    {
      "id": "fetch.expiry-boundary",
      "step": 4,
      "function": "Fetch",
      "clause": "at now == expires exactly Fetch returns nil",
      "observations": ["edge/fetch_at_expiry_is_nil"]
    },
    {
      "id": "fetch.nan-now-refused",
      "step": 4,
      "function": "Fetch",
      "clause": "a now of NaN is refused by the store's own time check",
      "observations": ["edge/fetch_refuses_nan_now"]
    }
  ]
}
`)
	t, err := clauses.Parse("mutants/testdata/answers/clauses.json", data)
	if err != nil {
		fmt.Println(err)
		return
	}
	observations := []string{"edge/fetch_at_expiry_is_nil", "happy/finish_then_fetch_replays"}
	fmt.Println(len(t.Clauses), "clauses")
	fmt.Println(t.Check(observations))
	fmt.Println("pinning nothing:", t.Unpinned(observations))
	// Output:
	// 2 clauses
	// mutants/testdata/answers/clauses.json:16: clause "fetch.nan-now-refused": observation "edge/fetch_refuses_nan_now" does not exist
	// pinning nothing: [happy/finish_then_fetch_replays]
}
