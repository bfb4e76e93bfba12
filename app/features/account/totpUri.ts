/** The shared secret of an otpauth:// URI (RFC 6238 key URI format), or null when it has none. */
export function secretFromTotpUri(uri: string): string | null {
  try {
    const secret = new URL(uri).searchParams.get("secret");
    return secret ? secret.toUpperCase() : null;
  } catch {
    return null;
  }
}

/** "JBSW Y3DP EHPK 3PXP": a key split in groups of four, easier to read and type. */
export function groupForReading(key: string, size = 4): string {
  return (key.match(new RegExp(`.{1,${size}}`, "g")) ?? []).join(" ");
}
