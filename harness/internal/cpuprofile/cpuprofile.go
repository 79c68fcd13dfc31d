// Package cpuprofile starts a CPU profile for a command's -cpuprofile
// flag (idemlab mutate's, and its program of mutants').
package cpuprofile

import (
	"os"
	"runtime/pprof"
)

// Start starts a CPU profile of this process into file; the function
// returned stops it and closes the file.
func Start(file string) (stop func(), err error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
