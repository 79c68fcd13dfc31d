package submission_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"idemlab/harness/internal/scriptrun"
)

// The oracle of FuzzLint runs an accepted script in a child process of
// this test binary that has a mount namespace of its own: there it
// mounts a fresh tmpfs, chroots into it, and runs the script in
// testscript itself from a work folder inside. The tmpfs is then the whole
// file system the script can reach, so a listing of it taken before and
// after the run shows every file the script wrote, wherever it aimed:
// an absolute archive name, a .. that climbs, a variable testscript's
// setup expands to nothing. Nothing of the host is there to be harmed.

// oracleEnv, set in the child's environment, names the file that holds
// the script to run; oracleRoot the folder to mount the tmpfs on.
const (
	oracleEnv  = "IDEMLAB_LINT_ORACLE_SCRIPT"
	oracleRoot = "IDEMLAB_LINT_ORACLE_ROOT"
)

// Inside the child's root: the script, and the folder its work folder is
// made in (testscript makes script-x there).
const (
	oracleScript = "/x.txtar"
	oracleWork   = "/run"
)

func TestMain(m *testing.M) {
	if file := os.Getenv(oracleEnv); file != "" {
		os.Exit(oracleChild(file, os.Getenv(oracleRoot)))
	}
	os.Exit(m.Run())
}

// oracleRun is what the child tells: the listing of its whole root before
// and after the script ran, the idem lines' flags idem does not define,
// and testscript's log.
type oracleRun struct {
	Before, After map[string]string
	BadFlags      []string
	Log           string
}

// runConfined runs text in a child confined to a tmpfs of its own, as the
// package comment above says. It skips the test where this machine allows
// no mount namespace.
func runConfined(t *testing.T, text string) oracleRun {
	t.Helper()
	dir := t.TempDir()
	file, root := filepath.Join(dir, "script"), filepath.Join(dir, "root")
	if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(root, 0o700); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), oracleEnv+"="+file, oracleRoot+"="+root)
	cmd.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWNS}
	if os.Geteuid() != 0 {
		// Root of a user namespace of its own may mount there.
		cmd.SysProcAttr.Cloneflags |= syscall.CLONE_NEWUSER
		cmd.SysProcAttr.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}}
		cmd.SysProcAttr.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}}
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if strings.Contains(stderr.String(), "oracle: no mount") || cmd.ProcessState == nil {
			t.Skipf("FuzzLint's oracle needs a mount namespace of its own: %v %s", err, stderr.String())
		}
		t.Fatalf("the oracle's child failed: %v\n%s", err, stderr.String())
	}
	var r oracleRun
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("the oracle's child said %q: %v\n%s", out, err, stderr.String())
	}
	return r
}

// oracleChild is the child's main: it confines itself to a tmpfs on root,
// runs the script in file there and prints an oracleRun.
func oracleChild(file, root string) int {
	text, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, "oracle:", err)
		return 1
	}
	// Private, so that nothing mounted here reaches the host's namespace.
	if err := syscall.Mount("none", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		fmt.Fprintln(os.Stderr, "oracle: no mount namespace:", err)
		return 1
	}
	if err := syscall.Mount("tmpfs", root, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "size=16m,mode=0755"); err != nil {
		fmt.Fprintln(os.Stderr, "oracle: no mount of a tmpfs:", err)
		return 1
	}
	if err := syscall.Chroot(root); err != nil {
		fmt.Fprintln(os.Stderr, "oracle: no chroot:", err)
		return 1
	}
	if err := os.Chdir("/"); err != nil {
		fmt.Fprintln(os.Stderr, "oracle:", err)
		return 1
	}
	if err := os.WriteFile(oracleScript, text, 0o600); err != nil {
		fmt.Fprintln(os.Stderr, "oracle:", err)
		return 1
	}
	if err := os.Mkdir(oracleWork, 0o700); err != nil {
		fmt.Fprintln(os.Stderr, "oracle:", err)
		return 1
	}
	var r oracleRun
	r.Before = listing("/")
	noop := func(*testscript.TestScript, bool, []string) {}
	idem := func(_ *testscript.TestScript, _ bool, args []string) {
		if bad := unknownFlag(args); bad != "" {
			r.BadFlags = append(r.BadFlags, bad)
		}
	}
	r.Log = scriptrun.Run(testscript.Params{
		Files:       []string{oracleScript},
		WorkdirRoot: oracleWork,
		Setup: func(env *testscript.Env) error {
			env.Vars = append(env.Vars, "BANG=!")
			return nil
		},
		Cmds: map[string]func(*testscript.TestScript, bool, []string){"idem": idem, "?": noop},
	})
	r.After = listing("/")
	if err := json.NewEncoder(os.Stdout).Encode(r); err != nil {
		return 1
	}
	return 0
}

// listing describes every entry under root, by path: its type and
// permissions, and for a regular file the digest of its content, for a
// link its target.
func listing(root string) map[string]string {
	m := map[string]string{}
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			m[p] = "unreadable: " + err.Error()
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			m[p] = "unreadable: " + err.Error()
			return nil
		}
		desc := fi.Mode().String()
		switch {
		case fi.Mode().IsRegular():
			data, _ := os.ReadFile(p)
			sum := sha256.Sum256(data)
			desc += " " + hex.EncodeToString(sum[:])
		case fi.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			desc += " -> " + target
		}
		m[p] = desc
		return nil
	})
	return m
}

// outsideWork lists what differs between before and after other than in
// the work folder testscript made for the script (and the folder of work
// folders itself): what the script changed elsewhere.
func outsideWork(before, after map[string]string) []string {
	work := oracleWork + "/script-x"
	inWork := func(p string) bool { return p == oracleWork || p == work || strings.HasPrefix(p, work+"/") }
	var diff []string
	for p, a := range after {
		if b, ok := before[p]; (!ok || a != b) && !inWork(p) {
			diff = append(diff, fmt.Sprintf("%s: %s", p, a))
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok && !inWork(p) {
			diff = append(diff, p+": removed")
		}
	}
	return diff
}
