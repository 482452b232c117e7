package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// profiles writes the pprof profiles the root command's --cpuprofile and
// --memprofile ask for, so that a slow build can be measured where it runs:
// go tool pprof FILE.
type profiles struct {
	cpu, mem string
	cpuFile  *os.File
}

func (p *profiles) addFlags(cmd *cobra.Command) {
	cmd.PersistentFlags().StringVar(&p.cpu, "cpuprofile", "", "write a CPU profile of the command to `FILE`")
	cmd.PersistentFlags().StringVar(&p.mem, "memprofile", "", "write a heap profile, taken when the command ends, to `FILE`")
}

// start begins the CPU profile.
func (p *profiles) start() error {
	if p.cpu == "" {
		return nil
	}
	f, err := os.Create(p.cpu)
	if err != nil {
		return cannotRun(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return cannotRun(fmt.Errorf("--cpuprofile: %w", err))
	}
	p.cpuFile = f
	return nil
}

// stop ends the CPU profile and writes the heap profile.
func (p *profiles) stop() error {
	if p.cpuFile != nil {
		pprof.StopCPUProfile()
		if err := p.cpuFile.Close(); err != nil {
			return cannotRun(err)
		}
		p.cpuFile = nil
	}
	if p.mem == "" {
		return nil
	}
	f, err := os.Create(p.mem)
	if err != nil {
		return cannotRun(err)
	}
	runtime.GC() // the heap profile shows live objects as of the last GC
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return cannotRun(fmt.Errorf("--memprofile: %w", err))
	}
	return f.Close()
}
