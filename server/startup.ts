import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConfigError } from "./config.ts";
import { DatabaseOpenError } from "./db/database.ts";
import { MigrationError } from "./db/migrate.ts";

/** A reason the server cannot start, worded for the person starting it. */
export class StartupError extends Error {
  override name = "StartupError";
}

/** Owner only: DATA_DIR holds the database, the files, the keys and the mail. */
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Runs a step on a file or folder that may be gone by then: the server and CLI commands share
 * DATA_DIR, and what they create for a moment (a probe, a journal, a blob's temporary file) can
 * go between this process listing it and changing it. Gone, it needs nothing.
 */
function unlessGone(step: () => void): void {
  try {
    step();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/**
 * Makes what is already in DATA_DIR readable by its owner only (an install from before this rule,
 * or files copied in), without following links out of it.
 */
function makePrivate(dir: string): void {
  chmodSync(dir, PRIVATE_DIR);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) unlessGone(() => makePrivate(full));
    else if (entry.isFile()) unlessGone(() => chmodSync(full, PRIVATE_FILE));
  }
}

/**
 * Creates DATA_DIR when missing, readable by its owner only, and proves a file can be written
 * there, before anything relies on it. From here on everything the process creates is owner-only
 * too (umask 077): the SQLite database and its journal, blobs, the dev mailbox, key files.
 */
export function ensureDataDir(dataDir: string): void {
  process.umask(0o077);
  const probe = path.join(dataDir, `.write-check-${randomBytes(4).toString("hex")}`);
  try {
    mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
    makePrivate(dataDir);
    writeFileSync(probe, "");
    rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StartupError(
      `DATA_DIR ${dataDir} is not a writable folder (${code}); set DATA_DIR to a folder Kinfile may create and write to.`,
    );
  }
}

const EXPLAINED = [ConfigError, StartupError, DatabaseOpenError, MigrationError];

/**
 * One line for the terminal: our own errors already say what to do; anything else is named as
 * unexpected with its message, never a stack trace.
 */
export function describeStartupError(error: unknown): string {
  if (EXPLAINED.some((type) => error instanceof type)) return (error as Error).message;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const detail = code && !message.includes(code) ? `${code}: ${message}` : message;
  return `could not start (${detail.replace(/\s+/g, " ").trim()}).`;
}
