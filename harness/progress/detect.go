package progress

import (
	"io"
	"os"

	"golang.org/x/term"
)

// detect says whether the meter draws a terminal line on w, and returns
// the function giving the terminal width.
func detect(w io.Writer, opt Options) (tty bool, width func() int) {
	fd, isFile := fileDescriptor(w)
	if opt.Terminal != nil {
		tty = *opt.Terminal
	} else {
		tty = isFile && term.IsTerminal(fd) && os.Getenv("TERM") != "dumb"
	}
	return tty, widthFunc(opt.Width, fd, isFile)
}

// fileDescriptor returns the descriptor of w if it is an *os.File.
func fileDescriptor(w io.Writer) (int, bool) {
	f, ok := w.(*os.File)
	if !ok || f == nil {
		return -1, false
	}
	return int(f.Fd()), true
}

// widthFunc returns fixed if positive, else a function asking the terminal
// on fd, falling back to DefaultWidth.
func widthFunc(fixed, fd int, isFile bool) func() int {
	if fixed > 0 || !isFile {
		return func() int { return orDefault(fixed) }
	}
	return func() int {
		w, _, err := term.GetSize(fd)
		if err != nil {
			return DefaultWidth
		}
		return orDefault(w)
	}
}

func orDefault(width int) int {
	if width <= 0 {
		return DefaultWidth
	}
	return width
}
