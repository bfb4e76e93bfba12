/*
 * A row's version as HTTP carries it (versions.ts has the schemas): apart from them, so that the
 * app's API client reads an ETag without loading the schema library at start.
 */

/** A row's ETag: its version, quoted (RFC 9110 entity tag). */
export function versionEtag(version: number): string {
  return `"${version}"`;
}

/** The version an ETag answers; null when it names none. */
export function etagVersion(etag: string | null): number | null {
  return etag !== null && /^"\d{1,15}"$/.test(etag) ? Number(etag.slice(1, -1)) : null;
}

/** The version an If-Match names; null for `*` or none. */
export function ifMatchVersion(header: string | undefined): number | null {
  if (header === undefined || header === "*") return null;
  return Number(header.slice(1, -1));
}
