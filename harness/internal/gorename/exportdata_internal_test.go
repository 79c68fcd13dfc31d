package gorename

import (
	"bytes"
	"go/constant"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/gcexportdata"
)

// TestExportData reads the two kinds of file go list -export gives: a
// compiler's archive (up to Go 1.27; the Importer tests read real ones)
// and cmd/export's output (from Go 1.28), here written by gcexportdata.
func TestExportData(t *testing.T) {
	pkg := types.NewPackage("example.com/p", "p")
	pkg.Scope().Insert(types.NewConst(token.NoPos, pkg, "Limit", types.Typ[types.Int], constant.MakeInt64(10)))
	pkg.MarkComplete()
	var exported bytes.Buffer
	if err := gcexportdata.Write(&exported, token.NewFileSet(), pkg); err != nil {
		t.Fatal(err)
	}
	member := "go object linux amd64\n\n$$B\n" + exported.String() + "\n$$\n"
	dir := t.TempDir()
	tests := []struct {
		name, file, wantErr string
	}{
		{"cmd/export", exported.String(), ""},
		{"archive", archive("__.PKGDEF", member, "_go_.o", "object code"), ""},
		{"archive without __.PKGDEF", archive("_go_.o", member), `begins with "_go_.o"`},
		{"__.PKGDEF without $$B", archive("__.PKGDEF", "go object\n"), "no $$B line"},
		{"__.PKGDEF without $$", archive("__.PKGDEF", "go object\n\n$$B\nu"), "no $$ line"},
		{"a short archive", arMagic + "__.PKGDEF", "EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(dir, strings.ReplaceAll(tt.name, "/", "_"))
			if err := os.WriteFile(file, []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
			data, err := exportData(file)
			switch {
			case tt.wantErr != "":
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("error %v, want one containing %q", err, tt.wantErr)
				}
				return
			case err != nil:
				t.Fatal(err)
			}
			got, err := gcexportdata.Read(bytes.NewReader(data), token.NewFileSet(), map[string]*types.Package{}, "example.com/p")
			if err != nil {
				t.Fatal(err)
			}
			if got.Scope().Lookup("Limit") == nil {
				t.Errorf("read %v without Limit", got)
			}
		})
	}
}

// archive returns an archive of the members, given as name, data, name,
// data...
func archive(members ...string) string {
	s := arMagic
	for i := 0; i < len(members); i += 2 {
		name, data := members[i], members[i+1]
		hdr := []byte(strings.Repeat(" ", 60))
		copy(hdr, name)
		copy(hdr[48:], strconv.Itoa(len(data)))
		copy(hdr[58:], "`\n")
		s += string(hdr) + data
		if len(data)%2 == 1 {
			s += "\n"
		}
	}
	return s
}
