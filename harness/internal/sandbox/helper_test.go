package sandbox

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// helperEnv, set to 1, makes the test binary one of the helper children
// below instead of running the tests.
const helperEnv = "SANDBOX_TEST_HELPER"

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) == "1" {
		os.Exit(helper(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// helpers are the children the tests run, by name; each gets the rest of
// the arguments and returns its exit status.
var helpers = map[string]func(args []string) int{
	"hello": func([]string) int {
		fmt.Print("hello\n")
		fmt.Fprint(os.Stderr, "warn\n")
		return 7
	},
	"env": func([]string) int {
		env := os.Environ()
		slices.Sort(env)
		fmt.Print(strings.Join(env, "\n"))
		return 0
	},
	"print": func(args []string) int {
		n, _ := strconv.Atoi(args[0])
		os.Stdout.Write([]byte(strings.Repeat("x", n)))
		return 0
	},
	"spew":   spew,
	"alloc":  alloc,
	"fill":   fill,
	"sleep":  sleep,
	"spin":   spin,
	"read":   readFile,
	"write":  writeFile,
	"ls":     ls,
	"dial":   dial,
	"ifaces": ifaces,
	"fds":    fds,
}

func helper(args []string) int {
	f, ok := helpers[args[0]]
	if !ok {
		fmt.Fprintf(os.Stderr, "no helper %q\n", args[0])
		return 100
	}
	return f(args[1:])
}

func spew([]string) int {
	line := []byte(strings.Repeat("y", 1023) + "\n")
	for {
		if _, err := os.Stdout.Write(line); err != nil {
			return 1
		}
	}
}

// alloc allocates 1 MiB at a time, without touching it, until the
// runtime dies; it tells how far it got every 16 MiB.
func alloc([]string) int {
	var keep [][]byte
	for {
		keep = append(keep, make([]byte, 1<<20))
		if len(keep)%16 == 0 {
			fmt.Fprintf(os.Stderr, "allocated %d MiB\n", len(keep))
		}
	}
}

// fill writes args[0] files of args[1] bytes each and prints the first
// error, or ok.
func fill(args []string) int {
	n, _ := strconv.Atoi(args[0])
	size, _ := strconv.Atoi(args[1])
	chunk := make([]byte, 64<<10)
	for i := range n {
		f, err := os.Create(fmt.Sprintf("f%d", i))
		if err != nil {
			fmt.Print(errName(err))
			return 1
		}
		for written := 0; written < size; written += len(chunk) {
			if _, err := f.Write(chunk); err != nil {
				fmt.Print(errName(err))
				return 1
			}
		}
		f.Close()
	}
	fmt.Print("ok")
	return 0
}

// sleep starts a grandchild that sleeps with args[0] on its command line,
// prints its pid, and sleeps forever too.
func init() {
	helpers["id"] = func(args []string) int {
		if len(args) > 0 { // stay a while, so that runs overlap
			d, _ := time.ParseDuration(args[0])
			time.Sleep(d)
		}
		groups, _ := os.Getgroups()
		fmt.Printf("uid %d euid %d gid %d groups %v", os.Getuid(), os.Geteuid(), os.Getgid(), groups)
		return 0
	}
	// hop starts another hop, in a session of its own, and exits: a
	// process whose pid changes every few milliseconds.
	helpers["hop"] = func(args []string) int {
		self, _ := os.Executable()
		cmd := exec.Command(self, "hop", args[0])
		cmd.Env = os.Environ()
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		_ = cmd.Start()
		return 0
	}
	// escape starts a grandchild in a session of its own, out of the
	// child's process group, and exits.
	helpers["escape"] = func(args []string) int {
		self, _ := os.Executable()
		cmd := exec.Command(self, "sleep-grandchild", args[0])
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if err := cmd.Start(); err != nil {
			fmt.Print(err)
			return 1
		}
		return 0
	}
}

func sleep(args []string) int {
	self, _ := os.Executable()
	cmd := exec.Command(self, "sleep-grandchild", args[0])
	if err := cmd.Start(); err != nil {
		fmt.Print(err)
		return 1
	}
	fmt.Printf("grandchild %d\n", cmd.Process.Pid)
	time.Sleep(time.Hour)
	return 0
}

func init() {
	helpers["sleep-grandchild"] = func([]string) int {
		time.Sleep(time.Hour)
		return 0
	}
}

func spin([]string) int {
	for n := 0; ; n++ {
		_ = n * n
	}
}

func readFile(args []string) int {
	b, err := os.ReadFile(args[0])
	if err != nil {
		fmt.Print(errName(err))
		return 1
	}
	fmt.Print(string(b))
	return 0
}

func writeFile(args []string) int {
	fmt.Print(errName(os.WriteFile(args[0], []byte("x"), 0o644)))
	return 0
}

func ls(args []string) int {
	entries, err := os.ReadDir(args[0])
	if err != nil {
		fmt.Print(errName(err))
		return 1
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	fmt.Print(strings.Join(names, " "))
	return 0
}

func dial(args []string) int {
	conn, err := net.DialTimeout("tcp", args[0], time.Second)
	if err == nil {
		conn.Close()
	}
	fmt.Print(errName(err))
	return 0
}

func ifaces([]string) int {
	list, err := net.Interfaces()
	if err != nil {
		fmt.Print(errName(err))
		return 1
	}
	var names []string
	for _, i := range list {
		names = append(names, i.Name)
	}
	fmt.Print(strings.Join(names, " "))
	return 0
}

// fds prints the descriptors above stderr that are pipes: any would be a
// descriptor of Run's or bwrap's that leaked into the child.
func fds([]string) int {
	entries, _ := os.ReadDir("/proc/self/fd")
	var leaked []string
	for _, e := range entries {
		n, _ := strconv.Atoi(e.Name())
		link, _ := os.Readlink(filepath.Join("/proc/self/fd", e.Name()))
		if n > 2 && strings.HasPrefix(link, "pipe:") {
			leaked = append(leaked, e.Name()+" "+link)
		}
	}
	fmt.Print(strings.Join(leaked, ", "))
	return 0
}

// errName names the errno under err: "ENOENT", "ENOSPC"; "ok" for nil.
func errName(err error) string {
	var errno syscall.Errno
	switch {
	case err == nil:
		return "ok"
	case errors.As(err, &errno):
		return unix.ErrnoName(errno)
	default:
		return err.Error()
	}
}
