import type { ErrorCode } from "../../domain/errors.ts";

export type AppErrorOptions = {
  /** A message key ("ns:key" or a key under errors.json "messages") replacing the code's message. */
  message?: string;
  /** Field path -> message key ("ns:key" or a key under errors.json "fields"), translated on the way out. */
  fields?: Record<string, string>;
  /** Values for {{placeholders}} in the messages. */
  params?: Record<string, unknown>;
  /** Extra facts for the caller, sent inside the error body (e.g. `usages` of an address still in use). */
  details?: Record<string, unknown>;
  cause?: unknown;
};

/**
 * What services throw when a request cannot be served as asked. The error handler turns it into
 * the error body with the code's status and the messages in the request's language.
 */
export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly messageKey: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly params: Record<string, unknown>;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? code, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.messageKey = options.message;
    this.fields = options.fields;
    this.params = options.params ?? {};
    this.details = options.details;
  }
}
