package reference_test

import (
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/reference"
)

// TestDrain drains the candidates fixture at several batch sizes and
// checks the batches, the total and the rows left: the same rows that
// calling Purge until it returns nothing would delete.
func TestDrain(t *testing.T) {
	for _, limit := range []int{1, 3, 10, 11, 100} {
		t.Run(fmt.Sprint("limit ", limit), func(t *testing.T) {
			t.Parallel()
			drained, purged := newStore(t), newStore(t)
			candidates(t, drained)
			candidates(t, purged)

			var batches [][]string
			total, err := reference.Drain(drained, 10, limit, func(batch []string, running int) {
				batches = append(batches, append([]string(nil), batch...))
				if want := len(flatten(batches)); running != want {
					t.Errorf("progress total %d, want %d", running, want)
				}
			})
			if err != nil {
				t.Fatalf("Drain = %d, %v", total, err)
			}
			if total != 11 {
				t.Errorf("Drain deleted %d rows, want the 11 expired done rows", total)
			}
			if diff := cmp.Diff(ids(1, 11), flatten(batches)); diff != "" {
				t.Errorf("drained ids in order (-want +got):\n%s", diff)
			}
			for i, b := range batches {
				if len(b) > limit || (i < len(batches)-1 && len(b) != limit) {
					t.Errorf("batch %d has %d ids, want %d (only the last may be short)", i+1, len(b), limit)
				}
			}

			for {
				ids, err := reference.Purge(purged, 10, limit)
				if err != nil {
					t.Fatal(err)
				}
				if len(ids) == 0 {
					break
				}
			}
			if diff := cmp.Diff(rows(t, purged), rows(t, drained)); diff != "" {
				t.Errorf("rows after Drain differ from rows after repeated Purge (-purge +drain):\n%s", diff)
			}
		})
	}
}

func flatten(batches [][]string) []string {
	out := []string{}
	for _, b := range batches {
		out = append(out, b...)
	}
	return out
}

func TestDrainRefusesBadInput(t *testing.T) {
	path := newStore(t)
	candidates(t, path)
	before := rows(t, path)
	for _, limit := range []int{0, 101} {
		if n, err := reference.Drain(path, 10, limit, nil); !errors.Is(err, reference.ErrInvalidLimit) || n != 0 {
			t.Errorf("Drain(limit %d) = %d, %v; want 0 and ErrInvalidLimit", limit, n, err)
		}
	}
	if _, err := reference.Drain(filepath.Join(t.TempDir(), "missing.db"), 10, 10, nil); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("Drain on a missing store = %v, want a 'does not exist' error", err)
	}
	if diff := cmp.Diff(before, rows(t, path)); diff != "" {
		t.Errorf("refused drains changed rows (-want +got):\n%s", diff)
	}
}

// TestQueryPlansUseIndex shows the purge queries reading the
// (status, id, expires) index in order: a SEARCH on the index, and no
// temporary B-tree to sort candidates.
func TestQueryPlansUseIndex(t *testing.T) {
	path := newStore(t)
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for name, query := range map[string]string{
		"Expired and Purge": `SELECT id FROM keys WHERE status = 'done' AND expires <= ? ORDER BY id ASC LIMIT ?`,
		"Drain":             `SELECT id FROM keys WHERE status = 'done' AND id > ? AND expires <= ? ORDER BY id ASC LIMIT ?`,
	} {
		args := []any{10.0, 10}
		if name == "Drain" {
			args = []any{"", 10.0, 10}
		}
		rs, err := db.Query("EXPLAIN QUERY PLAN "+query, args...)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rs.Next() {
			var id, parent, unused int
			var detail string
			if err := rs.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rs.Close()
		text := strings.Join(plan, "\n")
		t.Logf("%s:\n%s", name, text)
		if !strings.Contains(text, "USING COVERING INDEX keys_status_id_expires") {
			t.Errorf("%s: plan does not read the covering index:\n%s", name, text)
		}
		if strings.Contains(text, "TEMP B-TREE") {
			t.Errorf("%s: plan sorts the candidates:\n%s", name, text)
		}
	}
}
