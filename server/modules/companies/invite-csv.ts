import {
  COMPANY_LIMITS,
  INVITE_CSV_COLUMNS,
  type InviteBody,
  inviteBodySchema,
} from "../../../domain/schemas/company.ts";
import { AppError } from "../../errors/app-error.ts";

/** One data row of an invite file: the invite it asks for, or why it cannot be one. */
export type CsvInviteRow =
  | { row: number; email: string; invite: InviteBody }
  | { row: number; email: string; invite: null; problem: CsvRowProblem };

/** What is wrong with a row, untranslated: the column, a message key and its values. */
export type CsvRowProblem = { field: Column; key: string; params: Record<string, unknown> };

type Column = (typeof INVITE_CSV_COLUMNS)[number];

const REQUIRED_COLUMNS = INVITE_CSV_COLUMNS.filter((column) => column !== "language");

/** Header spellings people and spreadsheets use, compared without case, spaces, dashes or underscores. */
const COLUMN_SPELLINGS: Record<string, Column> = {
  email: "email",
  mail: "email",
  emailaddress: "email",
  firstname: "firstName",
  givenname: "firstName",
  lastname: "lastName",
  surname: "lastName",
  familyname: "lastName",
  language: "language",
  lang: "language",
};

/** The column a header cell names ("E-mail address", "first_name"), or undefined. */
export function columnNamed(header: string): Column | undefined {
  return COLUMN_SPELLINGS[header.toLowerCase().replace(/[^a-z]/g, "")];
}

/** The columns as the company screens name them, for the reasons given to the reader. */
const COLUMN_LABELS: Record<Column, string> = {
  email: "company:fields.memberEmail",
  firstName: "company:fields.firstName",
  lastName: "company:fields.lastName",
  language: "company:fields.language",
};

/** A row's problem in the reader's words: the column as the screen names it, then what is wrong. */
export function describeProblem(
  problem: CsvRowProblem,
  translate: (key: string, params?: Record<string, unknown>) => string,
): string {
  return translate("errors:companies.csv_cell", {
    column: translate(COLUMN_LABELS[problem.field]),
    reason: translate(problem.key, problem.params),
  });
}

const isBlank = (cells: string[]) => cells.every((cell) => cell === "");

/** The template offered for download: the header row and one example. */
export const INVITE_CSV_TEMPLATE = `${INVITE_CSV_COLUMNS.join(",")}\r\nrobin.tremblay@example.com,Robin,Tremblay,fr\r\n`;

/**
 * Reads an invite file (`email,firstName,lastName,language`, the last column optional, in any
 * order, under any usual spelling of their names) with csv-parse, numbering rows as a spreadsheet
 * does (the header is row 1, blank rows count), and checks each data row against the single invite's schema. A file that
 * is not CSV, lacks a column or holds too many rows is refused whole (400, naming the file field).
 * csv-parse is loaded on the first file read, not at start: the idle server stays small.
 */
export async function readInviteCsv(file: Buffer): Promise<CsvInviteRow[]> {
  const { CsvError, parse } = await import("csv-parse/sync");
  let records: string[][];
  try {
    records = parse(file, {
      bom: true,
      trim: true,
      relax_column_count: true,
      // A file of a thousand rows is far below this; anything longer is not an invite file.
      max_record_size: 4_096,
    });
  } catch (error) {
    if (error instanceof CsvError) {
      throw new AppError("validation_failed", { fields: { file: "errors:companies.csv_unreadable" } });
    }
    throw error;
  }
  // Blank rows are skipped but keep their number, as a spreadsheet shows it.
  const numbered = records
    .map((cells, index) => ({ cells, row: index + 1 }))
    .filter(({ cells }) => !isBlank(cells));
  const [header, ...rows] = numbered;
  const columns = (header?.cells ?? []).map(columnNamed);
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw new AppError("validation_failed", {
      fields: { file: "errors:companies.csv_header" },
      params: { columns: INVITE_CSV_COLUMNS.join(",") },
    });
  }
  if (rows.length === 0) {
    throw new AppError("validation_failed", { fields: { file: "errors:companies.csv_empty" } });
  }
  if (rows.length > COMPANY_LIMITS.csvRows) {
    throw new AppError("validation_failed", {
      fields: { file: "errors:companies.csv_too_many_rows" },
      params: { maximum: COMPANY_LIMITS.csvRows },
    });
  }
  return rows.map(({ cells, row }) => {
    const values: Partial<Record<Column, string>> = {};
    columns.forEach((column, at) => {
      if (column !== undefined) values[column] = cells[at] ?? "";
    });
    const email = String(values.email ?? "");
    const parsed = inviteBodySchema.safeParse({
      email,
      firstName: values.firstName,
      lastName: values.lastName,
      // An empty language cell takes the default, as a missing column does.
      language: values.language === "" || values.language === undefined ? undefined : values.language,
    });
    if (parsed.success) return { row, email: parsed.data.email, invite: parsed.data };
    const issue = parsed.error.issues[0];
    const limits = issue as { maximum?: unknown; minimum?: unknown } | undefined;
    return {
      row,
      email: email.trim().toLowerCase(),
      invite: null,
      problem: {
        field: columnNamed(String(issue?.path[0] ?? "")) ?? "email",
        key: issue?.message ?? "errors:fields.invalid",
        params: { maximum: limits?.maximum, minimum: limits?.minimum },
      },
    };
  });
}
