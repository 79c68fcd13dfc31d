package cli

import (
	"flag"
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
	fs.StringVar(&c.Format, "format", "text", "output `format`: "+strings.Join(writers.Reports.Names(), ", "))
	fs.StringVar(&c.Out, "o", "", "write the output to `FILE` instead of standard output")
	fs.BoolVar(&c.JSON, "json", false, "the same as -format json")
	fs.StringVar(&c.Chdir, "C", "", "run against the checkout in `DIR` (default: the current folder)")
	fs.BoolVar(&c.Quiet, "q", false, "print no progress")
	fs.DurationVar(&c.Build.Timeout, "timeout", killmatrix.DefaultTimeout, "bound on one observation run")
	fs.IntVar(&c.Build.Parallel, "parallel", 0, "scripts run at once (default: the number of CPUs)")
	fs.StringVar(&c.Build.WorkRoot, "workdir", "", "where scripts' stores are made (default: /dev/shm when writable)")
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
