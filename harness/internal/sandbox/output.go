package sandbox

import (
	"bytes"
	"io"
)

// capture keeps the first max bytes read from a pipe and drains the
// rest, so that a child is never blocked on a full pipe and Run never
// holds more than max bytes.
type capture struct {
	max    int64
	buf    bytes.Buffer
	over   bool
	onOver func() // called once, on the first byte past max
}

// drain reads r to its end (or an error) and then closes done.
func (c *capture) drain(r io.Reader, done chan<- struct{}) {
	defer close(done)
	chunk := make([]byte, 32<<10)
	for {
		n, err := r.Read(chunk)
		c.add(chunk[:n])
		if err != nil {
			return
		}
	}
}

func (c *capture) add(p []byte) {
	room := c.max - int64(c.buf.Len())
	if int64(len(p)) <= room {
		c.buf.Write(p)
		return
	}
	c.buf.Write(p[:room])
	if !c.over && c.onOver != nil {
		c.onOver()
	}
	c.over = true
}
