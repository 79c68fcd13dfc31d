package main

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"

	"idemlab/harness/mutation"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: genmutants CATALOGUE.json")
		os.Exit(1)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "genmutants:", err)
		os.Exit(70)
	}
}

func run(catalogue string) error {
	root, err := mutation.ModuleRoot(".")
	if err != nil {
		return err
	}
	abs, err := filepath.Abs(catalogue)
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return err
	}
	file := filepath.ToSlash(rel)
	cat, err := mutation.Load(root, file)
	if err != nil {
		return err
	}
	files, err := mutation.Generate(root, file, cat)
	if err != nil {
		return err
	}
	if err := write(root, files); err != nil {
		return err
	}
	return removeStale(root, path.Dir(file), files)
}

func write(root string, files map[string][]byte) error {
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
	return nil
}

func removeStale(root, dir string, files map[string][]byte) error {
	stale, err := mutation.Stale(root, dir, files)
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
