// The contact form (page and dialog). It makes no server call: a complete form opens
// the visitor's mail client with the message filled in (product decisions).
import { useState, type FormEvent } from "react";
import {
  CONTACT_INBOX,
  CONTACT_SUBJECTS,
  EMPTY_CONTACT,
  contactEmail,
  missingContactFields,
  type ContactFields,
} from "~/content/contact";
import { mailto } from "~/content/site";
import { useToast } from "~/components/public/Toast";

export function openMailClient(href: string) {
  window.location.href = href;
}

export function ContactForm({
  idPrefix,
  subjectMode,
  initialSubject = "",
  method,
  onSent,
}: {
  idPrefix: string;
  subjectMode: "select" | "text";
  initialSubject?: string;
  method?: string;
  onSent?: () => void;
}) {
  const toast = useToast();
  const [fields, setFields] = useState<ContactFields>({ ...EMPTY_CONTACT, subject: initialSubject });
  const set = (name: keyof ContactFields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));
  const id = (name: string) => `${idPrefix}-${name}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (missingContactFields(fields)) {
      toast({
        title: "Missing Information",
        description: "Please fill in all required fields",
        variant: "destructive",
      });
      return;
    }
    const { subject, body } = contactEmail(fields, method);
    openMailClient(mailto(CONTACT_INBOX, subject, body));
    setFields({ ...EMPTY_CONTACT });
    onSent?.();
    toast({ title: "Opening Email Client", description: "Your email client will open with the pre-filled message." });
  }

  return (
    <form className="pp-form" onSubmit={submit} noValidate aria-label={method ? `${method} form` : "Contact form"}>
      <div className="pp-form-row">
        <div className="pp-field">
          <label htmlFor={id("firstName")}>First Name *</label>
          <input
            id={id("firstName")}
            name="firstName"
            autoComplete="given-name"
            required
            value={fields.firstName}
            onChange={set("firstName")}
          />
        </div>
        <div className="pp-field">
          <label htmlFor={id("lastName")}>Last Name</label>
          <input
            id={id("lastName")}
            name="lastName"
            autoComplete="family-name"
            value={fields.lastName}
            onChange={set("lastName")}
          />
        </div>
      </div>
      <div className="pp-form-row">
        <div className="pp-field">
          <label htmlFor={id("email")}>Email Address *</label>
          <input
            id={id("email")}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={fields.email}
            onChange={set("email")}
          />
        </div>
        <div className="pp-field">
          <label htmlFor={id("company")}>Company</label>
          <input
            id={id("company")}
            name="company"
            autoComplete="organization"
            value={fields.company}
            onChange={set("company")}
          />
        </div>
      </div>
      <div className="pp-field">
        <label htmlFor={id("subject")}>Subject</label>
        {subjectMode === "select" ? (
          <select id={id("subject")} name="subject" value={fields.subject} onChange={set("subject")}>
            <option value="">Select a topic</option>
            {CONTACT_SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        ) : (
          <input id={id("subject")} name="subject" value={fields.subject} onChange={set("subject")} />
        )}
      </div>
      <div className="pp-field">
        <label htmlFor={id("message")}>Message *</label>
        <textarea id={id("message")} name="message" required value={fields.message} onChange={set("message")} />
      </div>
      <div>
        <button type="submit" className="pp-btn pp-btn-primary">
          Send Message
        </button>
      </div>
    </form>
  );
}
