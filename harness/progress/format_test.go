package progress

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestEstimate(t *testing.T) {
	tests := []struct {
		elapsed         time.Duration
		done, remaining int
		want            string // "" for no estimate
	}{
		{0, 0, 2000, ""},
		{time.Minute, 0, 2000, ""},
		{time.Minute, 10, 0, ""},
		{34 * time.Second, 120, 1880, "8m50s"},
		{10 * time.Second, 1, 4, "40s"},
		{10 * time.Second, 3, 1, "3s"},
		{time.Minute, 1, 155, "2h35m"},
		{6 * time.Second, 1, 155, "16m"},
		{6 * time.Second, 1, 99, "9m50s"},
		{time.Hour, 2, 2, "1h"},
		{300 * time.Millisecond, 1, 1, "0s"},
	}
	for _, tt := range tests {
		var got string
		if left, ok := estimate(tt.elapsed, tt.done, tt.remaining); ok {
			got = formatDuration(roundLeft(left))
		}
		if got != tt.want {
			t.Errorf("estimate(%v, %d done, %d remaining) = %q, want %q",
				tt.elapsed, tt.done, tt.remaining, got, tt.want)
		}
	}
}

func TestFormatDuration(t *testing.T) {
	ds := []time.Duration{
		-time.Second, 0, 400 * time.Millisecond, 500 * time.Millisecond,
		34 * time.Second, 59600 * time.Millisecond, 9*time.Minute + 24*time.Second,
		10 * time.Minute, time.Hour + 2*time.Minute + 3*time.Second,
		time.Hour + 5*time.Second, time.Hour + 10*time.Minute, 2 * time.Hour,
	}
	var got []string
	for _, d := range ds {
		got = append(got, formatDuration(d))
	}
	want := []string{
		"0s", "0s", "0s", "1s",
		"34s", "1m", "9m24s",
		"10m", "1h2m3s",
		"1h0m5s", "1h10m", "2h",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("formatDuration (-want +got):\n%s", diff)
	}
}

func TestDescribeRunning(t *testing.T) {
	tests := []struct {
		verb    string
		running []string
		want    string
	}{
		{"grading", nil, ""},
		{"grading", []string{"student0121"}, "grading student0121"},
		{"", []string{"m1", "m2", "m3"}, "m3 and 2 more"},
		{"grading", []string{"a", ""}, "2 running"},
		{"", []string{""}, "1 running"},
	}
	for _, tt := range tests {
		if got := describeRunning(tt.verb, tt.running); got != tt.want {
			t.Errorf("describeRunning(%q, %q) = %q, want %q", tt.verb, tt.running, got, tt.want)
		}
	}
}

func TestRemove(t *testing.T) {
	got := remove([]string{"a", "b", "a", "c"}, "a")
	got = remove(got, "absent")
	if diff := cmp.Diff([]string{"a", "b", "c"}, got); diff != "" {
		t.Errorf("remove (-want +got):\n%s", diff)
	}
}

func TestTruncate(t *testing.T) {
	tests := []struct {
		s     string
		width int
		want  string
	}{
		{"grade: 1/2", 80, "grade: 1/2"},
		{"grade: 1/2", 10, "grade: 1/2"},
		{"grade: 1/2", 5, "grade"},
		{"élève", 3, "élè"},
		{"abc", 0, "a"},
	}
	for _, tt := range tests {
		if got := truncate(tt.s, tt.width); got != tt.want {
			t.Errorf("truncate(%q, %d) = %q, want %q", tt.s, tt.width, got, tt.want)
		}
	}
}
