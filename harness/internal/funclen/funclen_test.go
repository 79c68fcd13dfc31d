package funclen_test

import (
	"testing"

	"idemlab/harness/internal/funclen"
)

// TestHarnessFunctionLength holds the harness and the reference to their
// figures: a 90th percentile of at most 45 lines, no function over 100.
func TestHarnessFunctionLength(t *testing.T) {
	fs, err := funclen.Measure("../../../harness", "../../../reference")
	if err != nil {
		t.Fatal(err)
	}
	p90 := funclen.Percentile(fs, 90)
	t.Logf("%d functions; p50 %d, p90 %d, max %d lines (%s %s)", len(fs), funclen.Percentile(fs, 50), p90, fs[0].Lines, fs[0].Name, fs[0].Pos)
	if p90 > 45 {
		t.Errorf("90th percentile of function length is %d lines, want at most 45", p90)
	}
	for _, f := range fs {
		if f.Lines > 100 {
			t.Errorf("%s: %s is %d lines, want at most 100", f.Pos, f.Name, f.Lines)
		}
	}
}

func TestPercentile(t *testing.T) {
	fs := []funclen.Func{{Lines: 50}, {Lines: 40}, {Lines: 30}, {Lines: 20}, {Lines: 10}}
	for p, want := range map[int]int{100: 50, 90: 50, 80: 40, 50: 30, 20: 10, 1: 10} {
		if got := funclen.Percentile(fs, p); got != want {
			t.Errorf("Percentile(%d) = %d, want %d", p, got, want)
		}
	}
}
