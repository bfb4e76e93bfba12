/**
 * What ships, run as shipped: the bundle (dist/server.mjs, started as `npm start` starts it) in a
 * folder holding only a deployment (smoke/deployment.ts), in production mode, mailing through a
 * real SMTP server. Through HTTP it reaches every part the bundle loads on first use or reads from
 * disk: the app and its translations, the API docs, the mail library, the binder (pdfkit, its
 * fonts, pdf-lib) in English and French with and without the attached PDFs, the export ZIP and
 * its import, vCards, every CSV export, the company invitations' CSV, the photo worker, the WAL
 * checkpoint worker, the Stripe SDK against the local Stripe API, and PostgreSQL's driver when
 * TEST_DATABASE_URL is set. A module that fails to load answers 500 (or never starts) and fails here.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";
import { type APIRequestContext, request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSON_GROUPS } from "../domain/catalog/relationships.ts";
import { CATEGORIES } from "../domain/sections/index.ts";
import { createdId, type E2eAccount, signedInAccount, uniqueEmail } from "../e2e/support/accounts.ts";
import { type RunningServer, startServer } from "../e2e/support/server.ts";
import { SQLITE_FILE } from "../server/db/database.ts";
import { makePdf } from "../server/testing/document-files.ts";
import { readPdf } from "../server/testing/pdf-reading.ts";
import { dataUrl, jpegSizeOf, makeJpeg } from "../server/testing/person-photos.ts";
import { type SmtpTestServer, startSmtpServer } from "../server/testing/smtp-server.ts";
import { type StripeTestServer, startStripeServer } from "../server/testing/stripe-server.ts";
import { type Deployment, makeDeployment } from "./deployment.ts";
import { receivedMail, smtpMailbox } from "./smtp-mailbox.ts";

const repoRoot = resolve(import.meta.dirname, "..");
const WEBHOOK_SECRET = "whsec_kinfile_smoke";
const STATEMENT_TEXT = "Scanned bank statement";

let deployment: Deployment;
let smtp: SmtpTestServer;
const servers: RunningServer[] = [];
const clients: APIRequestContext[] = [];

/** The bundle of the deployment, in production, on a fresh data directory, mailing through `smtp`. */
async function deployed(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServer(
    { NODE_ENV: "production", LOG_LEVEL: "warn", SMTP_URL: smtp.url, ...env },
    { appDir: deployment.dir },
  );
  servers.push(server);
  return server;
}

/** A bare API client of `server` (cookies kept), with a verified account signed in. */
async function account(
  server: RunningServer,
  options: { name?: string; lang?: "en" | "fr" } = {},
): Promise<{ api: APIRequestContext; account: E2eAccount }> {
  const api = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { origin: server.url } });
  clients.push(api);
  return {
    api,
    account: await signedInAccount({ request: api }, server.url, { ...options, mailbox: smtpMailbox(smtp) }),
  };
}

async function body(api: APIRequestContext, url: string, contentType: string): Promise<Buffer> {
  const answer = await api.get(url);
  expect(answer.status(), `${url}: ${(await answer.body()).subarray(0, 300).toString()}`).toBe(200);
  expect(answer.headers()["content-type"]).toContain(contentType);
  return answer.body();
}

const pdfAt = async (api: APIRequestContext, url: string) => readPdf(await body(api, url, "application/pdf"));

/** Each line of a server's log at level error or fatal (pino's 50 and 60). */
function errorsLogged(server: RunningServer): string[] {
  return server
    .output()
    .split("\n")
    .filter((line) => /"level":(50|60)/.test(line));
}

beforeAll(async () => {
  [deployment, smtp] = await Promise.all([makeDeployment(), startSmtpServer()]);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await Promise.all(servers.map((server) => server.stop()));
  await smtp?.close();
  deployment?.remove();
});

describe("the deployment folder", () => {
  it("holds the build, the package files and the production dependencies only", () => {
    const entries = readdirSync(deployment.dir).sort();
    expect(entries).toEqual(["dist", "node_modules", "package-lock.json", "package.json"]);
    expect(existsSync(join(deployment.dir, "node_modules", "pdfkit"))).toBe(true);
    // A development dependency would hide a production one missing from package.json.
    const { packages } = JSON.parse(readFileSync(join(repoRoot, "package-lock.json"), "utf8")) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const devOnly = Object.keys(packages).filter((path) => packages[path]?.dev === true);
    expect(devOnly.length).toBeGreaterThan(0);
    expect(devOnly.filter((path) => existsSync(join(deployment.dir, path)))).toEqual([]);
  });
});

describe("the bundle on SQLite", () => {
  let server: RunningServer;
  let owner: { api: APIRequestContext; account: E2eAccount };
  let partnerId: string;

  beforeAll(async () => {
    server = await deployed();
    owner = await account(server);
  });

  it("serves the built app, its translations and the API documentation", async () => {
    const api = await request.newContext({ baseURL: server.url });
    clients.push(api);
    expect((await body(api, "/login", "text/html")).toString()).toContain("<html");
    const french = await body(api, "/locales/fr/errors.json", "application/json");
    expect(french.toString()).toBe(readFileSync(join(repoRoot, "public/locales/fr/errors.json"), "utf8"));
    expect((await body(api, "/api/docs", "text/html")).toString()).toContain("swagger");
    await body(api, "/api/docs/static/swagger-ui-bundle.js", "javascript");
    // A refusal in French: the server's own messages come from the shipped translations.
    const refused = await api.post("/api/auth/sign-in/email", {
      headers: { origin: server.url, "accept-language": "fr" },
      data: { email: uniqueEmail("nobody"), password: "not the password at all" },
    });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).error.message).not.toMatch(/^errors:/);
  });

  it("mailed the verification link over SMTP", async () => {
    const mails = await receivedMail(smtp);
    expect(mails.some((mail) => mail.to === owner.account.email && mail.text.includes("verify-email"))).toBe(
      true,
    );
  });

  it("stores a person's photo through the photo worker", async () => {
    partnerId = await createdId(owner.api, server.url, "/api/pn/person", {
      group: "partner",
      type: "spouse",
      // Three scripts: the binder must print them with its own font.
      mainDetails: {
        firstName: "Zoë Ελένη",
        lastName: "Иванова",
        imageSrc: dataUrl("image/jpeg", makeJpeg(600, 400)),
      },
    });
    const person = await (await owner.api.get(`/api/pn/person/partner/${partnerId}`)).json();
    expect(jpegSizeOf(person.mainDetails.imageSrc)).toEqual({ width: 512, height: 341 });
  });

  it("makes the binder in English, then with the attached PDF appended", async () => {
    const recordId = await createdId(owner.api, server.url, "/api/records/passwordvault/password", {
      accountNickname: "Northern Bank",
      password: "correct horse battery staple",
    });
    const documentId = await createdId(owner.api, server.url, "/api/documents", {
      module: "passwordvault",
      type: "password",
      assignedDocument: recordId,
    });
    const upload = await owner.api.post(`/api/documents/passwordvault/password/${documentId}/upload`, {
      multipart: {
        file: { name: "statement.pdf", mimeType: "application/pdf", buffer: makePdf(STATEMENT_TEXT) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);

    const plain = await pdfAt(owner.api, "/api/binder");
    expect(plain.pages[0]).toContain("Emergency binder");
    expect(plain.text).toContain("Zoë Ελένη");
    expect(plain.text).toContain("Иванова");
    expect(plain.text).toContain("Northern Bank");
    expect(plain.text).not.toContain(STATEMENT_TEXT);

    const withFiles = await pdfAt(owner.api, "/api/binder?files=true");
    expect(withFiles.pageCount).toBe(plain.pageCount + 1);
    expect(withFiles.pages.at(-1)).toContain(STATEMENT_TEXT);
  });

  it("makes the binder in French, with the attached PDF appended", async () => {
    const french = await account(server, { name: "Camille Roy", lang: "fr" });
    const recordId = await createdId(french.api, server.url, "/api/records/passwordvault/password", {
      accountNickname: "Banque du Nord",
      password: "cheval correct agrafe",
    });
    const documentId = await createdId(french.api, server.url, "/api/documents", {
      module: "passwordvault",
      type: "password",
      assignedDocument: recordId,
    });
    const upload = await french.api.post(`/api/documents/passwordvault/password/${documentId}/upload`, {
      multipart: {
        file: { name: "releve.pdf", mimeType: "application/pdf", buffer: makePdf(STATEMENT_TEXT) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const plain = await pdfAt(french.api, "/api/binder");
    expect(plain.pages[0]).toContain("Classeur d'urgence");
    expect(plain.text).toContain("Banque du Nord");
    const withFiles = await pdfAt(french.api, "/api/binder?files=true");
    expect(withFiles.pageCount).toBe(plain.pageCount + 1);
    expect(withFiles.pages.at(-1)).toContain(STATEMENT_TEXT);
  });

  it("exports the file as a ZIP that imports into a new empty account", async () => {
    const archive = await body(owner.api, "/api/export", "application/zip");
    const fresh = await account(server, { name: "Alex Fresh" });
    const imported = await fresh.api.post("/api/import", {
      multipart: { file: { name: "kinfile-export.zip", mimeType: "application/zip", buffer: archive } },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    expect(await imported.json()).toMatchObject({ records: 1, documents: 1, files: 1 });
    const records = await (await fresh.api.get("/api/records/passwordvault/password")).json();
    expect(JSON.stringify(records)).toContain("Northern Bank");
  });

  it("exports the persons as vCards that import into another account", async () => {
    const cards = (await body(owner.api, "/api/pn/person/vcard", "vcard")).toString();
    expect(cards).toContain("BEGIN:VCARD");
    expect(cards).toContain("Иванова");
    const other = await account(server, { name: "Jordan Other" });
    const imported = await other.api.post("/api/pn/person/vcard", {
      multipart: { file: { name: "contacts.vcf", mimeType: "text/vcard", buffer: Buffer.from(cards) } },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    const { created } = (await imported.json()) as { created: { name: string }[] };
    expect(created.map((person) => person.name).join("; ")).toContain("Иванова");
  });

  it("exports every list as CSV", async () => {
    const urls = [
      ...CATEGORIES.map((category) => `/api/records/${category.module}/${category.key}/csv`),
      ...PERSON_GROUPS.map((group) => `/api/pn/person/${group}/csv`),
      "/api/address/csv",
      "/api/institutions/csv",
    ];
    for (const url of urls) {
      const csv = (await body(owner.api, url, "text/csv")).toString();
      expect(csv.startsWith("\uFEFF"), url).toBe(true);
    }
    const vault = (await body(owner.api, "/api/records/passwordvault/password/csv", "text/csv")).toString();
    expect(vault).toContain("Northern Bank");
  });

  it("invites a company's staff from a CSV file, each by mail", async () => {
    const admin = await account(server, { name: "Morgan Boss" });
    const company = await admin.api.post("/api/b2b/company", {
      data: { name: "Smoke Works", email: admin.account.email },
    });
    expect(company.status(), await company.text()).toBe(200);
    const invitee = uniqueEmail("staff");
    const upload = await admin.api.post("/api/b2b/invite/upload-csv-file", {
      multipart: {
        file: {
          name: "staff.csv",
          mimeType: "text/csv",
          buffer: Buffer.from(`email,firstName,lastName,language\r\n${invitee},Sam,Lee,fr\r\n`),
        },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    expect((await upload.json()).seatsMissing).toBe(0);
    const mail = await smtpMailbox(smtp)(admin.api, invitee);
    expect(mail.text).toContain("Smoke Works");
  });

  it("copies the write-ahead log from the checkpoint worker's own connection", async () => {
    const databaseFile = join(server.dataDir, SQLITE_FILE);
    const connections = () =>
      readdirSync(`/proc/${server.pid}/fd`).filter((fd) => {
        try {
          return readlinkSync(`/proc/${server.pid}/fd/${fd}`) === databaseFile;
        } catch {
          return false;
        }
      }).length;
    expect(connections()).toBe(1);
    // The worker starts after a thousand write statements; each save writes several.
    for (let save = 0; save < 600 && connections() < 2; save += 1) {
      await createdId(owner.api, server.url, "/api/records/passwordvault/password", {
        accountNickname: `Account ${save}`,
        password: `password ${save}`,
      });
    }
    await expect.poll(connections, { timeout: 10_000 }).toBe(2);
  });

  it("logged no error", () => {
    expect(errorsLogged(server)).toEqual([]);
  });
});

describe("the bundle selling through Stripe", () => {
  let stripe: StripeTestServer;
  let server: RunningServer;

  beforeAll(async () => {
    stripe = await startStripeServer();
    server = await deployed({
      BILLING: "stripe",
      STRIPE_SECRET_KEY: "sk_test_kinfile_smoke",
      STRIPE_PUBLISHABLE_KEY: "pk_test_kinfile_smoke",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: stripe.api.host,
      STRIPE_API_PORT: String(stripe.api.port),
      STRIPE_API_PROTOCOL: "http",
    });
  });
  afterAll(() => stripe?.close());

  /** A call to the local Stripe API as Stripe's dashboard would make it. */
  async function stripeCall(path: string, form: Record<string, string>): Promise<string> {
    const answer = await fetch(`http://${stripe.api.host}:${stripe.api.port}${path}`, {
      method: "POST",
      headers: {
        authorization: "Bearer sk_test_dashboard",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form),
    });
    return ((await answer.json()) as { id: string }).id;
  }

  it("verifies a webhook with the SDK and reads the subscription back from Stripe", async () => {
    const price = stripe.addPrice({ currency: "cad", amount: 999, interval: "month" });
    const customer = await stripeCall("/v1/customers", { email: uniqueEmail("buyer") });
    const subscription = await stripeCall("/v1/subscriptions", { customer, "items[0][price]": price });
    const { payload, signature } = stripe.event(
      "invoice.paid",
      stripe.invoiceFor(subscription),
      WEBHOOK_SECRET,
    );
    const api = await request.newContext({ baseURL: server.url });
    clients.push(api);
    const forged = await api.post("/api/sbs/webhook/stripe", {
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=forged" },
      data: payload,
    });
    expect(forged.status()).toBe(400);
    const delivered = await api.post("/api/sbs/webhook/stripe", {
      headers: { "content-type": "application/json", "stripe-signature": signature },
      data: payload,
    });
    expect(delivered.status(), await delivered.text()).toBeLessThan(300);
    expect(stripe.requests.map((call) => `${call.method} ${call.path}`)).toContain(
      `GET /v1/subscriptions/${subscription}`,
    );
    expect(errorsLogged(server)).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the bundle on PostgreSQL", () => {
  const schema = `kf_smoke_${process.pid}`;
  let admin: pg.Client;
  let server: RunningServer;

  beforeAll(async () => {
    const databaseUrl = String(process.env.TEST_DATABASE_URL);
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(databaseUrl);
    url.searchParams.set("options", `-c search_path=${schema}`);
    server = await deployed({ DATABASE_URL: url.toString(), BLOB_STORE: "database" });
  });
  afterAll(async () => {
    await server?.stop();
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.end();
  });

  it("migrates, signs up and makes a binder", async () => {
    const owner = await account(server);
    await createdId(owner.api, server.url, "/api/records/passwordvault/password", {
      accountNickname: "Harbour Savings",
      password: "a password kept in PostgreSQL",
    });
    const binder = await pdfAt(owner.api, "/api/binder");
    expect(binder.text).toContain("Harbour Savings");
    expect(errorsLogged(server)).toEqual([]);
  });
});
