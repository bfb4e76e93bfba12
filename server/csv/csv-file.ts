import type { FastifyReply } from "fastify";

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first): OWASP's CSV injection. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text a spreadsheet shows as it is: a formula-like value gets a leading apostrophe. */
export function neutralised(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/**
 * A list as CSV (RFC 4180, by csv-stringify): a header row, then one row per record, every cell
 * neutralised, UTF-8 with a byte-order mark so that Excel reads accents right. csv-stringify is
 * loaded on the first list exported, not at start: the idle server stays small.
 */
export async function csvText(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): Promise<string> {
  const { stringify } = await import("csv-stringify/sync");
  return `\uFEFF${stringify(
    [header, ...rows].map((row) => row.map(neutralised)),
    { record_delimiter: "windows" },
  )}`;
}

/** A file name of ASCII letters, digits and dashes, from a list's key ("passport" -> "kinfile-passport"). */
function fileNameOf(key: string): string {
  return `kinfile-${key.replace(/[^A-Za-z0-9-]+/g, "-")}.csv`;
}

/** A list answered as a CSV download named after it. */
export async function sendCsv(
  reply: FastifyReply,
  key: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileNameOf(key)}"`)
    .header("cache-control", "no-store")
    .send(await csvText(header, rows));
}
