package reportcheck

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/google/go-cmp/cmp"
)

// differences lists the leaves where two decoded JSON documents differ.
// go-cmp walks them and a Reporter collects each difference's path, so
// the result is stable data, not go-cmp's diff text (which is
// deliberately unstable and never parsed).
func differences(report, rerun any) []Difference {
	var r differ
	cmp.Equal(report, rerun, cmp.Reporter(&r))
	return r.found
}

// differ is a cmp.Reporter; see the Reporter example of go-cmp.
type differ struct {
	path  cmp.Path
	found []Difference
}

func (d *differ) PushStep(ps cmp.PathStep) { d.path = append(d.path, ps) }
func (d *differ) PopStep()                 { d.path = d.path[:len(d.path)-1] }

func (d *differ) Report(rs cmp.Result) {
	if rs.Equal() {
		return
	}
	vx, vy := d.path.Last().Values()
	d.found = append(d.found, Difference{Path: jsonPath(d.path), Report: jsonText(vx), Rerun: jsonText(vy)})
}

// jsonPath writes a path through maps and slices as a JSON path:
// mutants[0].outcome.
func jsonPath(p cmp.Path) string {
	var b strings.Builder
	for _, step := range p {
		switch s := step.(type) {
		case cmp.MapIndex:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			fmt.Fprintf(&b, "%v", s.Key())
		case cmp.SliceIndex:
			x, y := s.SplitKeys()
			switch {
			case x == y:
				fmt.Fprintf(&b, "[%d]", x)
			case x < 0:
				fmt.Fprintf(&b, "[+%d]", y)
			default:
				fmt.Fprintf(&b, "[%d]", x)
			}
		}
	}
	return b.String()
}

// jsonText is a value as compact JSON, "" when absent.
func jsonText(v reflect.Value) string {
	if !v.IsValid() || !v.CanInterface() {
		return ""
	}
	data, err := json.Marshal(v.Interface())
	if err != nil {
		return fmt.Sprint(v.Interface())
	}
	const max = 200
	if len(data) > max {
		return string(data[:max]) + "…"
	}
	return string(data)
}
