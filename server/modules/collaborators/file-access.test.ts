import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Home } from "../../../domain/schemas/home.ts";
import { categoriesOf } from "../../../domain/sections/index.ts";
import { disableUser, enableUser } from "../../auth/user-admin.ts";
import { createdId, documentWithFile } from "../../testing/api-writes.ts";
import { stripeBilling } from "../../testing/billing.ts";
import { collaborate } from "../../testing/collaborators.ts";
import { makePdf } from "../../testing/document-files.ts";
import { createSignedInUser, request, type TestUser } from "../../testing/identity.ts";
import { acceptedNominee } from "../../testing/nominee-lifecycle.ts";
import { readPdf } from "../../testing/pdf-reading.ts";
import { call } from "../../testing/person-photos.ts";
import { sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { SUBJECT_ROUTES } from "./file-subjects.ts";

const [HOUSEHOLD] = categoriesOf("household");
const [PERSONAL] = categoriesOf("personaldata");
const [VAULT] = categoriesOf("passwordvault");
if (HOUSEHOLD === undefined || PERSONAL === undefined || VAULT === undefined)
  throw new Error("no category to test with");
const HOUSEHOLD_AND_ASSETS = { modules: ["household", "assets"], categories: [] };

describe.each(testDialects())("a collaborator in the owner's file on %s", (dialect) => {
  let test: TestApp;
  let owner: TestUser;
  let partner: TestUser;
  let stranger: TestUser;
  let collaborationId: string;
  let ownersRecord: string;
  const files = () => `/api/files/${owner.id}`;
  const householdUrl = () => `${files()}/records/household/${HOUSEHOLD.key}`;

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    owner = await createSignedInUser(test, { name: "Noor Haddad" });
    partner = await createSignedInUser(test, { name: "Sam Haddad" });
    stranger = await createSignedInUser(test, { name: "Eve Other" });
    collaborationId = await collaborate(test, owner, partner, HOUSEHOLD_AND_ASSETS, "edit");
    const body = await sampleRecord(HOUSEHOLD, sampleRefsOf(test, owner), { complete: true });
    ownersRecord = await createdId(test, owner, `/api/records/household/${HOUSEHOLD.key}`, body);
  });
  afterAll(() => test.close());

  it("reads, adds, changes and deletes in scope, on the owner's file, each write in the owner's log", async () => {
    const listed = await call(test, partner, "GET", householdUrl());
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as { id: string }[]).map((item) => item.id)).toContain(ownersRecord);

    // A record's references: the owner's institutions and addresses, without the whole network.
    const institutions = await call(test, partner, "GET", `${files()}/institutions/`);
    expect(institutions.statusCode, institutions.body).toBe(200);
    expect((await call(test, partner, "GET", `${files()}/address/`)).statusCode).toBe(200);
    const body = await sampleRecord(HOUSEHOLD, sampleRefsOf(test, owner));
    const added = await createdId(test, partner, householdUrl(), body);
    const ownersView = await call(test, owner, "GET", `/api/records/household/${HOUSEHOLD.key}/${added}`);
    expect(ownersView.statusCode, ownersView.body).toBe(200);
    expect(
      (await call(test, partner, "GET", `/api/records/household/${HOUSEHOLD.key}/${added}`)).statusCode,
    ).toBe(404);
    const replaced = await call(test, partner, "PUT", `${householdUrl()}/${added}`, body);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await call(test, partner, "DELETE", `${householdUrl()}/${added}`)).statusCode).toBe(204);

    const log = await call(test, owner, "GET", "/api/account/activity");
    type Entry = { actorId: string; actorName: string; kind: string; subjectId: string };
    const partnersEntries = (log.json().items as Entry[])
      .filter((entry) => entry.actorId === partner.id)
      .map((entry) => [entry.actorName, entry.kind, entry.subjectId]);
    expect(partnersEntries).toEqual([
      ["Sam Haddad", "delete", added],
      ["Sam Haddad", "save", added],
      ["Sam Haddad", "save", added],
    ]);
    const partnersOwnLog = await call(test, partner, "GET", "/api/account/activity");
    expect(partnersOwnLog.json().total).toBe(0);
  });

  it("reaches the documents, comments, reminders and home of the scope, and nothing of the rest", async () => {
    const onRecord = await documentWithFile(
      test,
      owner,
      { module: "household", type: HOUSEHOLD.key, assignedDocument: ownersRecord, fileName: "lease.pdf" },
      { filename: "lease.pdf", contentType: "application/pdf", content: makePdf("lease") },
    );
    const inLibrary = await documentWithFile(
      test,
      owner,
      { module: "inventory", type: "documentlibrary", fileName: "will.pdf" },
      { filename: "will.pdf", contentType: "application/pdf", content: makePdf("will") },
    );
    const petKeeper = await createSignedInUser(test, { name: "Pat Pets" });
    await collaborate(test, owner, petKeeper, { modules: [], categories: ["pet"] }, "edit");
    const librarian = await createSignedInUser(test, { name: "Lib Rarian" });
    await collaborate(test, owner, librarian, { modules: [], categories: ["documentlibrary"] }, "view");
    const ids = (response: { json(): unknown }) =>
      (response.json() as { id: string }[]).map((item) => item.id);

    // Documents: a record's come with its category, the library with its own.
    const onRecords = await call(test, partner, "GET", `${files()}/documents/on-records`);
    expect(onRecords.statusCode, onRecords.body).toBe(200);
    expect(ids(onRecords)).toContain(onRecord);
    const attached = await call(
      test,
      partner,
      "GET",
      `${files()}/documents/file/list/document/${ownersRecord}`,
    );
    expect(ids(attached)).toEqual([onRecord]);
    const download = `${files()}/documents/household/${HOUSEHOLD.key}/${onRecord}/download/lease.pdf/`;
    expect((await call(test, partner, "GET", download)).statusCode).toBe(200);
    const library = `${files()}/documents/inventory/type/documentlibrary`;
    expect((await call(test, partner, "GET", library)).statusCode).toBe(404);
    expect(ids(await call(test, librarian, "GET", library))).toEqual([inLibrary]);
    expect(ids(await call(test, librarian, "GET", `${files()}/documents/on-records`))).not.toContain(
      onRecord,
    );
    const petsView = await call(test, petKeeper, "GET", `${files()}/documents/on-records`);
    expect(petsView.statusCode).toBe(200);
    expect(petsView.body).not.toContain(onRecord);
    for (const url of [
      `${files()}/documents/file/list/document/${ownersRecord}`,
      `${files()}/documents/inventory/documentlibrary/${inLibrary}/download/will.pdf/`,
      `${files()}/comments/record/${ownersRecord}`,
    ])
      expect((await call(test, petKeeper, "GET", url)).statusCode, url).toBe(404);
    const misplaced = await call(test, partner, "POST", `${files()}/documents`, {
      module: "inventory",
      type: "documentlibrary",
    });
    expect(misplaced.statusCode).toBe(404);
    const saved = await call(test, partner, "POST", `${files()}/documents`, {
      module: "household",
      type: HOUSEHOLD.key,
      assignedDocument: ownersRecord,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // Comments: the collaborator's own, on the owner's record, each in the owner's log.
    const comments = `${files()}/comments/record/${ownersRecord}`;
    const added = await call(test, partner, "POST", comments, { notes: "Renewed in March" });
    expect(added.statusCode, added.body).toBe(200);
    const comment = added.json() as { id: string; ownerId: string };
    expect(comment.ownerId).toBe(partner.id);
    const ownersList = await call(test, owner, "GET", `/api/comments/record/${ownersRecord}`);
    expect(ids(ownersList)).toEqual([comment.id]);
    const ownersEdit = await call(test, owner, "PUT", `/api/comments/${comment.id}`, { notes: "No" });
    expect(ownersEdit.statusCode).toBe(403);
    expect((await call(test, petKeeper, "DELETE", `${files()}/comments/${comment.id}`)).statusCode).toBe(404);
    expect((await call(test, partner, "DELETE", `${files()}/comments/${comment.id}`)).statusCode).toBe(204);
    expect((await call(test, librarian, "POST", comments, { notes: "Hi" })).statusCode).toBe(404);

    // Reminders and the home: the scope's, without the owner's nominees and binder.
    const reminders = await call(test, partner, "GET", `${files()}/reminders`);
    expect(reminders.statusCode, reminders.body).toBe(200);
    for (const item of reminders.json() as { module: string }[])
      expect(["household", "assets"]).toContain(item.module);
    const home = await call(test, partner, "GET", `${files()}/home`);
    expect(home.statusCode, home.body).toBe(200);
    const answer = home.json() as Home;
    expect(answer.modules.map((module) => module.module)).toEqual(["household", "assets"]);
    expect(answer.nominees).toBeNull();
    expect(answer.binder).toBeNull();
    expect(answer.next.every((step) => step.kind === "category")).toBe(true);
    const petsHome = (await call(test, petKeeper, "GET", `${files()}/home`)).json() as Home;
    expect(petsHome.modules.flatMap((module) => module.categories.map((category) => category.key))).toEqual([
      "pet",
    ]);
    expect((await call(test, petKeeper, "GET", `${files()}/reminders`)).body).not.toContain(ownersRecord);
    const mark = `${files()}/home/not-applicable/household/${HOUSEHOLD.key}`;
    expect((await call(test, petKeeper, "PUT", mark)).statusCode).toBe(404);
    expect((await call(test, partner, "PUT", mark)).statusCode).toBe(204);
    expect((await call(test, partner, "DELETE", mark)).statusCode).toBe(204);

    const log = await call(test, owner, "GET", "/api/account/activity");
    type Entry = { actorId: string; kind: string; subjectKind: string; subjectId: string };
    const partners = (log.json().items as Entry[])
      .filter((entry) => entry.actorId === partner.id)
      .map((entry) => [entry.kind, entry.subjectKind, entry.subjectId]);
    expect(partners.slice(0, 5)).toEqual([
      ["delete", "notApplicable", HOUSEHOLD.key],
      ["save", "notApplicable", HOUSEHOLD.key],
      ["delete", "comment", comment.id],
      ["save", "comment", ownersRecord],
      ["save", "document", saved.json()],
    ]);
    expect(partners).toContainEqual(["download", "document", onRecord]);
  });

  it("answers 404 outside the scope, for secrets without them, and for the owner's other routes", async () => {
    for (const url of [
      `${files()}/records/personaldata/${PERSONAL.key}`,
      `${files()}/pn/person/family`,
      `${files()}/institutions/csv`,
      `${householdUrl()}/${ownersRecord}?reveal=accountNumber`,
      `${files()}/account/account`,
      `${files()}/shared/nominees`,
      `${files()}/collaborators`,
      `/api/files/${stranger.id}/records/household/${HOUSEHOLD.key}`,
      `/api/files/${partner.id}/records/household/${HOUSEHOLD.key}`,
    ]) {
      const response = await call(test, partner, "GET", url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain(ownersRecord);
    }
  });

  it("refuses writes with view rights (403), and 404s from the request after the owner ends it", async () => {
    const body = await sampleRecord(HOUSEHOLD, sampleRefsOf(test, owner));
    const viewOnly = await call(test, owner, "PUT", `/api/collaborators/${collaborationId}`, {
      scope: HOUSEHOLD_AND_ASSETS,
      rights: "view",
    });
    expect(viewOnly.statusCode, viewOnly.body).toBe(200);
    const refused = await call(test, partner, "POST", householdUrl(), body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("You may read this file but not change it.");
    expect((await call(test, partner, "GET", householdUrl())).statusCode).toBe(200);

    expect((await call(test, owner, "DELETE", `/api/collaborators/${collaborationId}`)).statusCode).toBe(204);
    const ended = await call(test, partner, "GET", householdUrl());
    expect(ended.statusCode).toBe(404);
    expect(ended.body).not.toContain(ownersRecord);
  });

  it("leaks nothing over every /api/files route to the anonymous, strangers, nominees, the ended and the out-of-scope", async () => {
    const outOfScope = await createSignedInUser(test, { name: "Pat Pets" });
    await collaborate(test, owner, outOfScope, { modules: [], categories: ["pet"] }, "edit");
    const ended = await createSignedInUser(test, { name: "Ex Partner" });
    const endedId = await collaborate(test, owner, ended, HOUSEHOLD_AND_ASSETS, "edit");
    expect((await call(test, owner, "DELETE", `/api/collaborators/${endedId}`)).statusCode).toBe(204);
    const viewer = await createSignedInUser(test, { name: "Vic Viewer" });
    await collaborate(
      test,
      owner,
      viewer,
      { ...HOUSEHOLD_AND_ASSETS, modules: ["personal-network", "household", "assets"] },
      "view",
    );
    const { nominee } = await acceptedNominee(test, owner, "now");

    const routes = test.app.routeAccess.filter((route) => route.url.startsWith("/api/files/:ownerId/"));
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) expect(route.access, route.url).toBe("collaborator");
    const fill = (url: string) =>
      url
        .replace(":ownerId", owner.id)
        .replace(/:(\w+)/g, (_match, name: string) =>
          name === "id" || name === "subjectId"
            ? ownersRecord
            : name === "subjectKind"
              ? "record"
              : `x${name}`,
        );

    for (const route of routes) {
      const url = fill(route.url);
      const method = route.method as "GET" | "POST" | "PUT" | "DELETE";
      const label = `${route.method} ${route.url}`;
      // HEAD is GET without its body: a read, which `view` rights allow.
      const reads = route.method === "GET" || route.method === "HEAD";
      const anonymous = await request(test, { method, url });
      expect(anonymous.statusCode, label).toBe(401);
      for (const caller of [stranger, nominee, ended, owner, partner]) {
        const response = await call(test, caller, method, url, method === "GET" ? undefined : {});
        expect(response.statusCode, `${caller.name}: ${label}`).toBe(404);
      }
      const opened =
        route.url.includes("/records/household/") || /\/(pn|address|institutions)\//.test(route.url);
      // Every scope has its binder, of what it opens (tested below).
      const everyScope = route.url.endsWith("/binder");
      const outside = await call(test, outOfScope, method, url, method === "GET" ? undefined : {});
      const reference =
        /\/(address|institutions)\//.test(route.url) && method !== "DELETE" && !/(csv|vcard)/.test(route.url);
      // The lists of the whole file and search answer within the scope; a route whose path does not
      // name its subject checks a body's shape before reading it (400), and a pending upload's
      // discard answers 204 whatever it finds; everything else outside the scope is 404.
      const withinScope = /^\/api\/files\/:ownerId\/(reminders|home|documents\/on-records)$/.test(route.url);
      const search = route.url.endsWith("/search");
      const subjectRead = SUBJECT_ROUTES.some((path) => route.url === `/api/files/:ownerId${path}`);
      const expected =
        withinScope || search
          ? 200
          : subjectRead && (method === "POST" || method === "PUT")
            ? 400
            : route.url.endsWith("/pending/:id")
              ? 204
              : 404;
      if (!/\/records\/\w+\/pet(\/|$)/.test(route.url) && !reference && !everyScope)
        expect(outside.statusCode, `out of scope: ${label}`).toBe(expected);
      expect(outside.body, label).not.toContain(ownersRecord);
      if (withinScope) {
        const inside = await call(test, viewer, method, url);
        expect(inside.statusCode, `in scope: ${label}`).toBe(200);
      }
      if (!reads && opened) {
        const write = await call(test, viewer, method, url, {});
        expect(write.statusCode, `view rights: ${label}`).toBe(403);
      }
    }
    const comment = await call(test, viewer, "POST", `${files()}/comments/record/${ownersRecord}`, {
      notes: "Hi",
    });
    expect(comment.statusCode, "view rights: a comment").toBe(403);
    const mark = await call(test, viewer, "PUT", `${files()}/home/not-applicable/household/${HOUSEHOLD.key}`);
    expect(mark.statusCode, "view rights: a mark").toBe(403);
    // Every route, eight callers each, on a shared machine.
  }, 120_000);
});

describe.each(testDialects())("a collaborator in a lapsed owner's file, billing on, on %s", (dialect) => {
  let test: TestApp;
  let owner: TestUser;
  let partner: TestUser;
  let ownersRecord: string;

  /** The owner's subscription runs until `until` (epoch ms), as the subscriptions module stores it. */
  async function subscribedUntil(until: number): Promise<void> {
    await test.database.db
      .insertInto("entitlement")
      .values({ user_id: owner.id, subscriber_until: until, updated_at: Date.now() })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ subscriber_until: until }))
      .execute();
    await test.auth.sessions.forgetUser(owner.id);
  }

  beforeAll(async () => {
    test = await buildTestApp(dialect, { config: { billing: stripeBilling() } });
    owner = await createSignedInUser(test, { name: "Noor Haddad" });
    partner = await createSignedInUser(test, { name: "Sam Haddad" });
    await subscribedUntil(Date.now() + 3_600_000);
    await collaborate(test, owner, partner, HOUSEHOLD_AND_ASSETS, "edit");
    const body = await sampleRecord(HOUSEHOLD, sampleRefsOf(test, owner), { complete: true });
    ownersRecord = await createdId(test, owner, `/api/records/household/${HOUSEHOLD.key}`, body);
  });
  afterAll(() => test.close());

  it("works in the file while the owner's subscription runs, and is refused like the owner once it lapses", async () => {
    const own = `/api/records/household/${HOUSEHOLD.key}`;
    const shared = `/api/files/${owner.id}/records/household/${HOUSEHOLD.key}`;
    // The collaborator holds no subscription: the owner's pays for the file.
    const before = await call(test, partner, "GET", `${shared}/${ownersRecord}`);
    expect(before.statusCode, before.body).toBe(200);

    await subscribedUntil(Date.now() - 1);
    const body = await sampleRecord(HOUSEHOLD, sampleRefsOf(test, owner));
    for (const [method, path, payload] of [
      ["GET", "", undefined],
      ["GET", `/${ownersRecord}`, undefined],
      ["POST", "", body],
      ["PUT", `/${ownersRecord}`, body],
      ["DELETE", `/${ownersRecord}`, undefined],
    ] as const) {
      const owners = await call(test, owner, method, `${own}${path}`, payload);
      const partners = await call(test, partner, method, `${shared}${path}`, payload);
      for (const response of [owners, partners]) {
        expect(response.statusCode, `${method} ${path}`).toBe(403);
        expect(response.json().error.message).toBe("This needs a subscription or a company account.");
      }
    }
    // What a lapsed owner keeps, the collaborator keeps in scope: the records' references.
    const institutions = await call(test, partner, "GET", `/api/files/${owner.id}/institutions/`);
    expect(institutions.statusCode, institutions.body).toBe(200);
    expect((await call(test, owner, "GET", "/api/institutions/")).statusCode).toBe(200);
  });
});

describe.each(testDialects())("a collaborator's binder of the owner's file on %s", (dialect) => {
  let test: TestApp;
  let owner: TestUser;
  let household: TestUser;
  let keeper: TestUser;
  let keeperCollaboration: string;
  const vaultSecrets: string[] = [];
  const en = JSON.parse(readFileSync("public/locales/en/sections.json", "utf8")) as {
    module: Record<string, string>;
    category: Record<string, string>;
  };
  const binderUrl = (query = "") => `/api/files/${owner.id}/binder${query}`;
  const squeezed = (text: string) => text.replace(/\s+/g, "");

  async function pdfOf(who: TestUser, url: string) {
    const response = await call(test, who, "GET", url);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    return readPdf(response.rawPayload);
  }

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    owner = await createSignedInUser(test, { name: "Noor Haddad" });
    household = await createSignedInUser(test, { name: "Sam Haddad" });
    keeper = await createSignedInUser(test, { name: "Kim Keeper" });
    await collaborate(test, owner, household, { modules: ["household"] });
    keeperCollaboration = await collaborate(test, owner, keeper, {
      modules: ["household", "passwordvault"],
      secrets: true,
    });
    const refs = sampleRefsOf(test, owner);
    await createdId(
      test,
      owner,
      `/api/records/household/${HOUSEHOLD.key}`,
      await sampleRecord(HOUSEHOLD, refs, { complete: true }),
    );
    await createdId(
      test,
      owner,
      `/api/records/personaldata/${PERSONAL.key}`,
      await sampleRecord(PERSONAL, refs, { complete: true }),
    );
    const vault = await sampleRecord(VAULT, refs, { complete: true });
    for (const field of VAULT.fields) {
      if (field.type === "secret" && typeof vault[field.key] === "string")
        vaultSecrets.push(String(vault[field.key]));
    }
    expect(vaultSecrets.length).toBeGreaterThan(0);
    await createdId(test, owner, `/api/records/passwordvault/${VAULT.key}`, vault);
  });
  afterAll(() => test.close());

  it("prints the scope only, under the owner's name, and logs it as the collaborator's download", async () => {
    const read = await pdfOf(household, binderUrl());
    expect(read.pages[0]).toContain("The part of the file of Noor Haddad you help with");
    expect(read.outline).toContain(en.module.household);
    expect(read.outline).toContain(`  ${en.category[HOUSEHOLD.key]}`);
    for (const outside of [en.module.personaldata, en.module.passwordvault])
      expect(read.outline).not.toContain(outside);
    // A module of the scope is one binder; a module outside it is none.
    expect((await pdfOf(household, binderUrl("?module=household"))).outline).toContain(en.module.household);
    expect((await call(test, household, "GET", binderUrl("?module=personaldata"))).statusCode).toBe(404);

    const log = await call(test, owner, "GET", "/api/account/activity");
    type Entry = { actorId: string; actorName: string; kind: string; subjectKind: string; subjectId: string };
    const entries = (log.json().items as Entry[])
      .filter((entry) => entry.actorId === household.id)
      .map((entry) => [entry.actorName, entry.kind, entry.subjectKind, entry.subjectId]);
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(
      expect.arrayContaining([
        ["Sam Haddad", "download", "binder", "household"],
        ["Sam Haddad", "download", "binder", "file"],
      ]),
    );
  });

  it("gives the owner's secrets only to a scope with secrets, after the collaborator's own password", async () => {
    // Without secrets in the scope, asking for them finds nothing, as every reveal.
    expect((await call(test, household, "GET", binderUrl("?secrets=true"))).statusCode).toBe(404);

    const masked = await pdfOf(keeper, binderUrl());
    expect(masked.outline).toContain(en.module.passwordvault);
    for (const secret of vaultSecrets) expect(squeezed(masked.text)).not.toContain(squeezed(secret));

    const refused = await call(test, keeper, "GET", binderUrl("?secrets=true"));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("password_not_confirmed");
    // The owner's password confirmed on the owner's session opens nothing for the collaborator.
    const ownerConfirmed = await request(test, {
      method: "POST",
      url: "/api/account/confirm-password",
      cookie: owner.cookie,
      payload: { password: owner.password },
    });
    expect(ownerConfirmed.statusCode).toBe(200);
    expect((await call(test, keeper, "GET", binderUrl("?secrets=true"))).statusCode).toBe(403);

    const confirmed = await request(test, {
      method: "POST",
      url: "/api/account/confirm-password",
      cookie: keeper.cookie,
      payload: { password: keeper.password },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const clear = await pdfOf(keeper, binderUrl("?secrets=true"));
    expect(clear.pages[0]).toContain("This binder holds secrets in clear");
    for (const secret of vaultSecrets) expect(squeezed(clear.text)).toContain(squeezed(secret));

    const log = await test.database.db
      .selectFrom("activity")
      .select(["actor_id", "kind", "subject_kind", "subject_id", "field"])
      .where("owner_id", "=", owner.id)
      .where("actor_id", "=", keeper.id)
      .execute();
    expect(log.map((row) => [row.kind, row.subject_kind, row.subject_id, row.field])).toEqual(
      expect.arrayContaining([
        ["download", "binder", "file", null],
        ["download", "binder", "file", "secrets"],
      ]),
    );
  });

  it("prints the addresses and institutions its records name, every one only with the personal network", async () => {
    await createdId(test, owner, "/api/address/", { name: "Stray Cottage", country: "CA" });
    await createdId(test, owner, "/api/institutions/", { name: "Stray Credit Union" });
    const networker = await createSignedInUser(test, { name: "Nat Network" });
    await collaborate(test, owner, networker, { modules: ["personal-network"] });

    const scoped = squeezed((await pdfOf(household, binderUrl())).text);
    // The household record's condo corporation and address (sampleRefsOf) come with it.
    expect(scoped).toContain(squeezed("Sample Bank"));
    expect(scoped).toContain(squeezed("Home "));
    expect(scoped).not.toContain(squeezed("Stray Cottage"));
    expect(scoped).not.toContain(squeezed("Stray Credit Union"));
    const network = squeezed((await pdfOf(networker, binderUrl())).text);
    expect(network).toContain(squeezed("Stray Cottage"));
    expect(network).toContain(squeezed("Stray Credit Union"));
  });

  it("answers 404 once the owner ends the collaboration, and to anyone else", async () => {
    expect((await call(test, owner, "DELETE", `/api/collaborators/${keeperCollaboration}`)).statusCode).toBe(
      204,
    );
    for (const who of [keeper, owner]) {
      const response = await call(test, who, "GET", binderUrl());
      expect(response.statusCode, who.name).toBe(404);
    }
    expect((await request(test, { method: "GET", url: binderUrl() })).statusCode).toBe(401);
  });
});

describe.each(testDialects())("a collaborator in a suspended owner's file on %s", (dialect) => {
  let test: TestApp;
  let owner: TestUser;
  let partner: TestUser;

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    owner = await createSignedInUser(test, { name: "Noor Haddad" });
    partner = await createSignedInUser(test, { name: "Sam Haddad" });
    await collaborate(test, owner, partner, HOUSEHOLD_AND_ASSETS, "edit");
  });
  afterAll(() => test.close());

  it("closes the file while the owner's ban holds (404 saying so, no longer listed) and opens it again after", async () => {
    const shared = `/api/files/${owner.id}/records/household/${HOUSEHOLD.key}`;
    const listed = async () =>
      ((await call(test, partner, "GET", "/api/collaborating")).json() as { owner: { id: string } }[]).map(
        (file) => file.owner.id,
      );
    const body = await sampleRecord(HOUSEHOLD, sampleRefsOf(test, owner));
    expect((await call(test, partner, "GET", shared)).statusCode).toBe(200);

    await disableUser(test.auth, owner.email);
    const closed = await call(test, partner, "GET", shared);
    expect(closed.statusCode).toBe(404);
    // The collaborator's app says the owner is suspended, not that the owner ended the access.
    expect(closed.json().error).toMatchObject({ code: "not_found", ownerSuspended: true });
    expect((await call(test, partner, "POST", shared, body)).statusCode).toBe(404);
    expect(await listed()).toEqual([]);
    // No file of someone the partner does not help says anything of its owner.
    const stranger = await call(test, partner, "GET", shared.replace(owner.id, partner.id));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.ownerSuspended).toBeUndefined();

    // A ban whose end has passed holds no more, as for the owner's own sign-in.
    const { internalAdapter } = await test.auth.auth.$context;
    await internalAdapter.updateUser(owner.id, { banned: true, banExpires: new Date(Date.now() - 1_000) });
    expect((await call(test, partner, "GET", shared)).statusCode).toBe(200);

    await enableUser(test.auth, owner.email);
    expect((await call(test, partner, "GET", shared)).statusCode).toBe(200);
    expect(await listed()).toEqual([owner.id]);
  });
});
