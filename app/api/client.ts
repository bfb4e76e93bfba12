import {
  type AnswerOf,
  type BodyOf,
  type Operation,
  operationPath,
  type ParamsOf,
  type QueryOf,
} from "../../domain/api/contract.ts";
import { etagVersion } from "../../domain/api/etag.ts";
import { saveBlob } from "../components/download.ts";
import { LOGIN_PATH, SIGNOUT_PATH, sessionEndedPath } from "../session/homeRoute.ts";
import { inOpenFile, openFile } from "./openFile.ts";

/** An error answered by the API, or a request that never got an answer (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Field name -> message, already translated by the server into the request's language. */
  readonly fields: Readonly<Record<string, string>>;
  /** From a 429's Retry-After header: how long to wait before trying again; null when not said. */
  readonly retryAfterSeconds: number | null;
  /** Facts particular to the code, sent beside it (e.g. `usages` of an address still in use). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string> = {},
    retryAfterSeconds: number | null = null,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
    this.details = details;
  }
}

/** Codes the app itself gives when the server's answer carries none. */
export const CLIENT_ERROR_CODES = {
  network: "network_error",
  unexpected: "unexpected_response",
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringEntries(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/**
 * The one reader of the server's error format `{ error: { code, message, fields } }`. Anything
 * else (a proxy's HTML page, an empty body) still becomes an ApiError, with code
 * `unexpected_response` and the message given by the caller.
 */
export function parseApiError(
  status: number,
  body: unknown,
  fallbackMessage = "",
  retryAfterSeconds: number | null = null,
): ApiError {
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error) || typeof error.code !== "string") {
    return new ApiError(status, CLIENT_ERROR_CODES.unexpected, fallbackMessage, {}, retryAfterSeconds);
  }
  const message = typeof error.message === "string" ? error.message : fallbackMessage;
  const { code: _code, message: _message, fields, ...details } = error;
  return new ApiError(status, error.code, message, stringEntries(fields), retryAfterSeconds, details);
}

/** Retry-After is either whole seconds or an HTTP date (RFC 9110); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === "") return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export interface ApiClientContext {
  /** The UI language, sent as Accept-Language so server messages come back translated. */
  language: () => string;
  /** Called on a 401 outside the sign-in and sign-out pages. */
  onUnauthorized: () => void;
  /** Message for answers that carry no readable error, in the UI language. */
  fallbackMessage: () => string;
  /** Called on a 404 in an owner's file, with its error: the access may have ended (openFileGuard.ts checks). */
  onFileNotFound: (ownerId: string, error: ApiError) => void;
}

let context: ApiClientContext = {
  language: () => document.documentElement.lang || "en",
  onUnauthorized: () => window.location.assign(sessionEndedPath(window.location.pathname)),
  fallbackMessage: () => "",
  onFileNotFound: () => undefined,
};

/** Wires the client to the app: called once at start-up with the router and i18n instance. */
export function configureApiClient(next: Partial<ApiClientContext>): void {
  context = { ...context, ...next };
}

function isOnSessionPage(): boolean {
  const path = window.location.pathname;
  return path === LOGIN_PATH || path === SIGNOUT_PATH;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === "") return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface ApiFetchOptions {
  /**
   * False when the caller answers a 401 itself: the route guard sends a visitor without a session
   * straight to sign-in, and the sign-in callback shows its own message.
   */
  redirectOnUnauthorized?: boolean;
}

/**
 * Sends a request to the API on the same origin with the session cookie: the answer when it is a
 * 2xx, an ApiError otherwise (a 401 also ends the session, spec section 4).
 */
async function send(ownPath: string, init: RequestInit, redirectOnUnauthorized: boolean): Promise<Response> {
  // The one place a collaborator's calls go to the owner's file.
  const path = inOpenFile(ownPath);
  const headers = new Headers(init.headers);
  headers.set("Accept-Language", context.language());
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  if (typeof init.body === "string" && !headers.has("Content-Type")) {
    headers.set("Content-Type", "application/json");
  }

  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, credentials: "same-origin" });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(0, CLIENT_ERROR_CODES.network, context.fallbackMessage());
  }
  if (response.ok) return response;

  const body = await readBody(response);
  if (response.status === 401 && redirectOnUnauthorized && !isOnSessionPage()) context.onUnauthorized();
  const error = parseApiError(
    response.status,
    body,
    context.fallbackMessage(),
    parseRetryAfter(response.headers.get("Retry-After")),
  );
  const file = openFile();
  if (response.status === 404 && file !== null && path.startsWith("/api/files/"))
    context.onFileNotFound(file.ownerId, error);
  throw error;
}

/** An operation's request: each part it declares, and only those. */
export type CallRequest<O> = (ParamsOf<O> extends undefined ? { params?: never } : { params: ParamsOf<O> }) &
  (QueryOf<O> extends undefined ? { query?: never } : { query?: QueryOf<O> }) &
  (BodyOf<O> extends undefined ? { body?: never } : { body: BodyOf<O> }) & {
    /** A multipart upload's parts, for an operation that declares no JSON body. */
    form?: FormData;
    /** Headers of the call's own (a signed link's bearer). */
    headers?: Record<string, string>;
    signal?: AbortSignal;
  } & ApiFetchOptions;

type CallArgs<O> = object extends CallRequest<O> ? [request?: CallRequest<O>] : [request: CallRequest<O>];

/** `?a=1&b=x`, leaving out what is undefined; empty when nothing is left. */
function queryString(query: object | undefined): string {
  if (query === undefined) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text === "" ? "" : `?${text}`;
}

/** An operation's URL, its parameters and query filled in (a link or a download). */
export function operationUrl<O extends Operation>(
  operation: O,
  request: { params?: ParamsOf<O>; query?: QueryOf<O> } = {},
): string {
  const params = request.params as Record<string, string | number> | undefined;
  return `${inOpenFile(operationPath(operation.path, params))}${queryString(request.query as object | undefined)}`;
}

/**
 * The one typed client: calls an operation of `domain/api` with the parts it declares and resolves
 * with its declared answer. Rejects with an ApiError for an answer other than a 2xx; a 401 also
 * ends the session (spec section 4) unless the caller answers it itself.
 */
export async function callApi<O extends Operation>(
  operation: O,
  ...[request]: CallArgs<O>
): Promise<AnswerOf<O>> {
  return (await readBody(await sendOperation(operation, request))) as AnswerOf<O>;
}

/**
 * callApi for an operation whose ETag answers the row's version (domain/api/versions.ts): the
 * answer and that version, which the next save of the row names in If-Match.
 */
export async function callVersionedApi<O extends Operation>(
  operation: O,
  ...[request]: CallArgs<O>
): Promise<{ answer: AnswerOf<O>; version: number }> {
  const response = await sendOperation(operation, request);
  const version = etagVersion(response.headers.get("ETag"));
  if (version === null) {
    throw new ApiError(response.status, CLIENT_ERROR_CODES.unexpected, context.fallbackMessage());
  }
  return { answer: (await readBody(response)) as AnswerOf<O>, version };
}

function sendOperation(operation: Operation, request: object | undefined): Promise<Response> {
  const {
    body,
    form,
    headers,
    signal,
    redirectOnUnauthorized = true,
  } = (request ?? {}) as CallRequest<Operation>;
  const init: RequestInit = { method: operation.method };
  if (headers !== undefined) init.headers = headers;
  if (body !== undefined) init.body = JSON.stringify(body);
  if (form !== undefined) init.body = form;
  if (signal !== undefined) init.signal = signal;
  return send(operationUrl(operation, request ?? {}), init, redirectOnUnauthorized);
}

/**
 * The answer of a 2xx itself, for a caller that reads its body as it arrives (the emergency
 * binder's progress); rejects like callApi.
 */
export function apiResponse(path: string, init: RequestInit = {}): Promise<Response> {
  return send(path, init, true);
}

/** The file name a download's Content-Disposition gives, else `fallback`. */
function attachmentName(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallback;
}

/**
 * Downloads a file the API answers (a CSV, a .vcf) as the browser's download, its bytes as sent
 * (a CSV's byte-order mark included) and its name from Content-Disposition; rejects like callApi.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const response = await send(path, { headers: { Accept: "*/*" } }, true);
  saveBlob(attachmentName(response.headers.get("content-disposition"), fallbackName), await response.blob());
}
