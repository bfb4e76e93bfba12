import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { devMailboxRoutes } from "./dev-mailbox.ts";
import { mailTemplates } from "./templates/index.ts";
import { createMailTransport } from "./transport.ts";

const LINK = "https://kinfile.example/verify?token=abc&next=%2F";

/** A server that reads and answers with the contracts' schemas, as the app's does. */
function mailboxServer(): FastifyInstance {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

describe("dev mailbox", () => {
  let dataDir: string;
  let app: FastifyInstance;
  const ids: string[] = [];
  const routes: { url: string; access: unknown }[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "kinfile-mailbox-"));
    const transport = createMailTransport({ dataDir });
    const verify = mailTemplates.verifyEmail({ url: LINK, expiresInMinutes: 60 }, "en");
    const hostile = {
      subject: "Héllo <b>there</b>",
      text: "Plain text",
      html: `<p>Hi</p><script>alert("mailbox")</script><img src=x onerror="alert(1)">`,
    };
    // Stored names carry the millisecond: a second apart, "newest first" is meaningful.
    let sentAt = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      for (const [to, mail] of [
        ["ada@example.com", verify],
        ["bob@example.com", hostile],
      ] as const) {
        vi.setSystemTime(sentAt);
        sentAt += 1_000;
        const id = randomUUID();
        await transport.send({ id, to, headers: {}, ...mail });
        ids.push(id);
      }
    } finally {
      vi.useRealTimers();
    }
    transport.close();
    app = mailboxServer();
    app.addHook("onRoute", (route) => {
      routes.push({ url: route.url, access: route.config?.access });
    });
    await app.register(devMailboxRoutes, { dataDir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("declares every route anonymous: it is only registered outside production", () => {
    expect([...new Set(routes.map((route) => route.url))].sort()).toEqual([
      "/api/dev/mailbox",
      "/dev/mailbox",
      "/dev/mailbox/:id",
    ]);
    expect(routes.every((route) => route.access === "anonymous")).toBe(true);
  });

  it("answers the mail sent to an address as JSON, so a browser test can follow its link", async () => {
    const response = await app.inject({ url: "/api/dev/mailbox?to=ADA@example.com" });
    expect(response.statusCode).toBe(200);
    const mails =
      response.json<
        { id: string; to: string; subject: string; date: number; text: string; html: string }[]
      >();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ to: "ada@example.com", subject: "Confirm your email address" });
    expect(mail?.id).toMatch(new RegExp(`^\\d+-${ids[0]}$`));
    expect(mail?.text).toContain(LINK);
    expect(mail?.html).toContain('<html lang="en"');
    expect(Math.abs((mail?.date ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it("lists every mail newest first, and none for an address that got nothing", async () => {
    const all = (await app.inject({ url: "/api/dev/mailbox" })).json<{ to: string }[]>();
    expect(all.map((mail) => mail.to)).toEqual(["bob@example.com", "ada@example.com"]);
    expect((await app.inject({ url: "/api/dev/mailbox?to=nobody@example.com" })).json()).toEqual([]);
  });

  it("shows the list as an accessible page in the reader's language", async () => {
    const response = await app.inject({
      url: "/dev/mailbox",
      headers: { "accept-language": "fr-CA,fr;q=0.9" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
    const html = response.body;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("<h1>Boîte de réception</h1>");
    expect(html).toContain('<th scope="col">Objet</th>');
    expect(html.indexOf("bob@example.com")).toBeLessThan(html.indexOf("ada@example.com"));
    expect(html).toContain("Héllo &lt;b&gt;there&lt;/b&gt;");
    expect(html).toMatch(new RegExp(`<a href="/dev/mailbox/\\d+-${ids[0]}">Confirm your email address</a>`));
  });

  it("shows one mail with its headers, its text with live links, and its HTML sandboxed", async () => {
    const [mail] = (await app.inject({ url: "/api/dev/mailbox?to=ada@example.com" })).json<
      { id: string }[]
    >();
    const response = await app.inject({ url: `/dev/mailbox/${mail?.id}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain("<h1>Confirm your email address</h1>");
    expect(html).toContain("<dd>Kinfile &lt;no-reply@localhost&gt;</dd>");
    expect(html).toContain(`<a href="${LINK.replace("&", "&amp;")}">`);
    expect(html).toMatch(
      /<iframe sandbox="" title="HTML version of the email" srcdoc="&lt;!doctype html&gt;/,
    );
    expect(html).toContain("<dt>Message-ID</dt>");
  });

  it("never lets a stored mail's script reach the page", async () => {
    const [mail] = (await app.inject({ url: "/api/dev/mailbox?to=bob@example.com" })).json<
      { id: string }[]
    >();
    const html = (await app.inject({ url: `/dev/mailbox/${mail?.id}` })).body;
    expect(html).not.toMatch(/<script|<img/i);
    // The subject header is stored encoded (it is not ASCII) and shown decoded.
    expect(html).toContain("<dt>Subject</dt><dd>Héllo &lt;b&gt;there&lt;/b&gt;</dd>");
    expect(html).toContain("&lt;script&gt;alert(&quot;mailbox&quot;)&lt;/script&gt;");
  });

  it("answers 404 for a mail that does not exist and for names that are not mail ids", async () => {
    for (const id of [`1-${randomUUID()}`, "..%2F..%2Fetc%2Fpasswd", "x"]) {
      const response = await app.inject({ url: `/dev/mailbox/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain("This email does not exist or was deleted.");
    }
  });
});

describe("dev mailbox without any mail", () => {
  it("says so", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "kinfile-mailbox-"));
    const app = mailboxServer();
    await app.register(devMailboxRoutes, { dataDir });
    try {
      expect((await app.inject({ url: "/dev/mailbox" })).body).toContain("<p>No email yet.</p>");
      expect((await app.inject({ url: "/api/dev/mailbox" })).json()).toEqual([]);
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
