package genmutants

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"

	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	"idemlab/harness/mutation"
)

// Main runs the genmutants command line args (without the program's name)
// and returns its exit status. It takes no registry: the catalogue it is
// given is the lab, whichever it is.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("genmutants", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: genmutants CATALOGUE.json\n\nWrites the mutant copies the catalogue declares, and their registry, beside it.\n")
		fs.PrintDefaults()
	}
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: genmutants CATALOGUE.json (run 'genmutants -h' for usage)")
		return exitcode.Usage
	}
	root, file, files, err := render(fs.Arg(0))
	if err != nil {
		return fail(stderr, renderStatus(err), err)
	}
	err = write(root, files, stdout)
	if err == nil {
		err = removeStale(root, path.Dir(file), files, stdout)
	}
	if err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	return exitcode.OK
}

func fail(stderr io.Writer, status int, err error) int {
	fmt.Fprintln(stderr, "genmutants:", err)
	return status
}

// render reads the catalogue, given relative to the current folder, and
// renders every file it calls for; it returns the module root and the
// catalogue's path relative to it too.
func render(catalogue string) (root, file string, files map[string][]byte, err error) {
	if root, err = mutation.ModuleRoot("."); err != nil {
		return "", "", nil, err
	}
	abs, err := filepath.Abs(catalogue)
	if err != nil {
		return "", "", nil, err
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return "", "", nil, err
	}
	file = filepath.ToSlash(rel)
	cat, err := mutation.Load(root, file)
	if err != nil {
		return "", "", nil, err
	}
	files, err = mutation.Generate(root, file, cat)
	return root, file, files, err
}

// renderStatus is the exit status of a failure to render: Usage when the
// catalogue, or a file it names, is missing or malformed (nothing was
// written), Internal when a file could not be read for another reason.
func renderStatus(err error) int {
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) && !errors.Is(err, fs.ErrNotExist) {
		return exitcode.Internal
	}
	return exitcode.Usage
}

func write(root string, files map[string][]byte, stdout io.Writer) error {
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
		fmt.Fprintln(stdout, "wrote", name)
	}
	return nil
}

func removeStale(root, dir string, files map[string][]byte, stdout io.Writer) error {
	stale, err := mutation.Stale(root, dir, files)
	if err != nil {
		return err
	}
	for _, name := range stale {
		file := filepath.Join(root, filepath.FromSlash(name))
		if err := os.Remove(file); err != nil {
			return err
		}
		fmt.Fprintln(stdout, "removed", name)
		// The folder goes too once nothing is left in it; os.Remove
		// refuses a folder that still holds anything.
		os.Remove(filepath.Dir(file))
	}
	return nil
}
