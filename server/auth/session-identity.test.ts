import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { signSessionToken } from "./session-cookie.ts";
import { createSessionIdentity, type SessionRecord } from "./session-identity.ts";

const SECRET = "a-test-secret-of-at-least-32-characters!";
const COOKIE = "better-auth.session_token";

function requestWith(cookie: string): FastifyRequest {
  return { headers: { cookie } } as FastifyRequest;
}

function setup(records: Record<string, SessionRecord>) {
  let now = 1_000_000;
  const lookups: string[] = [];
  const sessions = createSessionIdentity({
    secret: SECRET,
    cookieName: COOKIE,
    billing: "off",
    clock: () => now,
    load: async (token) => {
      lookups.push(token);
      return records[token];
    },
  });
  const cookieFor = (token: string) => `theme=dark; ${COOKIE}=${signSessionToken(token, SECRET)}`;
  return { sessions, lookups, cookieFor, advance: (ms: number) => (now += ms), now: () => now };
}

const record = (overrides: Partial<SessionRecord> = {}): SessionRecord => ({
  userId: "u1",
  name: "Ada",
  expiresAt: 1_000_000 + 3_600_000,
  createdAt: 1_000_000,
  emailVerified: true,
  role: "user",
  banned: false,
  banExpires: null,
  lang: "fr",
  subscriberUntil: null,
  b2bUntil: null,
  companyAdmin: false,
  ...overrides,
});

describe("the session fast path", () => {
  it("resolves a signed cookie once from the database, then from memory", async () => {
    const { sessions, lookups, cookieFor } = setup({ tok: record() });
    const request = requestWith(cookieFor("tok"));
    expect(await sessions.identity.actor(request)).toEqual({
      userId: "u1",
      roles: ["subscriber"],
      language: "fr",
      name: "Ada",
    });
    await sessions.identity.actor(request);
    await sessions.identity.actor(request);
    expect(lookups).toEqual(["tok"]);
  });

  it("refuses a forged or tampered signature without asking the database", async () => {
    const { sessions, lookups, cookieFor } = setup({ tok: record() });
    const signed = cookieFor("tok");
    const tampered = signed.replace(/.{6}$/, "AAAA%3D");
    expect(await sessions.identity.actor(requestWith(tampered))).toBeNull();
    expect(await sessions.identity.actor(requestWith(`${COOKIE}=tok.${"A".repeat(43)}=`))).toBeNull();
    expect(await sessions.identity.actor(requestWith(`${COOKIE}=tok`))).toBeNull();
    expect(await sessions.identity.actor(requestWith(`${COOKIE}=%E0%A4%A`))).toBeNull();
    expect(await sessions.identity.actor(requestWith("other=1"))).toBeNull();
    expect(lookups).toEqual([]);
  });

  it("asks again after 10 seconds, never trusts a session past its expiry, and forgets on revocation", async () => {
    const records = { tok: record({ expiresAt: 1_000_000 + 15_000 }) };
    const { sessions, lookups, cookieFor, advance } = setup(records);
    const request = requestWith(cookieFor("tok"));
    await sessions.identity.actor(request);
    advance(10_001);
    expect(await sessions.identity.actor(request)).not.toBeNull();
    expect(lookups).toHaveLength(2);
    advance(5_000);
    expect(await sessions.identity.actor(request)).toBeNull();
    expect(lookups).toHaveLength(3);

    const other = setup({ tok: record() });
    const otherRequest = requestWith(other.cookieFor("tok"));
    await other.sessions.identity.actor(otherRequest);
    other.sessions.forgetUser("u1");
    await other.sessions.identity.actor(otherRequest);
    other.sessions.forgetToken("tok");
    await other.sessions.identity.actor(otherRequest);
    expect(other.lookups).toHaveLength(3);
  });

  it("does not resolve a banned account's session until the ban ends", async () => {
    const banned = setup({ tok: record({ banned: true, banExpires: null }) });
    expect(await banned.sessions.identity.actor(requestWith(banned.cookieFor("tok")))).toBeNull();
    const timed = setup({ tok: record({ banned: true, banExpires: 1_000_000 + 60_000 }) });
    const request = requestWith(timed.cookieFor("tok"));
    expect(await timed.sessions.identity.actor(request)).toBeNull();
    timed.advance(60_001);
    expect(await timed.sessions.identity.actor(request)).not.toBeNull();
  });

  it("derives roles: subscriber once verified (until billing), admin from better-auth's role", async () => {
    const { sessions, cookieFor } = setup({
      a: record({ emailVerified: false }),
      b: record({ role: "user,admin", lang: null }),
    });
    expect((await sessions.identity.actor(requestWith(cookieFor("a"))))?.roles).toEqual([]);
    expect(await sessions.identity.actor(requestWith(cookieFor("b")))).toEqual({
      userId: "u1",
      roles: ["subscriber", "platformAdmin"],
      language: "en",
      name: "Ada",
    });
  });

  it("does not cache what a lookup read while the session was being revoked", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const lookups: string[] = [];
    const sessions = createSessionIdentity({
      secret: SECRET,
      cookieName: COOKIE,
      billing: "off",
      load: async (token) => {
        lookups.push(token);
        if (lookups.length === 1) await gate;
        return record();
      },
    });
    const request = requestWith(`${COOKIE}=${signSessionToken("tok", SECRET)}`);
    const pending = sessions.identity.actor(request);
    sessions.forgetToken("tok");
    release();
    await pending;
    await sessions.identity.actor(request);
    expect(lookups).toHaveLength(2);
  });
});
