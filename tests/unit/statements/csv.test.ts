import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "@/lib/statements/csv";
import { csvStream } from "@/lib/statements/csv-stream";

describe("csvCell", () => {
  it("writes plain text as is and nothing for null", () => {
    expect(csvCell("Awa Diop")).toBe("Awa Diop");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });

  it("quotes commas, quotes, CR and LF, doubling quotes (RFC 4180)", () => {
    expect(csvCell("Diop, Awa")).toBe('"Diop, Awa"');
    expect(csvCell('Le "Best" shop')).toBe('"Le ""Best"" shop"');
    expect(csvCell("line1\nline2")).toBe('"line1\nline2"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it.each(["=1+1", "+33 1 23", "-2+3", "@SUM(A1)", "\tcmd", "\r=x"])("neutralises a formula-looking text cell %j", (value) => {
    const cell = csvCell(value);
    expect(cell.replace(/^"/, "").startsWith("'")).toBe(true);
    expect(cell).toContain(value.replace(/"/g, '""'));
  });

  it("quotes a neutralised formula that also holds a comma or quote", () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });

  it("writes amounts as numbers: a negative amount stays a number", () => {
    expect(csvCell({ decimal: "-40.00" })).toBe("-40.00");
    expect(csvCell({ decimal: "5000" })).toBe("5000");
    expect(() => csvCell({ decimal: "=1" })).toThrow();
    expect(() => csvCell({ decimal: "1e5" })).toThrow();
  });

  it("ends each record with CRLF", () => {
    expect(csvLine(["a", null, { decimal: "1.50" }, "b,c"])).toBe('a,,1.50,"b,c"\r\n');
  });
});

describe("csvStream", () => {
  it("sends the header, then one chunk per page, asking for a page only when the reader wants one", async () => {
    const asked: number[] = [];
    async function* pages() {
      for (let i = 1; i <= 3; i++) {
        asked.push(i);
        yield [[`row ${i}`, { decimal: String(i) }]];
      }
    }
    const reader = csvStream(["name", "amount"], pages()).getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe("\uFEFFname,amount\r\n");
    await new Promise((r) => setTimeout(r, 10));
    expect(asked.length).toBeLessThanOrEqual(1); // at most one page read ahead
    const chunks: string[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(decoder.decode(r.value));
    expect(chunks).toEqual(["row 1,1\r\n", "row 2,2\r\n", "row 3,3\r\n"]);
  });

  it("stops the pages when the client goes away", async () => {
    let finished = false;
    let produced = 0;
    async function* pages() {
      try {
        for (;;) {
          produced++;
          yield [["x"]];
        }
      } finally {
        finished = true;
      }
    }
    const reader = csvStream(["h"], pages()).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);
    expect(produced).toBeLessThan(5);
  });
});
