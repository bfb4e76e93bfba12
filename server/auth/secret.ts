import { randomBytes } from "node:crypto";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config.ts";

export const SECRET_FILE = "auth-secret";

export type SecretLogger = { warn(message: string): void };

/**
 * AUTH_SECRET when set; otherwise the secret kept in DATA_DIR/auth-secret, created once with 32
 * random bytes and mode 0600. Losing that file signs everyone out and voids every emailed link, so
 * its creation is logged (never its value) with a reminder to back it up.
 */
export function resolveAuthSecret(config: Config, logger: SecretLogger): string {
  if (config.authSecret !== undefined) return config.authSecret;
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    return readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("base64url");
  // "wx" fails when another process created the file meanwhile; read the winner's secret then.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
  chmodSync(file, 0o600);
  logger.warn(
    `generated the session signing secret in ${file}; back it up with the database, or set AUTH_SECRET (losing it signs every user out).`,
  );
  return secret;
}
