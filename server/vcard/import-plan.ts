import type { Kysely } from "kysely";
import type { z } from "zod";
import { LIMITS } from "../../domain/limits.ts";
import type { VcardImportResult, VcardNamedRecord } from "../../domain/schemas/vcard.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors/app-error.ts";
import type { FileChanges } from "../file/changes.ts";

/**
 * What the persons and institutions imports share: checking every card before anything is saved,
 * finding the owner's records a card probably repeats, and filling a record from a card.
 */

/** Publishes every row an import or its decisions saved, in its transaction; answers the result. */
export async function toldSaved<T extends { created: VcardNamedRecord[]; merged?: VcardNamedRecord[] }>(
  trx: Kysely<DB>,
  changes: FileChanges,
  kind: "person" | "institution",
  ownerId: string,
  result: T,
): Promise<T> {
  for (const record of [...result.created, ...(result.merged ?? [])]) {
    await changes.publish(trx, { kind, operation: "saved", ownerId, id: record.id });
  }
  return result;
}

/** Messages written "ns:key" in a domain schema are translation keys; others get the generic one. */
const TRANSLATION_KEY = /^[a-z][\w-]*:[\w.-]+$/;

function messageOf(issue: z.core.$ZodIssue): string {
  if (TRANSLATION_KEY.test(issue.message)) return issue.message;
  if (issue.code === "too_big") return issue.origin === "array" ? "too_many" : "too_long";
  if (issue.code === "invalid_format" && issue.format === "email") return "invalid_email";
  return "invalid";
}

/**
 * Every card checked with its record's schema. One bad card refuses the file, with a field per
 * problem named `cards.<n>.<field>` (n counted from 1, as the owner counts), so nothing is half imported.
 */
export function checkCards<S extends z.ZodType>(schema: S, cards: readonly unknown[]): z.output<S>[] {
  const fields: Record<string, string> = {};
  const params: Record<string, unknown> = {};
  const checked = cards.map((card, index) => {
    const result = schema.safeParse(card);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const name = ["cards", index + 1, ...issue.path].join(".");
      if (Object.hasOwn(fields, name)) continue;
      fields[name] = messageOf(issue);
      if ("maximum" in issue) params.maximum = Number(issue.maximum);
    }
    return undefined;
  });
  if (Object.keys(fields).length > 0) {
    throw new AppError("validation_failed", { message: "exchange:vcardErrors.invalidCards", fields, params });
  }
  return checked as z.output<S>[];
}

/** How names are compared: case, accents, punctuation and spacing aside ("Zoé  O'Brien" = "zoe obrien"). */
export function nameKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** What a record is recognised by: its name, emails and phone numbers. */
export type Identity = { name: string; emails: readonly string[]; phones: readonly string[] };

/** One of the owner's records, as a card is compared with it. */
export type KnownRecord<Card> = VcardNamedRecord & { identity: Identity; card: Card };

/** The owner's records by what recognises them: normalised name, email (any case), phone number. */
function indexOf<Card>(known: readonly KnownRecord<Card>[]) {
  const index = new Map<string, KnownRecord<Card>[]>();
  const add = (key: string, record: KnownRecord<Card>) => {
    const list = index.get(key);
    if (list === undefined) index.set(key, [record]);
    else if (!list.includes(record)) list.push(record);
  };
  for (const record of known) {
    const name = nameKey(record.identity.name);
    if (name !== "") add(`name:${name}`, record);
    for (const email of record.identity.emails) add(`email:${email.toLowerCase()}`, record);
    for (const phone of record.identity.phones) add(`phone:${phone}`, record);
  }
  return index;
}

/**
 * Splits checked cards into those to create and those that look like a record the owner has
 * (same normalised name, or an email or phone in common), each with its candidates.
 */
export function planImport<Card>(
  cards: readonly Card[],
  known: readonly KnownRecord<Card>[],
  identify: (card: Card) => Identity,
): { fresh: Card[]; duplicates: VcardImportResult<Card>["duplicates"] } {
  const index = indexOf(known);
  const order = new Map(known.map((record, position) => [record, position]));
  const fresh: Card[] = [];
  const duplicates: VcardImportResult<Card>["duplicates"] = [];
  for (const card of cards) {
    const identity = identify(card);
    const keys = [
      `name:${nameKey(identity.name)}`,
      ...identity.emails.map((email) => `email:${email.toLowerCase()}`),
      ...identity.phones.map((phone) => `phone:${phone}`),
    ];
    const found = new Set(keys.flatMap((key) => index.get(key) ?? []));
    // In the owner's order (oldest first), as their lists show them.
    const candidates = [...found]
      .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
      .map(({ id, name, card: saved }) => ({ id, name, card: saved }));
    if (candidates.length === 0) fresh.push(card);
    else duplicates.push({ card, name: identity.name, candidates });
  }
  return { fresh, duplicates };
}

function isEmpty(value: unknown): boolean {
  return (
    value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)
  );
}

/** Phones are told apart by number, anything else by its value. */
function itemKey(item: unknown): string {
  if (typeof item === "object" && item !== null && "number" in item) return String(item.number);
  return typeof item === "string" ? item.toLowerCase() : JSON.stringify(item);
}

/**
 * A record's card fields filled from an incoming card: an empty field takes the card's value; a
 * filled one keeps what the owner typed unless `overwrite`; lists (emails, phones) gain the card's
 * new items, up to the spec's five, the owner's first (the card's first when overwriting).
 * Structured fields (addresses) are left as they are, for the kind to merge.
 */
export function fillFromCard<Card extends Record<string, unknown>>(
  current: Card,
  incoming: Card,
  overwrite: boolean,
): Card {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(incoming)) {
    const mine = current[key];
    if (Array.isArray(value) && Array.isArray(mine)) {
      const ordered = overwrite ? [...value, ...mine] : [...mine, ...value];
      const seen = new Set<string>();
      merged[key] = ordered
        .filter((item) => {
          const itemId = itemKey(item);
          if (seen.has(itemId)) return false;
          seen.add(itemId);
          return true;
        })
        .slice(0, LIMITS.multiValueRowsMax);
    } else if (typeof value === "object" && value !== null) {
      // A structured field (a person's address) is a record of its own: the kind merges it.
    } else if (!isEmpty(value) && (overwrite || isEmpty(mine))) {
      merged[key] = value;
    }
  }
  return merged as Card;
}
