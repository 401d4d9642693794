/**
 * HTML from template literals, escaped by default: every interpolated value is text (escaped for
 * element content and quoted attributes alike) unless it is already `Html`, i.e. built by `html`
 * itself or marked with `trustedHtml` (for our own constants: the style sheet, the live script).
 * Arrays are concatenated; null, undefined and false render nothing, so conditions read naturally:
 * html`${error && html`<p role="alert">${error}</p>`}`.
 */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

export type HtmlValue = Html | string | number | bigint | null | undefined | false | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

/** Marks our own constant markup (never anything that came from a request or the database). */
export const trustedHtml = (markup: string): Html => new Html(markup);
