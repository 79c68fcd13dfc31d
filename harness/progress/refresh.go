package progress

import "time"

// startRefresh starts the goroutine that redraws every interval.
func (m *Meter) startRefresh() {
	m.stop = make(chan struct{})
	m.stopped = make(chan struct{})
	go m.refreshLoop(time.NewTicker(m.interval))
}

func (m *Meter) refreshLoop(t *time.Ticker) {
	defer close(m.stopped)
	defer t.Stop()
	for {
		select {
		case <-m.stop:
			return
		case <-t.C:
			m.refresh()
		}
	}
}

// refresh shows the state if its time has come.
func (m *Meter) refresh() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.update(m.now(), false)
}

// stopRefresh stops the refresh goroutine, if any, and waits for it to
// return. It must be called without m.mu held.
func (m *Meter) stopRefresh() {
	m.once.Do(func() {
		if m.stop != nil {
			close(m.stop)
			<-m.stopped
		}
	})
}
