package cli

import (
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"idemlab/harness/killmatrix"
	"idemlab/harness/writers"
)

// Common are the flags every command that runs a lab shares: where its
// report goes and in what format, which checkout, whether it prints
// progress, and how observations run.
type Common struct {
	Format, Out, Chdir string
	JSON, Quiet        bool
	Build              killmatrix.Options
}

// Define defines the common flags on fs.
func (c *Common) Define(fs *flag.FlagSet) {
	fs.StringVar(&c.Format, "format", "text", "output `FORMAT`: "+strings.Join(writers.Reports.Names(), ", "))
	fs.StringVar(&c.Out, "o", "", "write the output to `FILE` instead of standard output")
	fs.BoolVar(&c.JSON, "json", false, "the same as -format json")
	fs.StringVar(&c.Chdir, "C", "", "run against the checkout in `DIR` (default: the current folder)")
	fs.BoolVar(&c.Quiet, "q", false, "print no progress")
	fs.DurationVar(&c.Build.Timeout, "timeout", killmatrix.DefaultTimeout, "bound on one observation run, a `DURATION` such as 2m")
	fs.IntVar(&c.Build.Parallel, "parallel", 0, "`N` scripts run at once (default: three per CPU)")
	fs.StringVar(&c.Build.WorkRoot, "workdir", "", "the folder `DIR` where scripts' stores are made (default: /dev/shm when writable)")
	fs.BoolVar(&c.Build.RunUnreached, "run-unreached", false, "run every observation on every mutant, also one that calls none of the functions the mutant changes")
}

// Writer checks the format asked for (-json is -format json) and returns
// it.
func (c *Common) Writer() (string, error) {
	if c.JSON {
		c.Format = "json"
	}
	_, err := writers.Reports.Lookup(c.Format)
	return c.Format, err
}

// Bytes is a flag holding a size: a number of bytes, or a number with
// KiB, MiB or GiB after it (64MiB).
type Bytes int64

// String writes the size with the largest unit that divides it (64MiB).
func (b *Bytes) String() string {
	n := int64(*b)
	for _, u := range []struct {
		suffix string
		shift  uint
	}{{"GiB", 30}, {"MiB", 20}, {"KiB", 10}} {
		if n != 0 && n%(1<<u.shift) == 0 {
			return strconv.FormatInt(n>>u.shift, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}

// Set parses a size.
func (b *Bytes) Set(s string) error {
	units := []struct {
		suffix string
		shift  uint
	}{{"GiB", 30}, {"MiB", 20}, {"KiB", 10}, {"B", 0}}
	t := strings.TrimSpace(s)
	shift := uint(0)
	for _, u := range units {
		if rest, ok := strings.CutSuffix(t, u.suffix); ok {
			t, shift = strings.TrimSpace(rest), u.shift
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64>>shift {
		return fmt.Errorf("size %q: want a number of bytes, or one with KiB, MiB or GiB after it", s)
	}
	*b = Bytes(n << shift)
	return nil
}
