import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { TestApp } from "./test-app.ts";

/**
 * Signing up and in through the real /api/auth endpoints, for API tests of any module built with
 * buildTestApp(dialect, { auth: true }).
 */

export type TestUser = { email: string; password: string; name: string; cookie: string; id: string };

/** Browsers send Origin on every POST; better-auth checks it against PUBLIC_URL. */
export function browserHeaders(test: TestApp, extra: Record<string, string> = {}): Record<string, string> {
  return {
    origin: test.config.publicUrl,
    "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
    ...extra,
  };
}

export function post(test: TestApp, url: string, payload: object, headers: Record<string, string> = {}) {
  return test.app.inject({ method: "POST", url, payload, headers: browserHeaders(test, headers) });
}

export function request(test: TestApp, options: InjectOptions & { cookie?: string }) {
  const { cookie, headers, ...rest } = options;
  return test.app.inject({
    ...rest,
    headers: {
      ...browserHeaders(test),
      ...(cookie ? { cookie } : {}),
      ...(headers as Record<string, string>),
    },
  });
}

/** The calls `user` makes to the app as a signed-in browser does; `null` for no one signed in. */
export function callsAs(test: TestApp, user: TestUser | null) {
  const cookie = user === null ? {} : { cookie: user.cookie };
  return {
    get: (url: string, headers: Record<string, string> = {}) =>
      request(test, { method: "GET", url, headers, ...cookie }),
    post: (url: string, payload: object = {}) => request(test, { method: "POST", url, payload, ...cookie }),
    put: (url: string, payload: object) => request(test, { method: "PUT", url, payload, ...cookie }),
    delete: (url: string) => request(test, { method: "DELETE", url, ...cookie }),
  };
}

/** "name=value; name2=value2" for the cookies a response sets (and does not clear). */
export function cookiesOf(response: LightMyRequestResponse): string {
  return [response.headers["set-cookie"] ?? []]
    .flat()
    .map((cookie) => cookie.split(";", 1)[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

export type StoredMailRow = {
  to: string;
  template: string;
  subject: string;
  text: string;
  createdAt: number;
};

/** Mail queued for an address, oldest first (the test app stores mail and never sends it). */
export async function mailsTo(test: TestApp, email: string): Promise<StoredMailRow[]> {
  const rows = await test.database.db
    .selectFrom("mail_outbox")
    .select(["to_address", "template", "subject", "text_body", "created_at"])
    .where("to_address", "=", email)
    .orderBy("created_at", "asc")
    .execute();
  return rows.map((row) => ({
    to: row.to_address,
    template: row.template,
    subject: row.subject,
    text: row.text_body,
    createdAt: row.created_at,
  }));
}

/** The first link to this server in a mail's text. */
export function linkIn(test: TestApp, text: string): string {
  const escaped = test.config.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}\\S+`).exec(text);
  if (match === null) throw new Error(`no link to ${test.config.publicUrl} in: ${text}`);
  return match[0];
}

/**
 * What the mailed address link's page calls once its button is pressed
 * (app/features/verify/ConfirmEmailPage.tsx): better-auth's verification, with the link's query.
 */
export function verifyEndpointOf(link: string): string {
  return `/api/auth/verify-email${new URL(link).search}`;
}

/** The path and query of an absolute link to this server, for app.inject. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Date.now().toString(36)}@example.com`;
}

export const TEST_PASSWORD = "correct horse battery staple";

/** Signs up, follows the verification link, signs in: a ready account and its cookie. */
export async function createSignedInUser(
  test: TestApp,
  options: { email?: string; password?: string; name?: string; lang?: "en" | "fr" } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? TEST_PASSWORD;
  const name = options.name ?? "Ada Lovelace";
  const signUp = await post(test, "/api/auth/sign-up/email", {
    email,
    password,
    name,
    ...(options.lang ? { lang: options.lang } : {}),
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const verification = (await mailsTo(test, email)).find((mail) => mail.template === "verifyEmail");
  if (verification === undefined) throw new Error(`no verification mail for ${email}`);
  const verified = await request(test, {
    method: "GET",
    url: verifyEndpointOf(linkIn(test, verification.text)),
  });
  if (verified.statusCode >= 400)
    throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  const signIn = await post(test, "/api/auth/sign-in/email", { email, password });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  // The session cookie alone: the known-browser cookie (server/auth/trusted-devices.ts) matters
  // only to the sign-in limits' own tests.
  const session = cookiesOf(signIn)
    .split("; ")
    .filter((cookie) => !cookie.startsWith("kinfile_device_"))
    .join("; ");
  return { email, password, name, cookie: session, id: signIn.json().user.id };
}
