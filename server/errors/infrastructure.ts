import type { ErrorCode } from "../../domain/errors.ts";
import { UnknownMasterKeyError } from "../crypto/data-keys.ts";
import { DecryptionError } from "../crypto/envelope.ts";

/** A full disk or quota: the write failed whole (blob stores write to a temporary name first). */
const DISK_FULL = new Set(["ENOSPC", "EDQUOT"]);

/**
 * The database cannot be reached for now: the socket's own failures, PostgreSQL's connection
 * exceptions (class 08) and its shutting down or starting up (57P01-57P03), and SQLite's lock
 * held past its wait.
 */
const DATABASE_AWAY = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
/** What node-postgres throws, without a code, when its connection drops or never comes. */
const POOL_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
];
const SQLITE_BUSY = 5;

/** The error and the causes it wraps, outermost first (bounded: a cause chain may loop). */
function chainOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current !== undefined && current !== null && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function classify(error: unknown): ErrorCode | undefined {
  if (error instanceof DecryptionError || error instanceof UnknownMasterKeyError) return "unreadable";
  const { code, errcode, message } = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (typeof code === "string" && DISK_FULL.has(code)) return "storage_full";
  if (typeof code === "string" && DATABASE_AWAY.has(code)) return "service_unavailable";
  if (code === "ERR_SQLITE_ERROR" && errcode === SQLITE_BUSY) return "service_unavailable";
  if (typeof message === "string" && POOL_MESSAGES.some((text) => message.includes(text)))
    return "service_unavailable";
  return undefined;
}

/**
 * What an unexpected error says about the server rather than the request: its disk is full, a
 * stored copy cannot be decrypted, or the database is away. Each has its own code and translated
 * message (nothing was saved, what to do) instead of the generic 500; undefined for anything else.
 */
export function infrastructureCode(error: unknown): ErrorCode | undefined {
  for (const each of chainOf(error)) {
    const code = classify(each);
    if (code !== undefined) return code;
  }
  return undefined;
}
