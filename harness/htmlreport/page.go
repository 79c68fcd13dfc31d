package htmlreport

// pageText is the page. It must stay self-contained: inline CSS, no
// script, and no URL but in-page anchors. Each of its font stacks names
// the Latin families first, then families with Chinese glyphs, then the
// generic family: Latin text keeps its Latin font, and a report in Chinese
// renders with real glyphs on machines that have one of the Chinese
// families (Debian's fonts-noto-cjk among them).
const pageText = `<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{t .L "html.title" "Lab" .Lab}}</title>
<style>
:root {
  color-scheme: light;
  --killed: #a6dba9; --killed-ink: #0f4716; --killed-bar: #2e7d32;
  --survived: #eef1f4; --survived-ink: #55606b; --survived-bar: #c62828;
  --timeout: #cdb8ec; --timeout-ink: #3b1c6b; --timeout-bar: #6a3fb5;
  --excluded: #e3e3e3; --excluded-ink: #6b6b6b; --excluded-bar: #9e9e9e;
  --right: #1456d6; --wrong: #c2185b;
}
* { box-sizing: border-box; }
body {
  margin: 0; padding: 20px 32px 48px; background: #fafafa; color: #1d1d1f;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", Arial, "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif;
  -webkit-print-color-adjust: exact; print-color-adjust: exact;
}
code, pre, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", "Noto Sans Mono CJK SC", "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", monospace; font-size: 13px; }
h1 { font-size: 26px; margin: 0 0 2px; }
h2 { font-size: 20px; margin: 30px 0 10px; padding-bottom: 4px; border-bottom: 2px solid #dcdcdc; }
h3 { font-size: 16px; margin: 0 0 6px; }
nav { font-size: 13px; margin: 0 0 10px; }
nav a { color: #1456d6; margin-right: 12px; }
.counts, .whose { color: #555; margin: 0 0 6px; }
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
.s-concealed { background: #f6f1e0; color: #8a7a3c; }
.s-predicted { background: #dbe6fb; color: #0d3278; }
.s-own { background: #fcefc4; color: #5a4300; }
.gridwrap { overflow-x: auto; padding-bottom: 4px; }
table.grid { border-collapse: separate; border-spacing: 2px; font-size: 13px; }
.grid thead th { vertical-align: bottom; font-weight: 600; }
.grid thead th.corner { text-align: left; padding: 0 10px 4px 4px; color: #555; font-weight: normal; }
.grid th.mut { width: 38px; padding: 0; }
.grid th.mut .vname { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; margin: 0 auto 3px; font-weight: normal; font-size: 12px; }
.grid th.mut .step { display: block; font-size: 10px; color: #666; font-weight: normal; }
.grid th.mut a { display: block; color: inherit; text-decoration: none; font-size: 14px; border-bottom: 5px solid var(--excluded-bar); padding-bottom: 1px; }
.grid th.mut.o-killed a { border-color: var(--killed-bar); }
.grid th.mut.o-survived a { border-color: var(--survived-bar); }
.grid th.mut.o-timeout a { border-color: var(--timeout-bar); }
.grid tr.group th { text-align: left; background: #2f3b4c; color: #fff; padding: 3px 8px; font-size: 12px; letter-spacing: .05em; font-weight: 600; }
.grid th.obs { text-align: left; font-weight: normal; white-space: nowrap; padding: 2px 10px 2px 4px; }
.grid tbody tr:hover th.obs { background: #fff1b8; }
.grid td.ref { padding: 0 8px; text-align: center; font-size: 12px; white-space: nowrap; }
.grid td.ref.r-pass { color: var(--killed-bar); }
.grid td.ref.r-broken { background: #b71c1c; color: #fff; font-weight: 700; }
.grid td.ref.r-flaky, .grid td.ref.r-timeout { background: #ffb300; color: #3d2a00; font-weight: 700; }
.grid tr.r-broken th.obs, .grid tr.r-flaky th.obs, .grid tr.r-timeout th.obs { color: #8a8a8a; }
.grid td.c { width: 38px; height: 23px; padding: 0; text-align: center; font-weight: 700; border-radius: 3px; }
.grid td.c.happy { color: #8b96a1; font-weight: normal; }
.grid td.c.p-right, .legend .p-right { outline: 3px solid var(--right); outline-offset: -3px; color: var(--right); }
.grid td.c.p-killer-right, .legend .p-killer-right { outline: 3px dotted var(--right); outline-offset: -3px; color: var(--right); }
.grid td.c.p-wrong, .legend .p-wrong { outline: 3px dashed var(--wrong); outline-offset: -3px; color: var(--wrong); }
.legend { display: flex; flex-wrap: wrap; gap: 6px 16px; align-items: center; margin: 10px 0 0; font-size: 13px; }
.legend .sw { display: inline-block; min-width: 30px; height: 22px; line-height: 22px; margin-right: 5px; padding: 0 3px; text-align: center; font-weight: 700; border-radius: 3px; vertical-align: middle; }
.cards { display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px; max-width: 1150px; }
.card { background: #fff; border: 1px solid #e0e0e0; border-left: 6px solid var(--excluded-bar); border-radius: 6px; padding: 12px 14px; }
.card.o-killed, .card.v-right { border-left-color: var(--killed-bar); }
.card.o-survived { border-left-color: var(--survived-bar); }
.card.o-timeout { border-left-color: var(--timeout-bar); }
.card.v-wrong, .card.own { border-left-color: var(--wrong); }
.card.concealed { border-left-color: #c9b458; }
.card p { margin: 4px 0; }
.meta { color: #555; font-size: 13px; }
.badge { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; font-weight: 700; vertical-align: 2px; margin-right: 4px; }
.badge.v-right { background: var(--right); color: #fff; }
.badge.v-wrong, .badge.s-own { background: var(--wrong); color: #fff; }
.badge.v-not-judged { background: #9e9e9e; color: #fff; }
.badge.s-survived { background: #f3a09b; color: #5e0b0b; }
table.kills, table.div { border-collapse: collapse; width: 100%; font-size: 13px; margin: 6px 0; }
table.kills th, table.kills td, table.div th, table.div td { text-align: left; vertical-align: top; padding: 3px 6px; border-bottom: 1px solid #eee; }
table.kills th, table.div th { color: #555; font-weight: 600; }
table.kills code, table.div code { overflow-wrap: anywhere; white-space: pre-wrap; }
table.div tr.differ td { background: #fff6e5; }
details.happy { margin: 4px 0; }
details.happy summary { cursor: pointer; font-weight: normal; }
details.happy code { font-size: 12px; }
.hint { background: #fff8e1; border-radius: 4px; padding: 4px 8px; }
ul.problems { margin: 6px 0; padding-left: 20px; color: #8e0f3f; }
pre.diff { tab-size: 4; background: #f4f4f4; border: 1px solid #e3e3e3; border-radius: 4px; padding: 8px 10px; overflow-x: auto; margin: 6px 0; }
pre.diff .del { color: #b3261e; background: #fde7e7; display: inline-block; width: 100%; }
pre.diff .add { color: #146c2e; background: #e3f6e6; display: inline-block; width: 100%; }
pre.diff .hunk { color: #666; }
details { margin-top: 30px; }
details summary { cursor: pointer; font-weight: 600; }
table.inputs { border-collapse: collapse; font-size: 12px; margin-top: 6px; }
table.inputs td { padding: 1px 10px 1px 0; }
footer { margin-top: 24px; color: #777; font-size: 12px; }
</style>
</head>
<body>
<header>
<h1>{{t .L "html.title" "Lab" .Lab}}</h1>
<p class="counts">{{.Counts}}</p>
<p class="whose" id="whose">{{.Whose}}</p>
<nav><a href="#matrix">{{t .L "html.nav.matrix"}}</a><a href="#mutants">{{t .L "html.nav.mutants"}}</a><a href="#predictions">{{t .L "html.nav.predictions"}}</a>{{if .Own}}<a href="#own">{{t .L "html.nav.own"}}</a>{{end}}<a href="#inputs">{{t .L "html.nav.inputs"}}</a></nav>
<p class="summary" id="summary"><strong>{{.Summary}}</strong> <span class="elapsed">({{.Elapsed}})</span></p>
<p class="score" id="score">{{.Score}}</p>
<div class="stats">{{range .Stats}}<div class="stat s-{{.Class}}"><b>{{.Value}}</b>{{.Label}}</div>{{end}}</div>
</header>

<section id="matrix">
<h2>{{t .L "html.matrix"}}</h2>
<div class="gridwrap">
<table class="grid" id="grid">
<thead>
<tr><th class="corner">{{t .L "text.observation"}}</th><th class="corner">{{t .L "text.reference"}}</th>
{{- range .Columns}}
<th class="mut o-{{.Class}}" data-mutant="{{.ID}}" data-outcome="{{.Outcome}}" title="{{.Title}}"><span class="vname mono">{{.ID}}</span>{{if .Step}}<span class="step">{{t $.L "html.step-short" "Step" .Step}}</span>{{end}}<a href="#mutant-{{.N}}">{{.N}}</a></th>
{{- end}}
</tr>
</thead>
{{- range .Groups}}
<tbody data-kind="{{.Kind}}">
<tr class="group"><th colspan="{{$.Colspan}}">{{.Label}} ({{len .Rows}})</th></tr>
{{- range .Rows}}
<tr class="r-{{.Reference}}" data-row="{{.Name}}"><th class="obs mono" title="{{.File}}{{with .Doc}}: {{.}}{{end}}">{{.Name}}</th><td class="ref r-{{.Reference}}" data-reference="{{.Reference}}" title="{{.RefTitle}}">{{.RefLabel}}</td>
{{- range .Cells}}<td class="c s-{{.Status}}{{if .Happy}} happy{{end}}{{if .Predicted}} p-{{.Predicted}}{{end}}" data-observation="{{.Observation}}" data-mutant="{{.Mutant}}" data-status="{{.Status}}"{{if .Predicted}} data-predicted="{{.Predicted}}"{{end}} title="{{.Title}}">{{.Mark}}</td>{{end}}</tr>
{{- end}}
</tbody>
{{- end}}
</table>
</div>
<div class="legend">
<span><span class="sw s-killed">K</span>{{t .L "outcome.killed"}}</span>
<span><span class="sw s-survived">·</span>{{t .L "outcome.survived"}}</span>
<span><span class="sw s-timeout">T</span>{{t .L "html.legend.timeout"}}</span>
<span><span class="sw s-excluded">–</span>{{t .L "html.legend.excluded"}}</span>
{{- if .Student}}
<span><span class="sw s-concealed">?</span>{{t .L "text.concealed"}}</span>
{{- end}}
<span><span class="sw s-killed p-right">K✓</span>{{t .L "html.fared.right"}}</span>
<span><span class="sw s-killed p-killer-right">K~</span>{{t .L "html.fared.killer-right"}}</span>
<span><span class="sw s-survived p-wrong">·✗</span>{{t .L "html.fared.wrong"}}</span>
</div>
<p class="meta">{{t .L "html.matrix-help"}}</p>
</section>

<section id="mutants">
<h2>{{t .L "html.nav.mutants"}}</h2>
<div class="cards">
{{- range .Mutants}}
<section class="card mutant o-{{.Class}}{{if .Concealed}} concealed{{end}}" id="mutant-{{.N}}" data-mutant="{{.ID}}">
<h3><span class="badge s-{{.Class}}">{{.Outcome}}</span> {{.N}}. <code>{{.ID}}</code>{{if and .Title2 (not .Concealed)}} <span class="meta">{{if ne .Name .ID}}<code>{{.Name}}</code>: {{end}}{{.Title2}}</span>{{end}}</h3>
{{- if .Step}}<p class="meta">{{t $.L "html.step" "Step" .Step "Function" .Function}}{{if .Idea}} · {{.Idea}}{{end}}</p>{{end}}
{{- if .Concealed}}<p>{{t $.L "html.concealed"}}</p>{{end}}
{{- if .Reason}}<p>{{.Reason}}</p>{{end}}
{{- if .Killers}}
<table class="kills"><thead><tr><th>{{t $.L "html.killed-by"}}</th><th>{{t $.L "html.file-line"}}</th><th>{{t $.L "html.command"}}</th><th>{{t $.L "html.evidence"}}</th></tr></thead><tbody>
{{- range .Killers}}<tr><td><code>{{.Observation}}</code></td><td><code>{{.Pos}}</code></td><td><code>{{.Command}}</code></td><td>{{.Evidence}}</td></tr>{{end}}
</tbody></table>
{{- end}}
{{- if .TimedOutOn}}<p>{{t $.L "html.timed-out-on"}} {{range $i, $o := .TimedOutOn}}{{if $i}}, {{end}}<code>{{$o}}</code>{{end}}</p>{{end}}
{{- if not .Concealed}}
{{- if .SurvivedHappy}}
<details class="happy"><summary>{{.HappyLine}}</summary>{{range $i, $o := .SurvivedHappy}}{{if $i}}, {{end}}<code>{{$o}}</code>{{end}}</details>
{{- else if .Happy}}
<p class="happy">{{.HappyLine}}</p>
{{- end}}
{{- end}}
{{- if .Diff}}<pre class="diff">{{range .Diff}}<span{{if .Class}} class="{{.Class}}"{{end}}>{{.Text}}</span>
{{end}}</pre>{{end}}
{{- if .Killer}}<p class="meta">{{t $.L "html.intended-killer"}} <code>{{.Killer}}</code></p>{{end}}
{{- if .Hint}}<p class="hint">{{t $.L "lesson.label.hint"}} {{.Hint}}</p>{{end}}
</section>
{{- end}}
</div>
</section>

<section id="predictions">
<h2>{{t .L "html.nav.predictions"}}</h2>
{{- if not .Verdicts}}<p>{{t .L "html.no-predictions"}}</p>{{end}}
<div class="cards">
{{- range .Verdicts}}
<article class="card verdict v-{{.Verdict}}" data-mutant="{{.Mutant}}" data-verdict="{{.Verdict}}">
<h3><span class="badge v-{{.Verdict}}">{{.VerdictLabel}}</span> {{if .N}}<a href="#mutant-{{.N}}">{{.N}}</a>. {{end}}<code>{{.Mutant}}</code>{{if .Title}} <span class="meta">{{.Title}}</span>{{end}} <span class="meta">{{t $.L "html.prediction-at" "Pos" .Pos}}</span></h3>
{{- if .Recorded}}<p class="meta">{{.Recorded}}</p>{{end}}
<p>{{t $.L "lesson.label.predicted"}} <code>{{.Killer}}</code> {{t $.L "html.kills-with" "Evidence" .Evidence}}{{if .Survives}}{{t $.L "html.clause-sep"}}{{t $.L "html.survives"}} {{range $i, $o := .Survives}}{{if $i}}, {{end}}<code>{{$o}}</code>{{end}}{{end}}</p>
{{- if .Reason}}<p class="meta">{{t $.L "html.reason"}} {{.Reason}}</p>{{end}}
{{- if .Killers}}
<table class="kills"><thead><tr><th>{{t $.L "html.actually-killed-by"}}</th><th>{{t $.L "html.file-line"}}</th><th>{{t $.L "html.command"}}</th><th>{{t $.L "html.evidence"}}</th></tr></thead><tbody>
{{- range .Killers}}<tr><td><code>{{.Observation}}</code></td><td><code>{{.Pos}}</code></td><td><code>{{.Command}}</code></td><td>{{.Evidence}}</td></tr>{{end}}
</tbody></table>
{{- else if .Judged}}<p>{{t $.L "lesson.no-killer" "Outcome" .Outcome}}</p>{{end}}
{{- if .Problems}}<ul class="problems">{{range .Problems}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{- with .Divergence}}
<p class="meta">{{t $.L "lesson.divergence" "Observation" .Observation "N" .N}}</p>
<table class="div"><thead><tr><th>{{t $.L "html.command"}}</th><th>{{t $.L "text.reference"}}</th><th>{{t $.L "html.mutant"}}</th></tr></thead><tbody>
{{- range .Steps}}<tr{{if .Differ}} class="differ"{{end}}><td><code>{{.Command}}</code></td><td><code>{{.Reference}}</code></td><td><code>{{.Mutant}}</code></td></tr>{{end}}
</tbody></table>
{{- end}}
{{- if .Hint}}<p class="hint">{{t $.L "lesson.label.hint"}} {{.Hint}}</p>{{end}}
</article>
{{- end}}
</div>
{{- if .Unpredicted}}
<p class="unpredicted">{{t .L "html.unpredicted"}} {{range $i, $m := .Unpredicted}}{{if $i}}, {{end}}<code>{{$m}}</code>{{end}}</p>
{{- end}}
</section>
{{- if .Uncounted}}

<section id="uncounted">
<h2>{{t .L "html.uncounted"}}</h2>
{{- range .Uncounted}}
<p><strong>{{.Label}}</strong> <code>{{.Name}}</code> {{t $.L "html.not-counted"}}{{if .Pos}} (<code>{{.Pos}}</code>: {{.Message}}){{end}}</p>
{{- end}}
</section>
{{- end}}
{{- if .Own}}

<section id="own">
<h2>{{t .L "html.nav.own"}}</h2>
<div class="cards">
{{- range .Own}}
<article class="card own" data-observation="{{.Observation}}" data-status="{{.Status}}">
<h3><span class="badge s-own">{{.Label}}</span> <code>{{.Observation}}</code></h3>
<p>{{if .Pos}}<code>{{.Pos}}</code>: {{end}}{{.Message}}</p>
{{- if .Ran}}
<p class="meta">{{t $.L "text.printed"}}</p>
<table class="div printed"><thead><tr><th>{{t $.L "html.line"}}</th><th>{{t $.L "html.command"}}</th><th>{{t $.L "text.reference"}}</th></tr></thead><tbody>
{{- range .Ran}}<tr><td>{{if .Line}}{{.Line}}{{end}}</td><td><code>{{.Command}}</code></td><td><code>{{.Output}}</code></td></tr>{{end}}
</tbody></table>
{{- end}}
{{- range .Shared}}
<p>{{t $.L "html.shared" "Mutant" .Mutant}}</p>
{{- if .Hint}}<p class="hint">{{t $.L "lesson.label.hint"}} {{.Hint}}</p>{{end}}
{{- end}}
</article>
{{- end}}
</div>
</section>
{{- end}}

<details id="inputs">
<summary>{{t .L "html.inputs" "N" (len .Inputs)}}</summary>
<table class="inputs mono">
{{- range .Inputs}}
<tr><td>{{.Path}}</td><td>{{if .SHA256}}{{.SHA256}}{{else}}({{t $.L "html.missing"}}){{end}}</td></tr>
{{- end}}
</table>
</details>
<footer>{{t .L "html.footer" "Schema" .Schema "Harness" .Harness}}</footer>
</body>
</html>
`
