package htmlreport

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strings"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
	"idemlab/harness/predict"
	"idemlab/harness/report"
)

// The values of a grid cell's data-status attribute.
const (
	StatusKilled   = "killed"
	StatusSurvived = "survived"
	StatusTimeout  = "timeout"
	// StatusExcluded marks a cell that does not count: the observation
	// fails on the reference or is flaky, or the mutant was not run.
	StatusExcluded = "excluded"
)

// The values of a predicted killer's data-predicted attribute.
const (
	PredictedRight = "right"
	PredictedWrong = "wrong"
)

var page = template.Must(template.New("page").Parse(pageText))

// Write renders r as one HTML document to w. Nothing is written when
// rendering fails.
func Write(w io.Writer, r *report.Report) error {
	var b bytes.Buffer
	if err := page.Execute(&b, build(r)); err != nil {
		return fmt.Errorf("htmlreport: %w", err)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// view is what the template renders: the report, arranged.
type view struct {
	Summary, Score, Elapsed, Counts string
	Colspan                         int
	Schema, Harness                 string
	Stats                           []stat
	Columns                         []column
	Groups                          []group
	Mutants                         []mutant
	Verdicts                        []verdict
	Unpredicted                     []string
	Uncounted                       []uncounted
	Invalid                         []invalid
	Inputs                          []report.Digest
}

type stat struct {
	Label, Class string
	Value        string
}

// column is one mutant's header in the grid.
type column struct {
	N                            int
	Name, Outcome, Class, Title  string
	Step                         int
	Function, Idea, Killer, Hint string
}

type group struct {
	Kind, Label string
	Rows        []row
}

type row struct {
	Name, Doc, File string
	// Reference is "pass", "broken" or "flaky"; RefLabel what the grid shows.
	Reference, RefLabel, RefTitle string
	Cells                         []cell
}

type cell struct {
	Observation, Mutant string
	Status, Predicted   string
	Mark, Title         string
}

type mutant struct {
	column
	Reason        string
	Killers       []killmatrix.Kill
	TimedOutOn    []string
	SurvivedHappy []string
	Happy         int
}

type verdict struct {
	N                      int
	Mutant, Pos, Verdict   string
	Killer, Evidence       string
	Reason                 string
	Survives               []string
	Outcome                string
	Killers                []killmatrix.Kill
	Problems               []string
	DivObservation, DivCmd string
	Diff                   []diffLine
	HasDiff                bool
	Hint                   string
}

type diffLine struct{ Class, Text string }

type uncounted struct {
	Name, Label, Pos, Message string
}

type invalid struct {
	report.Invalid
	Shared []shared
}

type shared struct {
	N            int
	Mutant, Hint string
}

var kindLabels = map[string]string{
	killmatrix.KindHappy:   "happy path",
	killmatrix.KindEdge:    "edge",
	killmatrix.KindStudent: "student's own",
}

func build(r *report.Report) view {
	v := view{
		Summary: r.Summary.String(),
		Score:   r.Score.String(),
		Elapsed: (time.Duration(r.ElapsedMS) * time.Millisecond).String(),
		Schema:  r.Schema,
		Harness: r.Harness,
		Inputs:  r.Inputs,
	}

	kinds := map[string]int{}
	for _, o := range r.Observations {
		kinds[o.Kind]++
	}
	happy := kinds[killmatrix.KindHappy]
	counts := fmt.Sprintf("%d observations (%d happy-path, %d edge", len(r.Observations), happy, kinds[killmatrix.KindEdge])
	if n := kinds[killmatrix.KindStudent]; n > 0 {
		counts += fmt.Sprintf(", %d the student's", n)
	}
	v.Counts = counts + fmt.Sprintf(") against the reference and %d mutants", len(r.Mutants))

	v.Colspan = len(r.Mutants) + 2
	v.Stats = []stat{
		{"killed", "killed", fmt.Sprint(r.Summary.Killed)},
		{"survived", "survived", fmt.Sprint(r.Summary.Survived)},
		{"timed out", "timeout", fmt.Sprint(r.Summary.TimedOut)},
		{"invalid", "excluded", fmt.Sprint(r.Summary.Invalid)},
		{"predictions right", "predicted", fmt.Sprintf("%d/%d", r.Score.Right, r.Score.Mutants)},
		{"own kills", "own", fmt.Sprintf("%d/%d", r.Score.OwnKills, r.Score.Mutants)},
	}

	number := map[string]int{}
	for i, mu := range r.Mutants {
		number[mu.Name] = i + 1
		c := column{
			N: i + 1, Name: mu.Name, Outcome: string(mu.Outcome), Class: outcomeClass(mu.Outcome),
			Step: mu.Step, Function: mu.Function, Idea: mu.Idea.String(), Killer: mu.Killer, Hint: mu.Hint.String(),
		}
		c.Title = columnTitle(c)
		v.Columns = append(v.Columns, c)
		v.Mutants = append(v.Mutants, mutant{
			column: c, Reason: mu.Reason, Killers: mu.KilledBy,
			TimedOutOn: mu.TimedOutOn, SurvivedHappy: mu.SurvivedHappy, Happy: happy,
		})
	}

	predicted := map[string]predictMark{} // mutant -> its predicted killer
	hints := map[string]string{}
	for _, mu := range r.Mutants {
		hints[mu.Name] = mu.Hint.String()
	}
	for _, vd := range r.Verdicts {
		mark := predictMark{killer: vd.Prediction.Killer, right: PredictedWrong}
		if vd.Right {
			mark.right = PredictedRight
		}
		predicted[vd.Prediction.Mutant] = mark
		v.Verdicts = append(v.Verdicts, newVerdict(vd, number[vd.Prediction.Mutant], hints[vd.Prediction.Mutant]))
	}
	v.Unpredicted = r.Unpredicted

	// Groups in report order of kinds; a kind the harness does not know
	// (none today) follows, so no observation is ever left out.
	order := slices.Clone(killmatrix.Kinds)
	for _, o := range r.Observations {
		if !slices.Contains(order, o.Kind) {
			order = append(order, o.Kind)
		}
	}
	for _, kind := range order {
		g := group{Kind: kind, Label: kindLabels[kind]}
		if g.Label == "" {
			g.Label = kind
		}
		for _, o := range r.Observations {
			if o.Kind == kind {
				g.Rows = append(g.Rows, newRow(o, r.Mutants, predicted))
			}
		}
		if len(g.Rows) > 0 {
			v.Groups = append(v.Groups, g)
		}
	}

	for _, o := range r.Observations {
		switch {
		case o.Status == outcome.Broken && o.Kind != killmatrix.KindStudent:
			v.Uncounted = append(v.Uncounted, uncounted{Name: o.Name, Label: "BROKEN", Pos: o.Reference.Pos, Message: "fails on the reference, so it is not counted: " + o.Reference.Message})
		case o.Status == outcome.Flaky:
			v.Uncounted = append(v.Uncounted, uncounted{Name: o.Name, Label: "FLAKY", Message: "gave different results on repeated runs of the same code, so it is not counted"})
		}
	}
	for _, inv := range r.Invalid {
		iv := invalid{Invalid: inv}
		for _, s := range inv.SharedWith {
			iv.Shared = append(iv.Shared, shared{N: number[s.Mutant], Mutant: s.Mutant, Hint: s.Hint.String()})
		}
		v.Invalid = append(v.Invalid, iv)
	}
	return v
}

type predictMark struct{ killer, right string }

func newRow(o killmatrix.ObservationRow, mutants []report.Mutant, predicted map[string]predictMark) row {
	rw := row{Name: o.Name, Doc: o.Doc, File: o.File, Reference: "pass", RefLabel: "pass", RefTitle: "passes on the reference"}
	switch o.Status {
	case outcome.Broken:
		rw.Reference, rw.RefLabel = "broken", "BROKEN"
		rw.RefTitle = fmt.Sprintf("fails on the reference, so it is not counted: %s: %s", o.Reference.Pos, o.Reference.Message)
	case outcome.Flaky, outcome.TimedOut:
		rw.Reference, rw.RefLabel = string(o.Status), strings.ToUpper(string(o.Status))
		rw.RefTitle = "gave different results on repeated runs, so it is not counted"
	}
	excluded := !o.Valid()
	for _, mu := range mutants {
		res := mu.Cells[o.Name]
		c := cell{Observation: o.Name, Mutant: mu.Name}
		switch {
		case excluded || res.Status == "":
			c.Status, c.Mark = StatusExcluded, "–"
			switch o.Status {
			case outcome.Broken:
				c.Title = "not counted: the observation fails on the reference"
			case outcome.Flaky:
				c.Title = "not counted: the observation is flaky"
			default:
				c.Title = "not run on this mutant"
			}
		case res.Status == outcome.Fail:
			c.Status, c.Mark = StatusKilled, "K"
			c.Title = fmt.Sprintf("killed at %s (%s): %s", res.Pos, res.Command, res.Message)
		case res.Status == outcome.TimedOut:
			c.Status, c.Mark = StatusTimeout, "T"
			c.Title = "timed out: a timeout is not a kill"
		default:
			c.Status, c.Mark = StatusSurvived, "·"
			c.Title = "survived: the observation passes on this mutant"
		}
		if p, ok := predicted[mu.Name]; ok && p.killer == o.Name {
			c.Predicted = p.right
			c.Mark += "★"
			c.Title = fmt.Sprintf("predicted killer, prediction %s; %s", p.right, c.Title)
		}
		c.Title = fmt.Sprintf("%s on %s: %s", o.Name, mu.Name, c.Title)
		rw.Cells = append(rw.Cells, c)
	}
	return rw
}

func newVerdict(vd predict.Verdict, n int, hint string) verdict {
	p := vd.Prediction
	out := verdict{
		N: n, Mutant: p.Mutant, Pos: p.Pos, Verdict: PredictedWrong,
		Killer: p.Killer, Evidence: string(p.Evidence), Reason: p.Reason, Survives: p.Survives,
		Outcome: string(vd.Outcome), Killers: vd.Killers, Problems: vd.Problems,
	}
	if vd.Right {
		out.Verdict = PredictedRight
	} else {
		out.Hint = hint
	}
	if d := vd.Divergence; d != nil {
		out.HasDiff, out.DivObservation, out.DivCmd = true, d.Observation, d.Command
		for _, line := range strings.Split(strings.TrimRight(d.Diff, "\n"), "\n") {
			class := ""
			switch {
			case strings.HasPrefix(line, "-"):
				class = "del"
			case strings.HasPrefix(line, "+"):
				class = "add"
			}
			out.Diff = append(out.Diff, diffLine{Class: class, Text: line})
		}
	}
	return out
}

func outcomeClass(o outcome.Mutant) string {
	switch o {
	case outcome.Killed:
		return StatusKilled
	case outcome.Survived:
		return StatusSurvived
	case outcome.Timeout:
		return StatusTimeout
	}
	return StatusExcluded
}

func columnTitle(c column) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d. %s: %s", c.N, c.Name, c.Outcome)
	if c.Step > 0 {
		fmt.Fprintf(&b, "\nstep %d", c.Step)
		if c.Function != "" {
			fmt.Fprintf(&b, ", %s", c.Function)
		}
	}
	if c.Idea != "" {
		fmt.Fprintf(&b, "\nidea: %s", c.Idea)
	}
	if c.Hint != "" {
		fmt.Fprintf(&b, "\nhint: %s", c.Hint)
	}
	return b.String()
}

// pageText is the page. It must stay self-contained: inline CSS, no
// script, and no URL but in-page anchors.
const pageText = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>idemlab kill report</title>
<style>
:root {
  color-scheme: light;
  --killed: #a6dba9; --killed-ink: #0f4716; --killed-bar: #2e7d32;
  --survived: #f8cfc4; --survived-ink: #7a2410; --survived-bar: #c62828;
  --timeout: #cdb8ec; --timeout-ink: #3b1c6b; --timeout-bar: #6a3fb5;
  --excluded: #e3e3e3; --excluded-ink: #6b6b6b; --excluded-bar: #9e9e9e;
  --right: #1456d6; --wrong: #c2185b;
}
* { box-sizing: border-box; }
body {
  margin: 0; padding: 20px 32px 48px; background: #fafafa; color: #1d1d1f;
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", Arial, sans-serif;
  -webkit-print-color-adjust: exact; print-color-adjust: exact;
}
code, pre, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 13px; }
h1 { font-size: 26px; margin: 0 0 2px; }
h2 { font-size: 20px; margin: 30px 0 10px; padding-bottom: 4px; border-bottom: 2px solid #dcdcdc; }
h3 { font-size: 16px; margin: 0 0 6px; }
nav { font-size: 13px; margin: 0 0 10px; }
nav a { color: #1456d6; margin-right: 12px; }
.counts { color: #555; margin: 0 0 8px; }
.summary, .score { font-size: 17px; margin: 2px 0; }
.elapsed { color: #666; font-size: 14px; }
.stats { display: flex; flex-wrap: wrap; gap: 10px; margin: 12px 0 6px; }
.stat { min-width: 104px; padding: 5px 14px; border-radius: 8px; text-align: center; border: 1px solid rgba(0,0,0,.08); font-size: 13px; }
.stat b { display: block; font-size: 22px; line-height: 1.2; }
.s-killed { background: var(--killed); color: var(--killed-ink); }
.s-survived { background: var(--survived); color: var(--survived-ink); }
.stat.s-survived { background: #f3a09b; color: #5e0b0b; }
.s-timeout { background: var(--timeout); color: var(--timeout-ink); }
.s-excluded { background: repeating-linear-gradient(135deg, #ececec 0 5px, #dadada 5px 10px); color: var(--excluded-ink); }
.s-predicted { background: #dbe6fb; color: #0d3278; }
.s-own { background: #fcefc4; color: #5a4300; }
.gridwrap { overflow-x: auto; padding-bottom: 4px; }
table.grid { border-collapse: separate; border-spacing: 2px; font-size: 13px; }
.grid thead th { vertical-align: bottom; font-weight: 600; }
.grid thead th.corner { text-align: left; padding: 0 10px 4px 4px; color: #555; font-weight: normal; }
.grid th.mut { width: 36px; padding: 0; }
.grid th.mut .vname { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; margin: 0 auto 3px; font-weight: normal; font-size: 12px; }
.grid th.mut .step { display: block; font-size: 10px; color: #666; font-weight: normal; }
.grid th.mut a { display: block; color: inherit; text-decoration: none; font-size: 14px; border-bottom: 5px solid var(--excluded-bar); padding-bottom: 1px; }
.grid th.mut.o-killed a { border-color: var(--killed-bar); }
.grid th.mut.o-survived a { border-color: var(--survived-bar); }
.grid th.mut.o-timeout a { border-color: var(--timeout-bar); }
.grid tr.group th { text-align: left; background: #2f3b4c; color: #fff; padding: 3px 8px; font-size: 12px; letter-spacing: .05em; text-transform: uppercase; font-weight: 600; }
.grid th.obs { text-align: left; font-weight: normal; white-space: nowrap; padding: 2px 10px 2px 4px; }
.grid tbody tr:hover th.obs { background: #fff1b8; }
.grid td.ref { padding: 0 8px; text-align: center; font-size: 12px; white-space: nowrap; }
.grid td.ref.r-pass { color: var(--killed-bar); }
.grid td.ref.r-broken { background: #b71c1c; color: #fff; font-weight: 700; }
.grid td.ref.r-flaky { background: #ffb300; color: #3d2a00; font-weight: 700; }
.grid tr.r-broken th.obs, .grid tr.r-flaky th.obs { color: #8a8a8a; }
.grid td.c { width: 36px; height: 23px; padding: 0; text-align: center; font-weight: 700; border-radius: 3px; }
.grid td.c.p-right, .legend .p-right { outline: 3px solid var(--right); outline-offset: -3px; color: var(--right); }
.grid td.c.p-wrong, .legend .p-wrong { outline: 3px dashed var(--wrong); outline-offset: -3px; color: var(--wrong); }
.legend { display: flex; flex-wrap: wrap; gap: 6px 16px; align-items: center; margin: 10px 0 0; font-size: 13px; }
.legend .sw { display: inline-block; width: 30px; height: 22px; line-height: 22px; margin-right: 5px; text-align: center; font-weight: 700; border-radius: 3px; vertical-align: middle; }
.cards { display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px; max-width: 1150px; }
.card { background: #fff; border: 1px solid #e0e0e0; border-left: 6px solid var(--excluded-bar); border-radius: 6px; padding: 12px 14px; }
.card.o-killed, .card.v-right { border-left-color: var(--killed-bar); }
.card.o-survived { border-left-color: var(--survived-bar); }
.card.o-timeout { border-left-color: var(--timeout-bar); }
.card.v-wrong, .card.invalid { border-left-color: var(--wrong); }
.card p { margin: 4px 0; }
.meta { color: #555; font-size: 13px; }
.badge { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; font-weight: 700; vertical-align: 2px; margin-right: 4px; }
.badge.v-right { background: var(--right); color: #fff; }
.badge.v-wrong { background: var(--wrong); color: #fff; }
.badge.s-invalid { background: var(--wrong); color: #fff; }
table.kills { border-collapse: collapse; width: 100%; font-size: 13px; margin: 6px 0; }
table.kills th, table.kills td { text-align: left; vertical-align: top; padding: 3px 6px; border-bottom: 1px solid #eee; }
table.kills th { color: #555; font-weight: 600; }
table.kills code { overflow-wrap: anywhere; }
details.happy { margin: 4px 0; }
details.happy summary { cursor: pointer; font-weight: normal; }
details.happy code { font-size: 12px; }
.hint { background: #fff8e1; border-radius: 4px; padding: 4px 8px; }
ul.problems { margin: 6px 0; padding-left: 20px; color: #8e0f3f; }
pre.diff { tab-size: 4; background: #f4f4f4; border: 1px solid #e3e3e3; border-radius: 4px; padding: 8px 10px; overflow-x: auto; margin: 6px 0; }
pre.diff .del { color: #b3261e; background: #fde7e7; display: inline-block; width: 100%; }
pre.diff .add { color: #146c2e; background: #e3f6e6; display: inline-block; width: 100%; }
details { margin-top: 30px; }
details summary { cursor: pointer; font-weight: 600; }
table.inputs { border-collapse: collapse; font-size: 12px; margin-top: 6px; }
table.inputs td { padding: 1px 10px 1px 0; }
footer { margin-top: 24px; color: #777; font-size: 12px; }
</style>
</head>
<body>
<header>
<h1>idemlab kill report</h1>
<p class="counts">{{.Counts}}</p>
<nav><a href="#matrix">matrix</a><a href="#mutants">mutants</a><a href="#predictions">predictions</a>{{if .Invalid}}<a href="#invalid">invalid observations</a>{{end}}<a href="#inputs">inputs</a></nav>
<p class="summary" id="summary"><strong>{{.Summary}}</strong> <span class="elapsed">({{.Elapsed}})</span></p>
<p class="score" id="score">{{.Score}}</p>
<div class="stats">{{range .Stats}}<div class="stat s-{{.Class}}"><b>{{.Value}}</b>{{.Label}}</div>{{end}}</div>
</header>

<section id="matrix">
<h2>Kill matrix</h2>
<div class="gridwrap">
<table class="grid" id="grid">
<thead>
<tr><th class="corner">observation</th><th class="corner">reference</th>
{{- range .Columns}}
<th class="mut o-{{.Class}}" data-mutant="{{.Name}}" data-outcome="{{.Outcome}}" title="{{.Title}}"><span class="vname mono">{{.Name}}</span>{{if .Step}}<span class="step">step {{.Step}}</span>{{end}}<a href="#mutant-{{.N}}">{{.N}}</a></th>
{{- end}}
</tr>
</thead>
{{- range .Groups}}
<tbody data-kind="{{.Kind}}">
<tr class="group"><th colspan="{{$.Colspan}}">{{.Label}} ({{len .Rows}})</th></tr>
{{- range .Rows}}
<tr class="r-{{.Reference}}" data-row="{{.Name}}"><th class="obs mono" title="{{.File}}: {{.Doc}}">{{.Name}}</th><td class="ref r-{{.Reference}}" data-reference="{{.Reference}}" title="{{.RefTitle}}">{{.RefLabel}}</td>
{{- range .Cells}}<td class="c s-{{.Status}}{{if .Predicted}} p-{{.Predicted}}{{end}}" data-observation="{{.Observation}}" data-mutant="{{.Mutant}}" data-status="{{.Status}}"{{if .Predicted}} data-predicted="{{.Predicted}}"{{end}} title="{{.Title}}">{{.Mark}}</td>{{end}}</tr>
{{- end}}
</tbody>
{{- end}}
</table>
</div>
<div class="legend">
<span><span class="sw s-killed">K</span>killed</span>
<span><span class="sw s-survived">·</span>survived</span>
<span><span class="sw s-timeout">T</span>timed out (never a kill)</span>
<span><span class="sw s-excluded">–</span>not run or not counted</span>
<span><span class="sw s-killed p-right">K★</span>predicted killer, prediction right</span>
<span><span class="sw s-survived p-wrong">·★</span>predicted killer, prediction wrong</span>
</div>
<p class="meta">Columns are mutants; the bar under a mutant's number is its outcome. Hover over a cell, a mutant or an observation for details.</p>
</section>

<section id="mutants">
<h2>Mutants</h2>
<div class="cards">
{{- range .Mutants}}
<section class="card mutant o-{{.Class}}" id="mutant-{{.N}}" data-mutant="{{.Name}}">
<h3><span class="badge s-{{.Class}}">{{.Outcome}}</span> {{.N}}. <code>{{.Name}}</code></h3>
{{- if .Step}}<p class="meta">step {{.Step}}{{if .Function}} · {{.Function}}{{end}}{{if .Idea}} · {{.Idea}}{{end}}</p>{{end}}
{{- if .Reason}}<p>{{.Reason}}</p>{{end}}
{{- if .Killers}}
<table class="kills"><thead><tr><th>killed by</th><th>file:line</th><th>command</th><th>evidence</th></tr></thead><tbody>
{{- range .Killers}}<tr><td><code>{{.Observation}}</code></td><td><code>{{.Pos}}</code></td><td><code>{{.Command}}</code></td><td>{{.Evidence}}</td></tr>{{end}}
</tbody></table>
{{- end}}
{{- if .TimedOutOn}}<p>timed out on: {{range $i, $o := .TimedOutOn}}{{if $i}}, {{end}}<code>{{$o}}</code>{{end}}</p>{{end}}
{{- if .SurvivedHappy}}
<details class="happy"><summary>survived {{len .SurvivedHappy}} of {{.Happy}} happy-path observations</summary>{{range $i, $o := .SurvivedHappy}}{{if $i}}, {{end}}<code>{{$o}}</code>{{end}}</details>
{{- else}}
<p class="happy">survived 0 of {{.Happy}} happy-path observations</p>
{{- end}}
{{- if .Killer}}<p class="meta">intended killer: <code>{{.Killer}}</code></p>{{end}}
{{- if .Hint}}<p class="hint">hint: {{.Hint}}</p>{{end}}
</section>
{{- end}}
</div>
</section>

<section id="predictions">
<h2>Predictions</h2>
{{- if not .Verdicts}}<p>No prediction was recorded.</p>{{end}}
<div class="cards">
{{- range .Verdicts}}
<article class="card verdict v-{{.Verdict}}" data-mutant="{{.Mutant}}" data-verdict="{{.Verdict}}">
<h3><span class="badge v-{{.Verdict}}">{{.Verdict}}</span> {{if .N}}<a href="#mutant-{{.N}}">{{.N}}</a>. {{end}}<code>{{.Mutant}}</code> <span class="meta">prediction at <code>{{.Pos}}</code></span></h3>
<p>predicted: <code>{{.Killer}}</code> kills it, with {{.Evidence}} evidence{{if .Survives}}; it survives {{range $i, $o := .Survives}}{{if $i}}, {{end}}<code>{{$o}}</code>{{end}}{{end}}</p>
{{- if .Reason}}<p class="meta">reason: {{.Reason}}</p>{{end}}
{{- if .Killers}}
<table class="kills"><thead><tr><th>actually killed by</th><th>file:line</th><th>command</th><th>evidence</th></tr></thead><tbody>
{{- range .Killers}}<tr><td><code>{{.Observation}}</code></td><td><code>{{.Pos}}</code></td><td><code>{{.Command}}</code></td><td>{{.Evidence}}</td></tr>{{end}}
</tbody></table>
{{- else}}<p>actual: {{.Outcome}}, killed by no observation</p>{{end}}
{{- if .Problems}}<ul class="problems">{{range .Problems}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{- if .HasDiff}}
<p class="meta">first difference in <code>{{.DivObservation}}</code>, at <code>{{.DivCmd}}</code> (-reference +mutant):</p>
<pre class="diff">{{range .Diff}}<span{{if .Class}} class="{{.Class}}"{{end}}>{{.Text}}</span>
{{end}}</pre>
{{- end}}
{{- if .Hint}}<p class="hint">hint: {{.Hint}}</p>{{end}}
</article>
{{- end}}
</div>
{{- if .Unpredicted}}
<p class="unpredicted">No prediction for: {{range $i, $m := .Unpredicted}}{{if $i}}, {{end}}<code>{{$m}}</code>{{end}}</p>
{{- end}}
</section>
{{- if .Uncounted}}

<section id="uncounted">
<h2>Observations not counted</h2>
{{- range .Uncounted}}
<p><strong>{{.Label}}</strong> <code>{{.Name}}</code> {{.Message}}{{if .Pos}} (<code>{{.Pos}}</code>){{end}}</p>
{{- end}}
</section>
{{- end}}
{{- if .Invalid}}

<section id="invalid">
<h2>Invalid student observations</h2>
<p class="meta">Each fails on the reference, so it asserts something the contract does not say.</p>
<div class="cards">
{{- range .Invalid}}
<article class="card invalid" data-observation="{{.Observation}}">
<h3><span class="badge s-invalid">invalid</span> <code>{{.Observation}}</code></h3>
<p><code>{{.Pos}}</code>: {{.Message}}</p>
{{- range .Shared}}
<p>it passes on {{if .N}}<a href="#mutant-{{.N}}">{{.N}}</a>. {{end}}<code>{{.Mutant}}</code>, so it expects that mutant's behaviour.</p>
{{- if .Hint}}<p class="hint">hint: {{.Hint}}</p>{{end}}
{{- end}}
</article>
{{- end}}
</div>
</section>
{{- end}}

<details id="inputs">
<summary>Input digests ({{len .Inputs}})</summary>
<table class="inputs mono">
{{- range .Inputs}}
<tr><td>{{.Path}}</td><td>{{if .SHA256}}{{.SHA256}}{{else}}(missing){{end}}</td></tr>
{{- end}}
</table>
</details>
<footer>report schema {{.Schema}} · harness {{.Harness}}</footer>
</body>
</html>
`
