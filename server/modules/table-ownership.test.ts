import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Who owns each table of `server/db/schema.ts`. A module's SQL names only its own tables and the
 * shared layers' (better-auth's accounts, jobs, mail, the key store...); another module's rows
 * are asked of that module through its `index.ts`.
 */
const MODULE_TABLES: Record<string, readonly string[]> = {
  activity: ["activity"],
  addresses: ["address"],
  admin: ["account_comment", "audit_entry"],
  comments: ["comment"],
  companies: ["company", "company_member"],
  documents: ["document"],
  home: ["not_applicable"],
  institutions: ["institution"],
  persons: ["person", "person_link"],
  portability: ["import_run"],
  records: ["record"],
  search: ["search_term"],
  sharing: ["nominee"],
  collaborators: ["collaborator"],
  subscriptions: [
    "product",
    "billing_customer",
    "subscription",
    "billing_code",
    "code_redemption",
    "code_attempt",
    "provider_event",
    "invoice",
    "charity",
    "donation_choice",
  ],
};

/** Tables of the layers under the modules (server/auth, jobs, mail, http, crypto, storage): any module may use them. */
const SHARED_TABLES = [
  "user",
  "session",
  "account",
  "passkey",
  "verification",
  "twoFactor",
  "sign_in_event",
  "password_confirmation",
  "spent_link",
  "entitlement",
  "account_key",
  "job",
  "mail_outbox",
  "rate_limit",
  "blob_chunk",
];

/**
 * Crossings written before the rule, in modules still to be given their neighbours' readers:
 * `module -> table`. A new crossing fails the test; fix it rather than adding it here.
 */
const KNOWN_CROSSINGS = new Set([
  "comments -> person",
  "documents -> activity",
  "records -> address",
  "records -> institution",
  "records -> person",
  "reminders -> record",
]);

const MODULES_DIR = import.meta.dirname;
const QUERY_CALL =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto)\(\s*"([A-Za-z_]+)/g;

/** The source files under a folder, tests aside, leaving out the folders `skip` names. */
function sourceFiles(dir: string, skip: (folder: string) => boolean = () => false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skip(full) ? [] : sourceFiles(full, skip);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** `module -> table` for every table a module's query builder names. */
function crossings(): Map<string, string[]> {
  const owner = new Map<string, string>();
  for (const [module, tables] of Object.entries(MODULE_TABLES))
    for (const table of tables) owner.set(table, module);
  const found = new Map<string, string[]>();
  for (const module of readdirSync(MODULES_DIR, { withFileTypes: true })) {
    if (!module.isDirectory()) continue;
    for (const file of sourceFiles(path.join(MODULES_DIR, module.name))) {
      for (const match of readFileSync(file, "utf8").matchAll(QUERY_CALL)) {
        const table = match[1] as string;
        const tableOwner = owner.get(table);
        if (tableOwner === undefined || tableOwner === module.name) continue;
        const key = `${module.name} -> ${table}`;
        found.set(key, [...(found.get(key) ?? []), path.relative(MODULES_DIR, file)]);
      }
    }
  }
  return found;
}

describe("tables belong to one module", () => {
  it("gives every table of the schema one owner", () => {
    const schema = readFileSync(path.join(MODULES_DIR, "../db/schema.ts"), "utf8");
    const block = schema.slice(
      schema.indexOf("export type DB = {"),
      schema.indexOf("};", schema.indexOf("export type DB = {")),
    );
    const tables = [...block.matchAll(/^\s+([A-Za-z_]+):/gm)].map((match) => match[1]);
    const listed = [...Object.values(MODULE_TABLES).flat(), ...SHARED_TABLES];
    expect(new Set(listed).size).toBe(listed.length);
    expect([...tables].sort()).toEqual([...listed].sort());
  });

  it("lets no module query another module's tables", () => {
    const unexpected = [...crossings()].filter(([key]) => !KNOWN_CROSSINGS.has(key));
    expect(Object.fromEntries(unexpected)).toEqual({});
  });

  it("keeps the layers under the modules to their own tables", () => {
    const server = path.dirname(MODULES_DIR);
    const skipped = new Set(["modules", "testing"].map((name) => path.join(server, name)));
    const files = sourceFiles(
      server,
      (folder) => skipped.has(folder) || path.basename(folder) === "migrations",
    );
    const moduleTables = new Set(Object.values(MODULE_TABLES).flat());
    const named = files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(QUERY_CALL)]
        .map((match) => match[1] as string)
        .filter((table) => moduleTables.has(table))
        .map((table) => `${path.relative(server, file)} -> ${table}`),
    );
    expect(named).toEqual([]);
  });

  it("still finds each known crossing: one fixed leaves the list", () => {
    const found = crossings();
    expect([...KNOWN_CROSSINGS].filter((key) => !found.has(key))).toEqual([]);
  });
});
