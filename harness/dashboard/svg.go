package dashboard

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"idemlab/harness/i18n"
)

// The charts are SVG written here, with no library and no script: each
// drawn datum carries its count in a data-count attribute, so that a
// test can read the numbers a chart draws.

// segment is one part of a stacked bar.
type segment struct {
	kind, colour string
	count        int
}

var colours = map[string]string{
	"right": "#2e7d32", "wrong-killer": "#c62828", "wrong-evidence": "#ef6c00", "wrong-other": "#6a3fb5", "unpredicted": "#b0b7bf",
	"before": "#1456d6", "after": "#ef6c00", "unrecorded": "#b0b7bf", "killed": "#2e7d32", "total": "#1456d6",
}

func esc(s string) string { return html.EscapeString(s) }

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// totalsSVG is the histogram of totals.
func totalsSVG(d Data, l i18n.Lang) string {
	const w, h, left, bottom, top = 540, 280, 44, 40, 12
	var b strings.Builder
	fmt.Fprintf(&b, `<svg viewBox="0 0 %d %d" width="%d" height="%d" role="img">`, w, h, w, h)
	most := 1
	for _, bin := range d.Totals {
		most = max(most, bin.Count)
	}
	plotW, plotH := float64(w-left-10), float64(h-bottom-top)
	most = axis(&b, left, top, plotW, plotH, most)
	bw := plotW / float64(max(1, len(d.Totals)))
	for i, bin := range d.Totals {
		bh := plotH * float64(bin.Count) / float64(most)
		x := float64(left) + float64(i)*bw
		fmt.Fprintf(&b, `<rect class="bar" data-count="%d" data-lo="%s" data-hi="%s" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s–%s: %d</title></rect>`,
			bin.Count, num(bin.Lo), num(bin.Hi), x+1, float64(top)+plotH-bh, max(1, bw-2), bh, colours["total"], num(bin.Lo), num(bin.Hi), bin.Count)
		if len(d.Totals) <= 16 || i%((len(d.Totals)+15)/16) == 0 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" class="tick">%s</text>`, x+bw/2, float64(top)+plotH+15, num(bin.Lo))
		}
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" class="axis-label">%s</text>`, float64(left)+plotW/2, h-4, esc(l.T("grade.dash.total-axis", nil)))
	fmt.Fprintf(&b, `<text x="12" y="%.1f" text-anchor="middle" class="axis-label" transform="rotate(-90 12 %.1f)">%s</text>`, float64(top)+plotH/2, float64(top)+plotH/2, esc(l.T("grade.dash.students-axis", nil)))
	b.WriteString(`</svg>`)
	return b.String()
}

// axis draws the y axis from 0 to at least most, with a grid line every
// step of a few, and returns its top.
func axis(b *strings.Builder, left, top int, plotW, plotH float64, most int) int {
	step := max(1, (most+4)/5)
	most = (most + step - 1) / step * step
	for v := 0; v <= most; v += step {
		y := float64(top) + plotH - plotH*float64(v)/float64(most)
		fmt.Fprintf(b, `<line x1="%d" x2="%.1f" y1="%.1f" y2="%.1f" class="grid"/><text x="%d" y="%.1f" text-anchor="end" class="tick">%d</text>`,
			left, float64(left)+plotW, y, y, left-4, y+4, v)
	}
	return most
}

// stacked draws one horizontal stacked bar per mutant, each segment a
// share of of, with the label at its left.
func stacked(chart string, rows []Mutant, of int, segs func(Mutant) []segment) string {
	const w, rowH, left, barW = 1000, 30, 190, 780
	h := rowH*len(rows) + 8
	var b strings.Builder
	fmt.Fprintf(&b, `<svg viewBox="0 0 %d %d" width="%d" height="%d" role="img" data-chart="%s" data-of="%d">`, w, h, w, h, chart, of)
	for i, m := range rows {
		y := 4 + i*rowH
		fmt.Fprintf(&b, `<g class="row" data-mutant="%s"><text x="%d" y="%d" text-anchor="end" class="label">%s</text>`, esc(m.Name), left-8, y+18, esc(m.Label))
		x := float64(left)
		for _, s := range segs(m) {
			sw := 0.0
			if of > 0 {
				sw = barW * float64(s.count) / float64(of)
			}
			fmt.Fprintf(&b, `<rect class="seg" data-kind="%s" data-count="%d" x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"><title>%s: %d</title></rect>`,
				s.kind, s.count, x, y+2, sw, rowH-8, s.colour, s.kind, s.count)
			if sw >= 26 {
				fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" class="in-bar">%d</text>`, x+sw/2, y+18, s.count)
			}
			x += sw
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

func seg(kind string, n int) segment { return segment{kind, colours[kind], n} }

func predictionsSVG(d Data) string {
	return stacked("predictions", labMutants(d), d.Graded, func(m Mutant) []segment {
		return []segment{seg("right", m.Right), seg("wrong-killer", m.WrongKiller), seg("wrong-evidence", m.WrongEvidence), seg("wrong-other", m.WrongOther), seg("unpredicted", m.Unpredicted)}
	})
}

func revealSVG(d Data) string {
	most := 0
	for _, m := range labMutants(d) {
		most = max(most, m.Before+m.After+m.Unrecorded)
	}
	return stacked("reveal", labMutants(d), most, func(m Mutant) []segment {
		return []segment{seg("before", m.Before), seg("after", m.After), seg("unrecorded", m.Unrecorded)}
	})
}

func labMutants(d Data) []Mutant {
	var out []Mutant
	for _, m := range d.Mutants {
		if !m.HeldOut {
			out = append(out, m)
		}
	}
	return out
}

// confusionSVG is the matrix of evidence predicted (rows) against shown
// (columns), each cell shaded by its count.
func confusionSVG(d Data, l i18n.Lang) string {
	const cell, left, top = 74, 120, 64
	w, h := left+4*cell+10, top+3*cell+30
	most := 1
	for _, r := range d.Confusion {
		for _, n := range r {
			most = max(most, n)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg viewBox="0 0 %d %d" width="%d" height="%d" role="img">`, w, h, w, h)
	fmt.Fprintf(&b, `<text x="%d" y="16" text-anchor="middle" class="axis-label">%s →</text>`, left+2*cell, esc(l.T("grade.dash.actual", nil)))
	cols := append(evidenceWords(), l.T("grade.dash.none", nil))
	for c, name := range cols {
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" class="tick">%s</text>`, left+c*cell+cell/2, top-10, esc(name))
	}
	fmt.Fprintf(&b, `<text x="14" y="%d" text-anchor="middle" class="axis-label" transform="rotate(-90 14 %d)">%s →</text>`, top+3*cell/2, top+3*cell/2, esc(l.T("grade.dash.predicted", nil)))
	for r, row := range d.Confusion {
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end" class="tick">%s</text>`, left-8, top+r*cell+cell/2+4, esc(evidenceWords()[r]))
		for c, n := range row {
			shade := 0.06 + 0.94*float64(n)/float64(most)
			colour := "27,94,32" // on the diagonal: the evidence was right
			if r != c {
				colour = "198,40,40"
			}
			ink := "#1d1d1f"
			if shade > 0.55 {
				ink = "#fff"
			}
			fmt.Fprintf(&b, `<rect class="cell" data-predicted="%s" data-actual="%s" data-count="%d" x="%d" y="%d" width="%d" height="%d" fill="rgba(%s,%.2f)" stroke="#fff"/><text x="%d" y="%d" text-anchor="middle" class="cell-count" style="fill: %s">%d</text>`,
				Evidences[r], actualName(c), n, left+c*cell, top+r*cell, cell, cell, colour, shade, left+c*cell+cell/2, top+r*cell+cell/2+5, ink, n)
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}

func evidenceWords() []string {
	var out []string
	for _, e := range Evidences {
		out = append(out, string(e))
	}
	return out
}

func actualName(c int) string {
	if c < len(Evidences) {
		return string(Evidences[c])
	}
	return "none"
}

// killsSVG draws, per mutant, how many students' own observations kill
// it, and the observations most of them wrote.
func killsSVG(d Data, l i18n.Lang) string {
	const w, rowH, left, barW, shown = 1000, 40, 190, 300, 3
	h := rowH*len(d.Mutants) + 8
	var b strings.Builder
	fmt.Fprintf(&b, `<svg viewBox="0 0 %d %d" width="%d" height="%d" role="img" data-of="%d">`, w, h, w, h, d.Graded)
	for i, m := range d.Mutants {
		y := 4 + i*rowH
		label := m.Label
		if m.HeldOut {
			label += " (" + l.T("grade.dash.held-out", nil) + ")"
		}
		fmt.Fprintf(&b, `<g class="row" data-mutant="%s"><text x="%d" y="%d" text-anchor="end" class="label">%s</text>`, esc(m.Name), left-8, y+17, esc(label))
		bw := 0.0
		if d.Graded > 0 {
			bw = barW * float64(m.Killed) / float64(d.Graded)
		}
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#eef1f4"/><rect class="seg" data-kind="killed" data-count="%d" x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>`,
			left, y+4, barW, rowH-18, m.Killed, left, y+4, bw, rowH-18, colours["killed"])
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="label">%s</text>`, left+barW+10, y+17, esc(l.T("grade.dash.killed-of", i18n.M{"Killed": m.Killed, "Graded": d.Graded})))
		var names []string
		for _, k := range m.Killers[:min(shown, len(m.Killers))] {
			names = append(names, fmt.Sprintf("%s ×%d", k.Observation, k.Students))
		}
		text := strings.Join(names, " · ")
		if len(m.Killers) > shown {
			text += " · " + l.T("grade.dash.more", i18n.M{"N": len(m.Killers) - shown})
		}
		if len(m.Killers) == 0 {
			text = l.T("grade.dash.no-killers", nil)
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="killers" data-killers="%d">%s</text></g>`, left, y+rowH-2, len(m.Killers), esc(text))
	}
	b.WriteString(`</svg>`)
	return b.String()
}
