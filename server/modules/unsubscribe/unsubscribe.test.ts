import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authBoolean } from "../../auth/auth-values.ts";
import { createSignedInUser, request, type TestUser } from "../../testing/identity.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { createUnsubscribeLinks, type UnsubscribeLinks } from "./unsubscribe-links.ts";

const PUBLIC_URL = "https://kinfile.example";

describe("unsubscribe links", () => {
  const links = createUnsubscribeLinks({
    publicUrl: PUBLIC_URL,
    secret: "a-secret-of-enough-length-0123456789",
  });

  it("point at the /unsubscribe page with the account and a signature", () => {
    const url = new URL(links.unsubscribeLink("account-1"));
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/unsubscribe`);
    expect(url.searchParams.get("accountId")).toBe("account-1");
    expect(url.searchParams.get("sig")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.isValid("account-1", url.searchParams.get("sig"))).toBe(true);
  });

  it("give mail the RFC 8058 one-click headers for the signed endpoint", () => {
    const headers = links.listUnsubscribeHeaders("account-1");
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const target = /^<(.+)>$/.exec(headers["List-Unsubscribe"] ?? "")?.[1] ?? "";
    const url = new URL(target);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/api/sbs/webhook/unsubscribe`);
    expect(links.isValid(url.searchParams.get("accountId"), url.searchParams.get("sig"))).toBe(true);
  });

  it("refuse a signature for another account, from another secret, or spelled otherwise", () => {
    const sig = new URL(links.unsubscribeLink("account-1")).searchParams.get("sig") ?? "";
    expect(links.isValid("account-2", sig)).toBe(false);
    const other = createUnsubscribeLinks({
      publicUrl: PUBLIC_URL,
      secret: "another-secret-of-enough-length-987",
    });
    expect(
      links.isValid("account-1", new URL(other.unsubscribeLink("account-1")).searchParams.get("sig")),
    ).toBe(false);
    expect(links.isValid("account-1", `${sig}=`)).toBe(false);
    expect(links.isValid("account-1", sig.slice(0, -1))).toBe(false);
    expect(links.isValid("account-1", undefined)).toBe(false);
    expect(links.isValid(undefined, sig)).toBe(false);
    expect(links.isValid("account-1", [sig])).toBe(false);
  });
});

describe.each(testDialects())("unsubscribe endpoint on %s", (dialect) => {
  let test: TestApp;
  let links: UnsubscribeLinks;

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    links = createUnsubscribeLinks({ publicUrl: test.config.publicUrl, secret: test.auth.secret });
  });
  afterAll(() => test.close());

  async function notificationsOn(user: TestUser): Promise<boolean> {
    const row = await test.database.db
      .selectFrom("user")
      .select(["emailNotifications"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    return row.emailNotifications === null || authBoolean(row.emailNotifications);
  }

  type LinkQuery = { accountId?: string; sig?: string };

  function endpoint(query: LinkQuery): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
    return `/api/sbs/webhook/unsubscribe?${params.toString()}`;
  }

  function signed(link: string): { accountId: string; sig: string } {
    const url = new URL(link);
    return { accountId: url.searchParams.get("accountId") ?? "", sig: url.searchParams.get("sig") ?? "" };
  }

  it("turns notification mail off for the account of a signed link", async () => {
    const user = await createSignedInUser(test);
    expect(await notificationsOn(user)).toBe(true);
    const response = await request(test, {
      method: "GET",
      url: endpoint(signed(links.unsubscribeLink(user.id))),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(await notificationsOn(user)).toBe(false);
    // Following the link again changes nothing and still answers true.
    const again = await request(test, {
      method: "GET",
      url: endpoint(signed(links.unsubscribeLink(user.id))),
    });
    expect(again.json()).toBe(true);
  });

  it("refuses an unsigned, tampered or borrowed link with a translated 400 and unsubscribes no one", async () => {
    const user = await createSignedInUser(test);
    const other = await createSignedInUser(test);
    const { sig } = signed(links.unsubscribeLink(user.id));
    const flipped = `${sig.slice(0, 10)}${sig[10] === "A" ? "B" : "A"}${sig.slice(11)}`;
    const attempts: LinkQuery[] = [
      { accountId: user.id },
      { accountId: user.id, sig: "" },
      { accountId: user.id, sig: flipped },
      { accountId: user.id, sig: signed(links.unsubscribeLink(other.id)).sig },
      { sig },
      {},
    ];
    for (const query of attempts) {
      const response = await request(test, { method: "GET", url: endpoint(query) });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().error.code).toBe("invalid_signature");
    }
    const french = await request(test, {
      method: "GET",
      url: endpoint({ accountId: user.id, sig: flipped }),
      headers: { "accept-language": "fr" },
    });
    expect(french.json().error.message).toMatch(/^Ce lien n’est pas valide/);
    const english = await request(test, {
      method: "GET",
      url: endpoint({ accountId: user.id, sig: flipped }),
    });
    expect(english.json().error.message).toMatch(/^This link is not valid/);
    expect(await notificationsOn(user)).toBe(true);
    expect(await notificationsOn(other)).toBe(true);
  });

  it("answers an unknown account exactly like a bad signature", async () => {
    const unknown = await request(test, {
      method: "GET",
      url: endpoint(signed(links.unsubscribeLink(randomUUID()))),
    });
    const user = await createSignedInUser(test);
    const tampered = await request(test, {
      method: "GET",
      url: endpoint({ accountId: user.id, sig: "x".repeat(43) }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(tampered.json());
  });

  it("accepts the RFC 8058 one-click POST, form-encoded or multipart", async () => {
    const user = await createSignedInUser(test);
    const target = new URL(
      /^<(.+)>$/.exec(links.listUnsubscribeHeaders(user.id)["List-Unsubscribe"] ?? "")?.[1] ?? "",
    );
    const response = await request(test, {
      method: "POST",
      url: `${target.pathname}${target.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);
    expect(await notificationsOn(user)).toBe(false);

    const second = await createSignedInUser(test);
    const boundary = "----kinfile-test";
    const multipart = await request(test, {
      method: "POST",
      url: endpoint(signed(links.unsubscribeLink(second.id))),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect(await notificationsOn(second)).toBe(false);
  });

  it("refuses a one-click POST with a bad signature or without the one-click field", async () => {
    const user = await createSignedInUser(test);
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const tampered = await request(test, {
      method: "POST",
      url: endpoint({ accountId: user.id, sig: "x".repeat(43) }),
      headers: form,
      payload: "List-Unsubscribe=One-Click",
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe("invalid_signature");
    const noField = await request(test, {
      method: "POST",
      url: endpoint(signed(links.unsubscribeLink(user.id))),
      headers: form,
      payload: "List-Unsubscribe=Something-Else",
    });
    expect(noField.statusCode).toBe(400);
    expect(await notificationsOn(user)).toBe(true);
  });

  it("declares its routes anonymous: the signature is the credential", () => {
    const routes = test.app.routeAccess.filter((route) => route.url === "/api/sbs/webhook/unsubscribe");
    expect(routes.map((route) => `${route.method} ${route.access}`).sort()).toEqual([
      "GET anonymous",
      "HEAD anonymous",
      "POST anonymous",
    ]);
  });
});
