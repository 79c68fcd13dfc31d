package funclen_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"idemlab/harness/internal/funclen"
)

// Two functions of one file, measured; the test file beside it and the
// function's doc comment are not counted.
func ExampleMeasure() {
	dir, err := os.MkdirTemp("", "funclen-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "a.go"), []byte(`package a

// Short is short.
func Short() {}

func Longer(n int) int {
	if n > 0 {
		return n
	}
	return -n
}
`), 0o644)
	os.WriteFile(filepath.Join(dir, "a_test.go"), []byte("package a\n\nfunc helper() {\n}\n"), 0o644)

	fs, err := funclen.Measure(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range fs {
		fmt.Println(strings.TrimPrefix(f.Pos, dir+string(filepath.Separator)), f.Name, f.Lines)
	}
	fmt.Println("p50:", funclen.Percentile(fs, 50))
	// Output:
	// a.go:6:1 Longer 6
	// a.go:4:1 Short 1
	// p50: 1
}
