import type { Locale } from "@/lib/dashboard/i18n";
import { listMessages } from "@/lib/dashboard/i18n-lists";

/**
 * A refused filter in the page's language. The messages come from the API's query schemas
 * (English, for integrators); a page says instead what is wrong with the field, by field and by
 * what the message is about.
 */
export function filterErrorText(field: string, message: string, locale: Locale): string {
  const e = listMessages(locale).filterErrors;
  if (field === "q") return message === "tooLong" ? listMessages(locale).search.tooLong : listMessages(locale).search.tooShort;
  if (/after|before|start/i.test(message) && /date|from|to|period/i.test(`${field} ${message}`)) return e.dateOrder;
  if (field === "page") return e.page;
  if (/date|from|to/i.test(field)) return e.date;
  if (field === "status") return e.status;
  if (field === "currency") return e.currency;
  if (field === "category") return e.category;
  return e.other;
}

/** The refused filters of a list or statement form, one line, each by its label (the form stays as typed). */
export function FilterErrors({ errors, labels, locale }: { errors: Record<string, string>; labels: Record<string, string>; locale: Locale }) {
  if (Object.keys(errors).length === 0) return null;
  return (
    <p role="alert" className="error">
      {Object.entries(errors)
        .map(([field, message]) => `${labels[field] ?? field} : ${filterErrorText(field, message, locale)}`.replace(" : ", locale === "fr" ? "\u00A0: " : ": "))
        .join(" · ")}
    </p>
  );
}
