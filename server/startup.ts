import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConfigError } from "./config.ts";
import { DatabaseOpenError } from "./db/database.ts";
import { MigrationError } from "./db/migrate.ts";

/** A reason the server cannot start, worded for the person starting it. */
export class StartupError extends Error {
  override name = "StartupError";
}

/** Creates DATA_DIR when missing and proves a file can be written there, before anything relies on it. */
export function ensureDataDir(dataDir: string): void {
  const probe = path.join(dataDir, `.write-check-${randomBytes(4).toString("hex")}`);
  try {
    mkdirSync(dataDir, { recursive: true });
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
