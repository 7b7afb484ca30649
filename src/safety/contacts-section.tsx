/**
 * Emergency contacts and medical notes on /safety: add, edit and remove contacts
 * (name, phone, relation, priority) with validation messages under each field; stored on the
 * device only (local documents: they join sync when the sync engine gives them a collection).
 */
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useDatabase } from '../db-react/provider.tsx';
import {
  MEDICAL_NOTES_MAX,
  removeEmergencyContact,
  saveEmergencyContact,
} from '../db/safety-settings.ts';
import { useEmergencyContacts, useMedicalNotes } from '../db-react/safety-settings.ts';
import {
  CONTACT_PRIORITY_LABELS,
  formatPhone,
  type ContactValidationError,
  type EmergencyContact,
} from '../lib/outdoor/emergency-contacts.ts';
import { showToast } from '../lib/toast.ts';

const EMPTY_FORM = { name: '', phone: '', relation: '', priority: '1' };

function fieldError(errors: ContactValidationError[], field: ContactValidationError['field']) {
  return errors.find((error) => error.field === field)?.message ?? null;
}

type ContactForm = typeof EMPTY_FORM;

/** The add/edit form's state and its save; validation errors come back per field. */
function useContactForm() {
  const db = useDatabase();
  const [form, setForm] = useState(EMPTY_FORM);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [errors, setErrors] = useState<ContactValidationError[]>([]);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const result = await saveEmergencyContact(
        db,
        { ...form, priority: Number(form.priority) },
        editingId ?? undefined,
      );
      if (!result.ok) {
        setErrors(result.errors);
        return;
      }
      setErrors([]);
      setForm(EMPTY_FORM);
      setEditingId(null);
      showToast({
        title: editingId ? 'Contact updated' : 'Contact added',
        description: result.contact.name,
      });
    } finally {
      setSaving(false);
    }
  };
  const edit = (contact: EmergencyContact) => {
    setEditingId(contact.id);
    setErrors([]);
    setForm({
      name: contact.name,
      phone: formatPhone(contact.phone),
      relation: contact.relation,
      priority: String(contact.priority),
    });
  };
  const cancel = () => {
    setEditingId(null);
    setForm(EMPTY_FORM);
    setErrors([]);
  };
  return { form, setForm, editingId, errors, saving, submit, edit, cancel };
}

/** The saved contacts with Edit and Remove (removal asks first). */
function ContactList({
  contacts,
  onEdit,
}: {
  contacts: EmergencyContact[];
  onEdit: (contact: EmergencyContact) => void;
}) {
  const db = useDatabase();
  const remove = async (contact: EmergencyContact) => {
    if (!window.confirm(`Remove ${contact.name} from your emergency contacts?`)) return;
    await removeEmergencyContact(db, contact.id);
    showToast({ title: 'Contact removed', description: contact.name });
  };
  return (
    <ul className="contact-list">
      {contacts.map((contact) => (
        <li key={contact.id} className="contact-list__item">
          <span className="contact-list__who">
            <strong>{contact.name}</strong>
            <span>
              {formatPhone(contact.phone)}
              {contact.relation ? ` · ${contact.relation}` : ''} ·{' '}
              {CONTACT_PRIORITY_LABELS[contact.priority]}
            </span>
          </span>
          <span className="contact-list__actions">
            <button type="button" className="button" onClick={() => onEdit(contact)}>
              Edit
            </button>
            <button type="button" className="button" onClick={() => void remove(contact)}>
              Remove
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A labelled text input with its validation message under it. */
function ContactField({
  label,
  id,
  error,
  ...input
}: {
  label: string;
  id: string;
  error: string | null;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="form-field">
      <span>{label}</span>
      <input
        {...input}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <span id={`${id}-error`} className="form-field__error">
          {error}
        </span>
      ) : null}
    </label>
  );
}

/** The fields of a contact: name, mobile phone, relation and priority. */
function ContactFields({
  form,
  setForm,
  errors,
}: {
  form: ContactForm;
  setForm: (form: ContactForm) => void;
  errors: ContactValidationError[];
}) {
  return (
    <div className="contact-form__grid">
      <ContactField
        label="Name"
        id="contact-name"
        error={fieldError(errors, 'name')}
        value={form.name}
        autoComplete="name"
        onChange={(event) => setForm({ ...form, name: event.target.value })}
      />
      <ContactField
        label="Mobile phone"
        id="contact-phone"
        error={fieldError(errors, 'phone')}
        type="tel"
        value={form.phone}
        autoComplete="tel"
        inputMode="tel"
        onChange={(event) => setForm({ ...form, phone: event.target.value })}
      />
      <ContactField
        label="Relation (optional)"
        id="contact-relation"
        error={fieldError(errors, 'relation')}
        value={form.relation}
        onChange={(event) => setForm({ ...form, relation: event.target.value })}
      />
      <label className="form-field">
        <span>Priority</span>
        <select
          value={form.priority}
          onChange={(event) => setForm({ ...form, priority: event.target.value })}
        >
          <option value="1">Primary</option>
          <option value="2">Secondary</option>
          <option value="3">Backup</option>
        </select>
      </label>
    </div>
  );
}

/** The contacts list and form. */
export function ContactsSection() {
  const { contacts, isLoading } = useEmergencyContacts();
  const { form, setForm, editingId, errors, saving, submit, edit, cancel } = useContactForm();
  return (
    <section className="safety-card" aria-labelledby="contacts-title">
      <h2 id="contacts-title">Emergency contacts</h2>
      <p className="safety-muted">
        Stored on this device only, for now: they will sync to your account once syncing of contacts
        is available. The Emergency screen texts your location to them.
      </p>
      {isLoading ? null : contacts.length === 0 ? (
        <p>No contacts yet. Add at least one person who can receive texts.</p>
      ) : (
        <ContactList contacts={contacts} onEdit={edit} />
      )}
      <form className="contact-form" onSubmit={(event) => void submit(event)} noValidate>
        <h3>{editingId ? 'Edit contact' : 'Add a contact'}</h3>
        <ContactFields form={form} setForm={setForm} errors={errors} />
        <div className="contact-form__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {editingId ? 'Save contact' : 'Add contact'}
          </button>
          {editingId ? (
            <button type="button" className="button" onClick={cancel}>
              Cancel editing
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** Medical notes for the emergency card, saved as the rider types. */
export function MedicalNotesSection() {
  const { notes, setNotes, isLoading } = useMedicalNotes();
  // While typing, the field shows the rider's draft: the stored value arrives asynchronously
  // and would otherwise swallow fast keystrokes.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? notes;
  return (
    <section className="safety-card" aria-labelledby="medical-title">
      <h2 id="medical-title">Medical notes</h2>
      <label className="form-field">
        <span>Allergies, conditions, medicines, blood type: shown on your emergency card</span>
        <textarea
          rows={4}
          maxLength={MEDICAL_NOTES_MAX}
          value={shown}
          disabled={isLoading}
          onChange={(event) => {
            setDraft(event.target.value);
            void setNotes(event.target.value);
          }}
          onBlur={() => setDraft(null)}
        />
      </label>
      <p className="safety-muted">
        {shown.length}/{MEDICAL_NOTES_MAX} characters · saved on this device as you type
      </p>
    </section>
  );
}
