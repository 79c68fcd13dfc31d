package dashboard

import (
	"bytes"
	"html/template"
	"io"
	"strings"

	"idemlab/harness/grade"
	"idemlab/harness/i18n"
	"idemlab/harness/mutation"
)

// pageText is the page: inline CSS, no script, no URL. Its font stacks
// name Latin families first, then families with Chinese glyphs, as the
// kill report's page does.
const pageText = `<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<title>{{.T.Title}}</title>
<style>
* { box-sizing: border-box; }
body { margin: 0; padding: 20px 32px 40px; background: #fafafa; color: #1d1d1f;
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", Arial, "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 0 0 8px; }
.sub { color: #555; margin: 0 0 18px; }
.row2 { display: flex; flex-wrap: wrap; gap: 20px; align-items: flex-start; }
.row2 figure { width: 548px; }
figure { margin: 0 0 20px; padding: 14px 16px; background: #fff; border: 1px solid #e2e2e2; border-radius: 8px; }
figcaption { color: #555; font-size: 13px; margin-top: 6px; max-width: 960px; }
.legend { display: flex; flex-wrap: wrap; gap: 14px; font-size: 13px; margin: 0 0 6px; padding: 0; list-style: none; }
.legend li::before { content: ""; display: inline-block; width: 12px; height: 12px; margin-right: 5px; vertical-align: -1px; background: var(--c); border-radius: 2px; }
svg text { font: 12px system-ui, "Noto Sans", "DejaVu Sans", Arial, "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif; fill: #333; }
svg .label { font-size: 13px; }
svg .killers { font: 11px ui-monospace, "DejaVu Sans Mono", "Noto Sans Mono CJK SC", "Noto Sans CJK SC", monospace; fill: #555; }
svg .in-bar { fill: #fff; font-size: 11px; }
svg .axis-label { font-size: 12px; fill: #555; }
svg .cell-count { font-size: 15px; }
svg .grid { stroke: #e6e6e6; }
footer { color: #777; font-size: 12px; }
</style>
</head>
<body>
<h1>{{.T.Title}}</h1>
<p class="sub">{{.T.Summary}}</p>
<div class="row2">
<figure data-chart="totals"><h2>{{.T.Totals}}</h2>{{.Totals}}<figcaption>{{.T.TotalsNote}}</figcaption></figure>
<figure data-chart="confusion"><h2>{{.T.Confusion}}</h2>{{.Confusion}}<figcaption>{{.T.ConfusionNote}}</figcaption></figure>
</div>
<figure data-chart="predictions"><h2>{{.T.Predictions}}</h2>
<ul class="legend">{{range .PredictionKeys}}<li style="--c: {{.Colour}}">{{.Word}}</li>{{end}}</ul>
{{.Predictions}}<figcaption>{{.T.PredictionsNote}}</figcaption></figure>
<figure data-chart="reveal"><h2>{{.T.Reveal}}</h2>
<ul class="legend">{{range .RevealKeys}}<li style="--c: {{.Colour}}">{{.Word}}</li>{{end}}</ul>
{{.Reveal}}<figcaption>{{.T.RevealNote}}</figcaption></figure>
<figure data-chart="kills"><h2>{{.T.Kills}}</h2>{{.Kills}}<figcaption>{{.T.KillsNote}}</figcaption></figure>
<footer>{{.T.Footer}}</footer>
</body>
</html>
`

var page = template.Must(template.New("dashboard").Parse(pageText))

// key is one entry of a legend.
type key struct {
	Word   string
	Colour template.CSS
}

// Options say how the page is written.
type Options struct {
	// Lang is the page's language; "" for the class's: the language most
	// of its graded students' feedback is in (English on a tie).
	Lang i18n.Lang
}

// Write writes the class's dashboard as one self-contained HTML page.
func Write(w io.Writer, c *grade.Class, cat *mutation.Catalogue, opt Options) error {
	l := opt.Lang
	if l == "" {
		l = ClassLang(c)
	}
	d := Compute(c, cat)
	t := func(id string) string { return l.T(id, nil) }
	keys := func(ids ...string) []key {
		var out []key
		for _, id := range ids {
			out = append(out, key{t(id), template.CSS(colours[strings.TrimPrefix(id, "grade.dash.")])})
		}
		return out
	}
	data := map[string]any{
		"Lang": string(l),
		"T": map[string]string{
			"Title":   t("grade.dash.title"),
			"Summary": l.T("grade.dash.summary", map[string]any{"Students": d.Students, "Graded": d.Graded, "Lab": c.Lab}),
			"Totals":  t("grade.dash.totals"), "TotalsNote": l.T("grade.dash.totals-note", map[string]any{"Rubric": rubric(l, c.Rubric)}),
			"Confusion": t("grade.dash.confusion"), "ConfusionNote": t("grade.dash.confusion-note"),
			"Predictions": t("grade.dash.predictions"), "PredictionsNote": t("grade.dash.predictions-note"),
			"Reveal": t("grade.dash.reveal"), "RevealNote": t("grade.dash.reveal-note"),
			"Kills": t("grade.dash.kills"), "KillsNote": t("grade.dash.kills-note"),
			"Footer": l.T("grade.dash.footer", map[string]any{"Schema": c.Schema, "Harness": c.Harness}),
		},
		"Totals":         template.HTML(totalsSVG(d, l)),
		"Confusion":      template.HTML(confusionSVG(d, l)),
		"Predictions":    template.HTML(predictionsSVG(d)),
		"Reveal":         template.HTML(revealSVG(d)),
		"Kills":          template.HTML(killsSVG(d, l)),
		"PredictionKeys": keys("grade.dash.right", "grade.dash.wrong-killer", "grade.dash.wrong-evidence", "grade.dash.wrong-other", "grade.dash.unpredicted"),
		"RevealKeys":     keys("grade.dash.before", "grade.dash.after", "grade.dash.unrecorded"),
	}
	var b bytes.Buffer
	if err := page.Execute(&b, data); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// rubric words the rubric's weights in l: "2 × predictions right, ...".
func rubric(l i18n.Lang, r grade.Rubric) string {
	var parts []string
	for _, w := range []struct {
		weight float64
		id     string
	}{
		{r.PredictionRight, "grade.term.right"}, {r.PredictionAfterReveal, "grade.term.after-reveal"}, {r.OwnKill, "grade.term.own-kill"}, {r.HeldOutKill, "grade.term.held-out-kill"},
		{r.Invalid, "grade.term.invalid"}, {r.Timeout, "grade.term.timeout"}, {r.Flag, "grade.term.flag"},
	} {
		if w.weight != 0 {
			parts = append(parts, num(w.weight)+" × "+l.T(w.id, nil))
		}
	}
	return strings.Join(parts, l.T("grade.dash.comma", nil))
}

// ClassLang is the language most of the class's graded students' feedback
// is in, English on a tie or when none is known.
func ClassLang(c *grade.Class) i18n.Lang {
	n := map[string]int{}
	for _, row := range c.Rows {
		n[row.Lang]++
	}
	if n[string(i18n.Chinese)] > n[string(i18n.English)] {
		return i18n.Chinese
	}
	return i18n.English
}
