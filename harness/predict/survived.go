package predict

import (
	"strings"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
)

// survived explains why the predicted killer passed on a mutant, from the
// runs themselves rather than a general claim: the killer never called
// the code the mutant changes; or one of its own commands printed
// something else on the mutant that no check of it reads; or it runs the
// command where the mutant first differs (in where, the divergence of an
// actual killer) but not with the input or in the state that makes it
// differ; or it never runs that command. Without a divergence anywhere
// (the mutant survived every observation) it says only that the killer's
// commands all printed alike.
func survived(p Prediction, o killmatrix.ObservationRow, cell killmatrix.Result, where *Divergence) Finding {
	data := i18n.M{"Killer": p.Killer}
	if cell.NotReached {
		return Finding{Code: "killer-not-reached", Data: data}
	}
	if own := divergence(o, cell); own != nil && len(own.Steps) > 0 && !own.Steps[0].Missing {
		s := own.Steps[0]
		data["N"], data["Command"] = own.Index+1, strings.Join(s.Reference.Args, " ")
		data["Reference"], data["Mutant"] = printed(s.Reference), printed(s.Mutant)
		return Finding{Code: "killer-survived-unchecked", Data: data}
	}
	if where == nil || len(where.Steps) == 0 {
		return Finding{Code: "killer-survived", Data: data}
	}
	first := where.Steps[0].Reference.Args
	data["Where"], data["N"], data["Command"] = where.Observation, where.Index+1, strings.Join(first, " ")
	data["Verb"] = strings.Join(first[:min(2, len(first))], " ")
	for _, s := range o.Reference.Steps {
		if sameVerb(s.Args, first) {
			return Finding{Code: "killer-survived-same-command", Data: data}
		}
	}
	return Finding{Code: "killer-survived-other-command", Data: data}
}

// sameVerb reports whether two command lines run the same command: the
// same program and, when it has one, the same subcommand.
func sameVerb(a, b []string) bool {
	n := min(2, len(b))
	return len(a) >= n && strings.Join(a[:n], " ") == strings.Join(b[:n], " ")
}

// printed is what a step printed on one line, or its error's first line.
func printed(s killmatrix.Step) string {
	if s.Err != "" {
		line, _, _ := strings.Cut(s.Err, "\n")
		return line
	}
	return strings.ReplaceAll(strings.TrimRight(s.Stdout, "\n"), "\n", " ⏎ ")
}
