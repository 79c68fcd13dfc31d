package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"idemlab/harness/exitcode"
	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
)

// Checkout finds the module root of the checkout a command runs against.
// As go -C does, a dir (the -C flag) is made the working directory
// before anything else, so that files named on the command line are
// relative to it; the root is that folder, or the current one when dir
// is "", or a folder above it.
func Checkout(dir string) (string, error) {
	if dir != "" {
		if err := os.Chdir(dir); err != nil {
			return "", err
		}
	}
	return mutation.ModuleRoot(".")
}

// Commit is the checkout's commit, shortened, with "+dirty" when its
// files differ from it, or "" when it is not a git checkout.
func Commit(root string) string {
	out := git(root, "rev-parse", "--short=12", "HEAD")
	if out == "" {
		return ""
	}
	if git(root, "status", "--porcelain", "--untracked-files=no") != "" {
		out += "+dirty"
	}
	return out
}

// Owner is who the checkout says it belongs to: git's user.name, or the
// user running the command.
func Owner(root string) string {
	if name := git(root, "config", "user.name"); name != "" {
		return name
	}
	return os.Getenv("USER")
}

func git(root string, args ...string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", root}, args...)...)
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// Names is a repeatable flag of names; naming one twice is an error.
type Names []string

func (n *Names) String() string { return strings.Join(*n, ",") }

// Set adds a name, refusing one already given.
func (n *Names) Set(v string) error {
	if slices.Contains(*n, v) {
		return fmt.Errorf("%q given twice", v)
	}
	*n = append(*n, v)
	return nil
}

// Parse parses args with fs, which must be ContinueOnError. -h and -help
// print fs's usage to stdout, once, and report done; a bad flag prints
// flag's one-line error and where the usage is, not the whole usage, as
// the go command does.
func Parse(fs *flag.FlagSet, args []string, stdout io.Writer) (done bool, err error) {
	usage := fs.Usage
	fs.Usage = func() {}
	defer func() { fs.Usage = usage }()
	// flag prints its error itself, in English; it is kept back to be
	// printed in the language of the locale.
	out := fs.Output()
	fs.SetOutput(io.Discard)
	err = fs.Parse(args)
	fs.SetOutput(out)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		usage()
		fs.SetOutput(out)
		return true, nil
	case err != nil:
		lang := i18n.FromEnv()
		fmt.Fprintf(out, "%s\n%s\n", Misuse(lang, err.Error()), lang.T("misuse.run-help", i18n.M{"Name": fs.Name()}))
	}
	return false, err
}

// TempDir makes a new folder in dir, as os.MkdirTemp does, for a command
// whose -dir flag says where its work goes ("" for the system's temporary
// folder). On failure it returns the exit status that calls for too:
// Usage, with an error naming -dir, when the flag named dir; Internal when
// the system's temporary folder failed.
func TempDir(dir, pattern string) (string, int, error) {
	work, err := os.MkdirTemp(dir, pattern)
	switch {
	case err != nil && dir != "":
		return "", exitcode.Usage, fmt.Errorf("-dir %s: %v", dir, err)
	case err != nil:
		return "", exitcode.Internal, err
	}
	return work, exitcode.OK, nil
}

// LabStatus is the exit status a lab run calls for: Broken when an
// observation of the lab's own (not a student's) does not pass on the
// reference or m's gate names a problem with one, Survived when a mutant
// survived or could not be judged, Timeout when one timed out, else OK.
func LabStatus(m *killmatrix.Matrix) int {
	for _, o := range m.Observations {
		if o.Kind != killmatrix.KindStudent && !o.Valid() {
			return exitcode.Broken
		}
	}
	status := exitcode.OK
	for _, mu := range m.Mutants {
		switch mu.Outcome {
		case outcome.Survived, outcome.Invalid:
			return exitcode.Survived
		case outcome.Timeout:
			status = exitcode.Timeout
		}
	}
	return status
}
