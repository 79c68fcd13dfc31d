package mutagen

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
)

// Serve is the main function of the program [Build] makes: it runs the
// observations of a folder against the control and every mutant built
// into it, with the lab's commands, and prints the kill matrix as JSON on
// standard output. Every cell's verdict comes back, but not its transcript
// or log, which would be too much to pass back for every mutant.
//
//	mutrun [-dir DIR] [-kinds happy,edge] [-timeout D] [-parallel N] [-workdir DIR] [-first-kill]
func Serve(l *lab.Lab, mutants []lab.Impl) {
	fs := flag.NewFlagSet("mutrun", flag.ExitOnError)
	dir := fs.String("dir", l.Layout.Observations, "observation folder")
	kinds := fs.String("kinds", strings.Join(killmatrix.LabKinds, ","), "kinds of observation, comma-separated")
	var opt killmatrix.Options
	fs.DurationVar(&opt.Timeout, "timeout", killmatrix.DefaultTimeout, "bound on one observation run")
	fs.IntVar(&opt.Parallel, "parallel", 0, "scripts run at once")
	fs.StringVar(&opt.WorkRoot, "workdir", "", "where scripts' stores are made")
	fs.BoolVar(&opt.FirstKill, "first-kill", false, "stop judging a mutant at its first kill")
	progress := fs.Bool("progress", false, "say on stderr when each mutant's judging starts and ends")
	fs.Parse(os.Args[1:])
	if *progress {
		opt.Progress = lineProgress{}
	}
	obs, err := killmatrix.Discover(*dir, strings.Split(*kinds, ",")...)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutrun:", err)
		os.Exit(2)
	}
	m := killmatrix.Build(l, mutants, obs, opt)
	for i := range m.Mutants {
		for name, c := range m.Mutants[i].Cells {
			c.Steps, c.Log = nil, ""
			m.Mutants[i].Cells[name] = c
		}
	}
	if err := json.NewEncoder(os.Stdout).Encode(m); err != nil {
		fmt.Fprintln(os.Stderr, "mutrun:", err)
		os.Exit(1)
	}
}

// lineProgress writes the progress lines Program.Run reads.
type lineProgress struct{}

func (lineProgress) Start(item string) { fmt.Fprintln(os.Stderr, progressStart+item) }
func (lineProgress) Done(item string)  { fmt.Fprintln(os.Stderr, progressDone+item) }
