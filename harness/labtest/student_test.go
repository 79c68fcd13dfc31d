package labtest

import (
	"slices"
	"testing"

	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/predict"
	"idemlab/mutants"
)

// TestWithoutBlock: a mutant predicted in both worksheets (neither
// judged, a problem naming both) or whose block does not read still has
// its block; only a mutant no worksheet names lacks one.
func TestWithoutBlock(t *testing.T) {
	l := mutants.Lab()
	var obs []killmatrix.Observation
	for _, name := range []string{"edge/fetch_at_expiry_is_nil"} {
		o, err := killmatrix.New(killmatrix.KindEdge, name[len("edge/"):], "testdata/"+name+".txtar", []byte("# x\n"))
		if err != nil {
			t.Fatal(err)
		}
		obs = append(obs, o)
	}
	block := func(id, rest string) string { return "```prediction\nmutant: " + id + "\n" + rest + "```\n\n" }
	filled := "killer: edge/fetch_at_expiry_is_nil\nevidence: return\nreason: r\n"
	var en, zh string
	for _, m := range l.Catalogue.Mutants {
		switch m.ID() {
		case "4_fetch": // predicted in both
			en += block(m.ID(), filled)
			zh += block(m.ID(), filled)
		case "3_finish": // a field that does not read
			zh += block(m.ID(), "killer: edge/nothing_of_the_sort\nevidence: return\nreason: r\n")
		case "8_cycle": // put nowhere
		default:
			en += block(m.ID(), "")
		}
	}
	srcs := []predict.Source{{File: "worksheet.md", Data: []byte(en)}, {File: "worksheet.zh-CN.md", Data: []byte(zh)}}
	sheet, problems := predict.Read(srcs, labrun.Known(l, obs))
	if len(problems.Errors()) != 2 {
		t.Fatalf("problems: %v; want the mutant predicted twice and the unknown killer", problems)
	}
	if len(sheet.Predictions) != 0 {
		t.Fatalf("judged %v; want neither 4_fetch nor 3_finish judged", sheet.Predictions)
	}
	if got := withoutBlock(l, predict.Blocks(srcs, labrun.Known(l, nil))); !slices.Equal(got, []string{"8_cycle"}) {
		t.Errorf("without a block: %v, want [8_cycle] alone", got)
	}
}
