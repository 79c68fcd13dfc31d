package cli

import (
	"errors"

	"idemlab/harness/i18n"
)

// A Message is an error a person reads, worded by the catalogue (package
// i18n): its message id and the data that fills it. Error is its English;
// Say words it in the reader's language, which the code that made it may
// not know yet.
type Message struct {
	ID   string
	Data i18n.M
}

// Errorm is a Message error: message id filled from data.
func Errorm(id string, data i18n.M) error {
	return &Message{ID: id, Data: data}
}

// Error is the message in English.
func (m *Message) Error() string { return i18n.English.T(m.ID, m.Data) }

// In is the message in lang.
func (m *Message) In(lang i18n.Lang) string { return lang.T(m.ID, m.Data) }

// Say words err in lang: a Message (or an error wrapping one, which is
// then the whole text) by the catalogue, any other error as Misuse
// rewords it.
func Say(lang i18n.Lang, err error) string {
	var m *Message
	if errors.As(err, &m) {
		return m.In(lang)
	}
	return Misuse(lang, err.Error())
}
