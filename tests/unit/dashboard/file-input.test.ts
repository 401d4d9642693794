import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BulkUpload } from "@/app/_dashboard/client/bulk-upload";
import { FileInput } from "@/app/_dashboard/client/file-input";
import { messages } from "@/lib/dashboard/i18n";
import { moneyMessages } from "@/lib/dashboard/i18n-money";

/**
 * The file fields (bulk CSV, branding logo, payment link image) in the page's language: the
 * native control, which Chromium labels "Choose File" / "No file chosen" in the browser's own
 * language, is hidden but kept in the form; a label styled as a button opens it.
 */
const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
const fileInputTag = (html: string) => {
  const tag = html.match(/<input[^>]*type="file"[^>]*>/)?.[0];
  if (!tag) throw new Error(`no file input in ${html}`);
  return tag;
};

function bulkUploadFr(): string {
  const b = messages("fr").bulk;
  const labels = {
    ...b,
    fileInput: messages("fr").fileInput,
    summary: moneyMessages("fr").bulk,
  };
  const noop = async () => null;
  return renderToStaticMarkup(createElement(BulkUpload, { preview: noop, confirm: noop, labels }));
}

describe("FileInput", () => {
  it("keeps a real, focusable file input in the form, visually hidden rather than removed", () => {
    const html = renderToStaticMarkup(createElement(FileInput, { label: "Fichier CSV", words: messages("fr").fileInput, name: "file", accept: ".csv,text/csv", required: true }));
    const input = fileInputTag(html);
    expect(attr(input, "name")).toBe("file");
    expect(attr(input, "accept")).toBe(".csv,text/csv");
    expect(input).toMatch(/\srequired=""/);
    expect(attr(input, "class")?.split(" ")).toContain("visually-hidden");
    // Not display:none, not hidden, not out of the tab order: a keyboard reaches it and the form posts it.
    expect(input).not.toMatch(/\shidden|display:\s*none|tabindex="-1"|aria-hidden/);
  });

  it("names the input by its label, which says in French what to do (the button) and is tied to it by for/id", () => {
    const html = renderToStaticMarkup(createElement(FileInput, { label: "Fichier CSV", words: messages("fr").fileInput, name: "file" }));
    const id = attr(fileInputTag(html), "id");
    expect(id).toBeTruthy();
    const label = html.match(new RegExp(`<label[^>]*for="${id}"[^>]*>(.*?)</label>`))?.[1];
    expect(label).toBeDefined();
    expect(label).toContain("Fichier CSV");
    expect(label).toMatch(/class="btn[^"]*file-button"[^>]*>Choisir un fichier</);
    // The input comes first, so the focus ring can be drawn on the label's button (input:focus-visible + label).
    expect(html.indexOf("<input")).toBeLessThan(html.indexOf("<label"));
    expect(html).not.toMatch(/Choose File|No file chosen/i);
  });

  it("says nothing about the chosen file before hydration (without JavaScript it could not be kept true)", () => {
    const html = renderToStaticMarkup(createElement(FileInput, { label: "Logo", words: messages("fr").fileInput, name: "logo", describedBy: "logo-help" }));
    expect(html).not.toContain(messages("fr").fileInput.none);
    // The help text stays the input's description.
    expect(attr(fileInputTag(html), "aria-describedby")).toBe("logo-help");
  });

  it("has its words in both languages", () => {
    expect(messages("fr").fileInput).toEqual({ choose: "Choisir un fichier", none: "Aucun fichier choisi" });
    expect(messages("en").fileInput).toEqual({ choose: "Choose a file", none: "No file chosen" });
  });
});

describe("the bulk payout upload", () => {
  it("posts the CSV as `file`, required, through the localized field labelled by the catalogue's words", () => {
    const html = bulkUploadFr();
    const input = fileInputTag(html);
    expect(attr(input, "name")).toBe("file");
    expect(input).toMatch(/\srequired=""/);
    expect(attr(input, "class")?.split(" ")).toContain("visually-hidden");
    const label = html.match(new RegExp(`<label[^>]*for="${attr(input, "id")}"[^>]*>(.*?)</label>`))?.[1];
    expect(label).toContain(messages("fr").bulk.file);
    expect(label).toContain("Choisir un fichier");
    // The only file input on the form, inside the upload form (what the e2e's getByLabel finds).
    expect(html.match(/type="file"/g)).toHaveLength(1);
    expect(html.indexOf('data-testid="bulk-upload-form"')).toBeLessThan(html.indexOf('type="file"'));
  });
});
