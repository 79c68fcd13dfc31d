// Command genmutants writes the mutant copies declared in
// mutants/catalogue.json. It is run by go generate ./mutants:
//
//	go generate ./mutants
//
// It finds the module root from the working directory, renders every copy
// and the registry, writes those that changed, and removes generated files
// no longer wanted (a mutant dropped from the catalogue), then their folder
// when it is empty. Only files carrying the generated-code header are ever
// removed.
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"idemlab/harness/mutation"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "genmutants:", err)
		os.Exit(1)
	}
}

func run() error {
	root, err := mutation.ModuleRoot(".")
	if err != nil {
		return err
	}
	cat, err := mutation.Load(root)
	if err != nil {
		return err
	}
	files, err := mutation.Generate(root, cat)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		dst := filepath.Join(root, filepath.FromSlash(name))
		if old, err := os.ReadFile(dst); err == nil && bytes.Equal(old, files[name]) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, files[name], 0o644); err != nil {
			return err
		}
		fmt.Println("wrote", name)
	}
	stale, err := mutation.Stale(root, files)
	if err != nil {
		return err
	}
	for _, name := range stale {
		file := filepath.Join(root, filepath.FromSlash(name))
		if err := os.Remove(file); err != nil {
			return err
		}
		fmt.Println("removed", name)
		// The folder goes too once nothing is left in it; os.Remove
		// refuses a folder that still holds anything.
		os.Remove(filepath.Dir(file))
	}
	return nil
}
