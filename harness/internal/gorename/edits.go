package gorename

// An Edit is one change Prefix made to a file: at Offset, the original's
// text Old was replaced by New. A prefix replaces nothing (Old is empty);
// the package clause's name is replaced by the new package's.
type Edit struct {
	Offset    int // byte offset in the original file
	Line, Col int // Offset's line and byte column in the original, from 1
	Old, New  string
}

// Edits are the changes Prefix made to one file, in the order of their
// offsets. No edit adds or removes a line, so a line number of the
// renamed file is the line number of the original.
type Edits []Edit

// Original returns the position in the original file of line and byte
// column col of the renamed file, both counted from 1, as a compiler
// reports them. A column inside an inserted prefix, or inside the new
// package name, is the column where the edit was made: the name's first
// byte.
func (es Edits) Original(line, col int) (int, int) {
	shift := 0 // bytes added before col by the line's earlier edits
	for _, e := range es {
		if e.Line != line {
			continue
		}
		start := e.Col + shift // the edit's column in the renamed file
		if col < start {
			break
		}
		if col < start+len(e.New) {
			return line, e.Col
		}
		shift += len(e.New) - len(e.Old)
	}
	return line, col - shift
}

// apply returns src with the edits made.
func (es Edits) apply(src []byte) []byte {
	n := len(src)
	for _, e := range es {
		n += len(e.New) - len(e.Old)
	}
	out := make([]byte, 0, n)
	last := 0
	for _, e := range es {
		out = append(out, src[last:e.Offset]...)
		out = append(out, e.New...)
		last = e.Offset + len(e.Old)
	}
	return append(out, src[last:]...)
}
