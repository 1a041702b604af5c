// CSV for spreadsheets: RFC 4180 quoting, CRLF lines, ISO dates, and cells that a spreadsheet
// would run as a formula (leading = + - @, tab or CR) neutralised with a leading quote mark.
export type CsvValue = string | number | boolean | Date | null | undefined;

export function csvCell(value: CsvValue): string {
  let text = value instanceof Date ? value.toISOString() : value === null || value === undefined ? "" : String(value);
  // A number is never a formula; a text that looks like one is kept as text.
  if (typeof value !== "number" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: CsvValue[]): string => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * A CSV download streamed row by row as `rows` yields them, so an export of every matching row
 * never holds the whole table in memory.
 */
export function csvResponse(filename: string, header: string[], rows: AsyncIterable<CsvValue[]>): Response {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(header)));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLine(next.value)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
    },
  });
}
