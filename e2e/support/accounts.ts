/**
 * Accounts for browser journeys, made through the real API as a person would (sign up, the
 * emailed link from the dev mailbox, sign in), with the cookies landing in the browser context.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import type { APIRequestContext, BrowserContext } from "playwright-core";
import { expect } from "vitest";

export const E2E_PASSWORD = "quiet lantern harbour 42";

export type E2eAccount = { email: string; password: string; name: string };

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

export type Mail = { id: string; to: string; subject: string; date: number; text: string; html: string };

/** Where an account's mail is read: the dev mailbox by default, or a real SMTP server's (the bundle smoke suite). */
export type Mailbox = (request: APIRequestContext, to: string) => Promise<Mail>;

/** Waits for mail to an address (the job runner delivers within about a second) and returns the newest. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  matches: (mail: Mail) => boolean = () => true,
): Promise<Mail> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    const found = ((await response.json()) as Mail[]).find(matches);
    if (found) return found;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`no mail to ${to} within 15 s`);
}

/** The first link of a mail's text part that contains `part`. */
export function linkIn(mail: Mail, part: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(part));
  if (!link) throw new Error(`no link with ${part} in "${mail.subject}"`);
  return link;
}

/**
 * POSTs as a signed-in context, from the app's origin, and answers the new row's id (some saves
 * answer the id, others the saved row); anything but 200 fails, naming the URL and the answer.
 */
export async function createdId(
  request: APIRequestContext,
  baseURL: string,
  url: string,
  data: object,
): Promise<string> {
  const answer = await request.post(url, { headers: { origin: baseURL }, data });
  expect(answer.status(), `${url}: ${await answer.text()}`).toBe(200);
  const body = await answer.json();
  return typeof body === "string" ? body : body.id;
}

/**
 * Registers and verifies an account through the API (in `lang`, English unless said), then signs
 * the browser context (or a bare API client's `{ request }`) in.
 */
export async function signedInAccount(
  context: Pick<BrowserContext, "request">,
  baseURL: string,
  options: { name?: string; skipGuide?: boolean; lang?: "en" | "fr"; mailbox?: Mailbox } = {},
): Promise<E2eAccount> {
  const account = {
    email: uniqueEmail("e2e"),
    password: E2E_PASSWORD,
    name: options.name ?? "Robin Tremblay",
  };
  const headers = { origin: baseURL };
  const signUp = await context.request.post("/api/auth/sign-up/email", {
    headers,
    data: { name: account.name, email: account.email, password: account.password, lang: options.lang },
  });
  expect(signUp.status()).toBe(200);
  const mail = await (options.mailbox ?? waitForMail)(context.request, account.email);
  // What the mailed link's page calls once its button is pressed (app/features/verify/ConfirmEmailPage.tsx).
  const { search } = new URL(linkIn(mail, "verify-email"));
  const verified = await context.request.get(`/api/auth/verify-email${search}`, { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  const signIn = await context.request.post("/api/auth/sign-in/email", {
    headers,
    data: { email: account.email, password: account.password },
  });
  expect(signIn.status()).toBe(200);
  if (options.skipGuide !== false) {
    const seen = await context.request.post("/api/account/splash?show=false", { headers });
    expect(seen.status()).toBe(200);
  }
  return account;
}

/**
 * A platform admin, made as an operator does (`npm run kinfile -- user:create --admin`) on the
 * server's data directory, then signed in with `request` (a browser context's, or a bare API
 * client). Staff, not buyers: neither the
 * guide nor the phone's subscribe pop-up.
 */
export async function signedInPlatformAdmin(
  request: APIRequestContext,
  baseURL: string,
  dataDir: string,
  name = "Root Admin",
): Promise<E2eAccount> {
  const account = { email: uniqueEmail("admin"), password: E2E_PASSWORD, name };
  const created = spawnSync(
    process.execPath,
    [
      "server/cli.ts",
      "user:create",
      "--email",
      account.email,
      "--password",
      E2E_PASSWORD,
      "--name",
      name,
      "--admin",
    ],
    {
      cwd: resolve(import.meta.dirname, "../.."),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
    },
  );
  expect(created.status, created.stderr).toBe(0);
  const headers = { origin: baseURL };
  const signIn = await request.post("/api/auth/sign-in/email", {
    headers,
    data: { email: account.email, password: E2E_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  for (const splash of ["splash", "splashmobile"]) {
    const seen = await request.post(`/api/account/${splash}?show=false`, { headers });
    expect(seen.status()).toBe(200);
  }
  return account;
}
