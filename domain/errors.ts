/**
 * The one table of error codes and their HTTP statuses. The app parses every error response by its
 * code; errors.json holds each code's message in every language.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  invalid_signature: 400,
  unauthenticated: 401,
  forbidden: 403,
  /** A secret-bearing action asked the account password again, and it was not confirmed in the last minutes. */
  password_not_confirmed: 403,
  /** A company invitation's code typed by an account whose verified email is not the invitation's. */
  invitation_other_address: 403,
  not_found: 404,
  conflict: 409,
  /** A save naming (If-Match) a version of the record that another save has replaced since. */
  edit_conflict: 409,
  address_in_use: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal_error: 500,
  /** Stored data that cannot be decrypted: a damaged file, or data under a master key this server lacks. */
  unreadable: 500,
  provider_unavailable: 502,
  /** The database cannot be reached for now; nothing was saved, and the request may be tried again. */
  service_unavailable: 503,
  /** The server's disk is full: nothing was saved. */
  storage_full: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The body of every error response. */
export type ErrorBody = {
  error: {
    code: ErrorCode;
    message: string;
    /** Field path (dotted, as in the request) -> translated problem. */
    fields?: Record<string, string>;
    /** Facts particular to the code, such as `usages` for address_in_use. */
    [detail: string]: unknown;
  };
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}

const CODE_BY_STATUS = new Map<number, ErrorCode>();
for (const [code, status] of Object.entries(ERROR_STATUS) as [ErrorCode, number][]) {
  if (!CODE_BY_STATUS.has(status)) CODE_BY_STATUS.set(status, code);
}

/** The table's first code with this status (a 4xx the table does not name is a bad_request, a 5xx internal). */
export function codeOfStatus(status: number): ErrorCode {
  return CODE_BY_STATUS.get(status) ?? (status >= 500 ? "internal_error" : "bad_request");
}
