package classgen_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"idemlab/harness/classgen"
	"idemlab/harness/labrun"
	"idemlab/mutants"
)

// Three synthetic submissions of the idempotency-key store lab; the seed
// fixes what each one holds.
func ExampleWrite() {
	dir, err := os.MkdirTemp("", "classgen-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	l := mutants.Lab()
	obs, err := labrun.LabObservations(l, "../..")
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := classgen.Write(dir, 3, 1, classgen.DefaultMix, l, obs); err != nil {
		fmt.Println(err)
		return
	}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, path)
			fmt.Println(filepath.ToSlash(rel))
		}
		return err
	})
	// Output:
	// student001/student/finish_then_fetch_replays.txtar
	// student001/worksheet.history.json
	// student001/worksheet.md
	// student002/student/fetch_at_expiry_is_nil.txtar
	// student002/student/purge_keeps_old_pending.txtar
	// student002/worksheet.md
	// student003/student/purge_keeps_old_pending.txtar
	// student003/student/reserve_done_key_again_is_refused.txtar
	// student003/worksheet.history.json
	// student003/worksheet.md
}
