import { vi } from "vitest";
import type { Account } from "../../domain/schemas/account.ts";

/** One stubbed answer: status, JSON body and extra headers. */
export type StubAnswer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = StubAnswer | ((body: unknown) => StubAnswer);

/**
 * Replaces `fetch` with a table of answers keyed "METHOD /path" (query ignored); anything else
 * answers 404 in the server's error format. Returns the mock, to read what was sent.
 */
export function stubApi(routes: Record<string, Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" && init.body !== "" ? JSON.parse(init.body) : undefined;
    const handler = routes[`${method} ${url.pathname}`];
    const answer: StubAnswer =
      handler === undefined
        ? { status: 404, body: { error: { code: "not_found", message: "Not found" } } }
        : typeof handler === "function"
          ? handler(body)
          : handler;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "Content-Type": "application/json", ...answer.headers },
    });
  });
  vi.stubGlobal("fetch", mock);
  return mock;
}

/** The JSON bodies sent to one "METHOD /path". */
export function sentBodies(mock: ReturnType<typeof stubApi>, route: string): unknown[] {
  return mock.mock.calls
    .filter(
      ([input, init]) =>
        `${(init?.method ?? "GET").toUpperCase()} ${new URL(String(input), "http://localhost").pathname}` ===
        route,
    )
    .map(([, init]) =>
      typeof init?.body === "string" && init.body !== "" ? JSON.parse(init.body) : undefined,
    );
}

/**
 * A save route whose first call is refused because the row was saved since (409 edit_conflict with
 * `current` at `version`), and whose next calls answer `saved`.
 */
export function conflictThenSaved(
  current: object,
  version: number,
  saved: (body: unknown) => StubAnswer,
): (body: unknown) => StubAnswer {
  let saves = 0;
  return (body) => {
    saves += 1;
    if (saves > 1) return saved(body);
    const message = "Someone saved this record after you opened it.";
    return { status: 409, body: { error: { code: "edit_conflict", message, current, version, sent: {} } } };
  };
}

/** The If-Match each call of `method` sent, in order (null when none). */
export function ifMatchesSent(mock: ReturnType<typeof stubApi>, method: string): (string | null)[] {
  return mock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([, init]) => new Headers(init?.headers).get("If-Match"));
}

/** A signed-in account as GET /api/account/account answers it. */
export function testAccount(overrides: Partial<Account> = {}): Account {
  return {
    id: "7c1d0f4e-0000-4000-8000-000000000001",
    name: "Ada Lovelace",
    login: "ada@example.com",
    email: "ada@example.com",
    emailVerified: true,
    lang: "en",
    themeColor: "blue",
    themeMode: "system",
    roles: ["subscriber"],
    showSplashScreen: false,
    showMobileSplashScreen: false,
    twoFactorEnabled: false,
    hasPassword: true,
    providers: ["credential"],
    createdAt: 0,
    ...overrides,
  };
}

export const UNAUTHENTICATED: StubAnswer = {
  status: 401,
  body: { error: { code: "unauthenticated", message: "Please sign in to continue." } },
};
