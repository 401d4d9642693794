import type { CsvCell } from "./csv";
import { csvLine } from "./csv";

/**
 * A CSV body that pulls its rows page by page: `pages` is an async generator yielding one page
 * of rows at a time (each a database query), and the stream asks for the next page only when
 * the client has read the previous one (ReadableStream pull), so an export of 100,000 rows
 * never holds more than a page in memory and a client that goes away stops the queries.
 */
export function csvStream(header: string[], pages: AsyncGenerator<CsvCell[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          // A BOM so spreadsheet programs read the file as UTF-8 (names with accents).
          controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
          return;
        }
        const next = await pages.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next.value.map(csvLine).join("")));
      },
      async cancel() {
        await pages.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

/** The HTTP answer for a CSV download. */
export function csvResponse(filename: string, body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
