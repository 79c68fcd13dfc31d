package mutation_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/mutation"
)

// keyOf is an answer key for cat.json with the given answer objects.
func keyOf(answers ...string) string {
	return "{\n" +
		"  \"version\": 1,\n" +
		"  \"catalogue\": \"cat.json\",\n" +
		"  \"answers\": [\n" +
		strings.Join(answers, ",\n") + "\n" +
		"  ]\n" +
		"}\n"
}

func answerOf(mutant string) string {
	return `    {"mutant": "` + mutant + `", "killer": "edge/k_` + mutant + `", "hint": {"en": "h ` + mutant + `", "zh-CN": "提示"}}`
}

// unanswered is a catalogue of two mutants, written as a lab's is: with
// no killer and no hint.
func unanswered(t *testing.T) string {
	return catalogueOf(mutantObject(t, "1_a", 1, without("killer", "hint")), mutantObject(t, "2_b", 2, without("killer", "hint")))
}

// TestAnswerKeyFillsTheCatalogue: a lab's catalogue holds no killer and
// no hint; its answer key gives each mutant both.
func TestAnswerKeyFillsTheCatalogue(t *testing.T) {
	c, err := mutation.Parse("cat.json", []byte(unanswered(t)))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Answered(); err == nil || !strings.Contains(err.Error(), `cat.json:5: mutant "1_a": missing killer, hint`) {
		t.Errorf("Answered before the key = %v, want 1_a's killer and hint missing, at its line", err)
	}
	k, err := mutation.ParseAnswerKey("key.json", []byte(keyOf(answerOf("2_b"), answerOf("1_a"))))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Answer(k); err != nil {
		t.Fatal(err)
	}
	type got struct{ Name, Killer, Hint, Chinese string }
	var gots []got
	for _, m := range c.Mutants {
		gots = append(gots, got{m.Name, m.Killer, m.Hint.In("en"), m.Hint.In("zh-CN")})
	}
	want := []got{{"1_a", "edge/k_1_a", "h 1_a", "提示"}, {"2_b", "edge/k_2_b", "h 2_b", "提示"}}
	if diff := cmp.Diff(want, gots); diff != "" {
		t.Errorf("answered mutants (-want +got):\n%s", diff)
	}
}

// TestAnswerKeyErrors: a malformed key, or one that does not answer its
// catalogue exactly, is refused naming the file and line, and so is a
// catalogue that writes an answer of its own beside a key.
func TestAnswerKeyErrors(t *testing.T) {
	tests := []struct {
		name, catalogue, key string
		want                 string
	}{
		{"unknown field", "", strings.Replace(keyOf(answerOf("1_a"), answerOf("2_b")), `"killer"`, `"evidence": "state", "killer"`, 1),
			`key.json:5: answer 1: json: unknown field "evidence"`},
		{"no catalogue", "", strings.Replace(keyOf(answerOf("1_a")), `"catalogue": "cat.json"`, `"catalogue": ""`, 1),
			`key.json:1: missing "catalogue"`},
		{"other version", "", strings.Replace(keyOf(answerOf("1_a")), `"version": 1`, `"version": 2`, 1),
			`key.json:1: version 2, want 1`},
		{"no answers", "", keyOf(), `key.json:1: want one "answers" array`},
		{"killer without a kind", "", strings.Replace(keyOf(answerOf("1_a")), "edge/k_1_a", "k_1_a", 1),
			`key.json:5: mutant "1_a": killer "k_1_a", want kind/name`},
		{"blank killer", "", strings.Replace(keyOf(answerOf("1_a")), "edge/k_1_a", " ", 1),
			`key.json:5: mutant "1_a": missing killer`},
		{"hint on two lines", "", strings.Replace(keyOf(answerOf("1_a")), "h 1_a", `one\ntwo`, 1),
			`key.json:5: mutant "1_a": hint must be one line`},
		{"a mutant unanswered", "", keyOf(answerOf("1_a")),
			`cat.json:6: mutant "2_b": missing killer, hint`},
		{"answered twice", "", keyOf(answerOf("1_a"), answerOf("2_b"), answerOf("1_a")),
			`key.json:7: mutant "1_a" answered twice (first at key.json:5)`},
		{"an answer for no mutant", "", keyOf(answerOf("1_a"), answerOf("2_b"), answerOf("3_c")),
			`key.json:7: mutant "3_c" is not in the catalogue cat.json`},
		{"the catalogue answers too", catalogueOf(mutantObject(t, "1_a", 1, without("hint")), mutantObject(t, "2_b", 2, without("killer", "hint"))),
			keyOf(answerOf("1_a"), answerOf("2_b")),
			`cat.json:5: mutant "1_a": its killer and hint belong in the answer key`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cat := tt.catalogue
			if cat == "" {
				cat = unanswered(t)
			}
			c, err := mutation.Parse("cat.json", []byte(cat))
			if err != nil {
				t.Fatal(err)
			}
			k, err := mutation.ParseAnswerKey("key.json", []byte(tt.key))
			if err == nil {
				err = c.Answer(k)
			}
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error = %v\nwant it to start %q", err, tt.want)
			}
		})
	}
}
