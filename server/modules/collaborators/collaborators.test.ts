import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollaboratingView, CollaboratorView } from "../../../domain/schemas/collaborator.ts";
import {
  createSignedInUser,
  mailsTo,
  request,
  TEST_PASSWORD,
  type TestUser,
} from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { INVITATION_RATE_LIMIT } from "./routes.ts";

const HOUSEHOLD_AND_ASSETS = { modules: ["household", "assets"], categories: [] };

describe.each(testDialects())("collaborators on %s", (dialect) => {
  let test: TestApp;
  let owner: TestUser;
  let partner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    owner = await createSignedInUser(test, { name: "Noor Haddad" });
    partner = await createSignedInUser(test, { name: "Sam Haddad", lang: "fr" });
    stranger = await createSignedInUser(test, { name: "Eve Other" });
  });
  afterAll(() => test.close());

  const invite = (by: TestUser, body: object) => call(test, by, "POST", "/api/collaborators", body);
  const partnerInvite = (by: TestUser, email: string) =>
    invite(by, { email, firstName: "Sam", lastName: "Haddad", scope: HOUSEHOLD_AND_ASSETS, rights: "edit" });

  async function collaborating(user: TestUser): Promise<CollaboratingView[]> {
    const response = await call(test, user, "GET", "/api/collaborating");
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it("invites by mail, then the invitee alone sees, accepts, and the owner sees it accepted", async () => {
    const created = await partnerInvite(owner, partner.email.toUpperCase());
    expect(created.statusCode, created.body).toBe(201);
    const view: CollaboratorView = created.json();
    expect(view).toMatchObject({
      email: partner.email,
      status: "invited",
      rights: "edit",
      scope: { modules: ["household", "assets"], categories: [], secrets: false },
    });

    const [mail] = (await mailsTo(test, partner.email)).filter(
      (sent) => sent.template === "collaboratorInvitation",
    );
    // In the invitee's own language (the partner's account is in French, the owner's in English).
    expect(mail?.subject).toBe("Noor Haddad vous demande de l'aider à tenir son Kinfile");
    expect(mail?.text).toContain("/dashboard/shared-data/collaborating");

    expect(await collaborating(stranger)).toEqual([]);
    expect((await call(test, stranger, "POST", `/api/collaborating/${view.id}/accept`)).statusCode).toBe(404);

    expect(await collaborating(partner)).toEqual([
      {
        id: view.id,
        owner: { id: owner.id, name: "Noor Haddad", email: owner.email },
        scope: view.scope,
        rights: "edit",
        status: "invited",
      },
    ]);
    const accepted = await call(test, partner, "POST", `/api/collaborating/${view.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: view.id, status: "accepted" });
    const again = await call(test, partner, "POST", `/api/collaborating/${view.id}/decline`);
    expect(again.statusCode).toBe(404);

    const listed = await call(test, owner, "GET", "/api/collaborators");
    expect(listed.json()).toEqual([expect.objectContaining({ id: view.id, status: "accepted" })]);
    expect((await call(test, stranger, "GET", "/api/collaborators")).json()).toEqual([]);
  });

  it("changes scope and rights at once, and ends the access: another owner's collaborator is 404", async () => {
    const [view] = (await call(test, owner, "GET", "/api/collaborators")).json() as CollaboratorView[];
    const id = view?.id ?? "";
    const changed = await call(test, owner, "PUT", `/api/collaborators/${id}`, {
      scope: { modules: [], categories: ["pet"] },
      rights: "view",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ rights: "view", scope: { modules: [], categories: ["pet"] } });
    expect((await collaborating(partner))[0]).toMatchObject({
      rights: "view",
      scope: { categories: ["pet"] },
    });

    const body = { scope: HOUSEHOLD_AND_ASSETS, rights: "edit" };
    expect((await call(test, stranger, "PUT", `/api/collaborators/${id}`, body)).statusCode).toBe(404);
    expect((await call(test, stranger, "DELETE", `/api/collaborators/${id}`)).statusCode).toBe(404);
    expect((await call(test, owner, "DELETE", `/api/collaborators/${id}`)).statusCode).toBe(204);
    expect(await collaborating(partner)).toEqual([]);
    expect((await call(test, owner, "DELETE", `/api/collaborators/${id}`)).statusCode).toBe(404);
  });

  it("refuses bad invitations with the field named: the vault without secrets, oneself, twice", async () => {
    const vault = await invite(owner, {
      email: "vault@example.com",
      firstName: "V",
      lastName: "K",
      scope: { modules: ["passwordvault"] },
      rights: "view",
    });
    expect(vault.statusCode).toBe(400);
    expect(vault.json().error.fields).toEqual({
      "scope.secrets": "The Password Vault is shared only with passwords and secret numbers included.",
    });
    const withSecrets = await invite(owner, {
      email: "vault@example.com",
      firstName: "V",
      lastName: "K",
      scope: { modules: ["passwordvault"], secrets: true },
      rights: "view",
    });
    expect(withSecrets.statusCode, withSecrets.body).toBe(201);

    const self = await partnerInvite(owner, owner.email);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toEqual({
      email: "You cannot invite yourself: enter someone else's email address.",
    });
    expect((await partnerInvite(owner, "twice@example.com")).statusCode).toBe(201);
    const twice = await partnerInvite(owner, "twice@example.com");
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.fields).toEqual({
      email: "You already invited someone with this email address.",
    });

    const empty = await invite(owner, { email: "", firstName: "", lastName: "", scope: {}, rights: "admin" });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields).sort()).toEqual(
      ["email", "firstName", "lastName", "rights", "scope.modules"].sort(),
    );
  });

  it("ends every collaboration when the owner or the collaborator deletes their account", async () => {
    const gone = await createSignedInUser(test, { name: "Gone Owner" });
    const helper = await createSignedInUser(test, { name: "Helper" });
    const first = (await partnerInvite(gone, helper.email)).json() as CollaboratorView;
    await call(test, helper, "POST", `/api/collaborating/${first.id}/accept`);
    const second = (await partnerInvite(owner, helper.email)).json() as CollaboratorView;
    expect((await collaborating(helper)).map((view) => view.id).sort()).toEqual([first.id, second.id].sort());

    const deleted = await request(test, {
      method: "DELETE",
      url: "/api/account",
      cookie: gone.cookie,
      payload: { password: TEST_PASSWORD, confirmation: "DELETE" },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await collaborating(helper)).map((view) => view.id)).toEqual([second.id]);

    const helperGone = await request(test, {
      method: "DELETE",
      url: "/api/account",
      cookie: helper.cookie,
      payload: { password: TEST_PASSWORD, confirmation: "DELETE" },
    });
    expect(helperGone.statusCode).toBe(204);
    const left = (await call(test, owner, "GET", "/api/collaborators")).json() as CollaboratorView[];
    expect(left.map((view) => view.email)).not.toContain(helper.email);
  });

  it("writes the invitation in the invitee's account's language, else in the owner's", async () => {
    const french = await createSignedInUser(test, { name: "Léa Roy", lang: "fr" });
    expect((await partnerInvite(french, stranger.email)).statusCode).toBe(201);
    expect((await partnerInvite(french, "no-account@example.com")).statusCode).toBe(201);
    const subjects = async (email: string) =>
      (await mailsTo(test, email))
        .filter((sent) => sent.template === "collaboratorInvitation")
        .map((sent) => sent.subject);
    expect(await subjects(stranger.email)).toEqual(["Léa Roy asks you to help with their Kinfile"]);
    expect(await subjects("no-account@example.com")).toEqual([
      "Léa Roy vous demande de l'aider à tenir son Kinfile",
    ]);
  });

  it("holds an owner to INVITATION_RATE_LIMIT invitations, answering 429 in their language", async () => {
    const busy = await createSignedInUser(test, { name: "Busy Owner", lang: "fr" });
    for (let index = 0; index < INVITATION_RATE_LIMIT.max; index += 1)
      expect((await partnerInvite(busy, `helper-${index}@example.com`)).statusCode).toBe(201);
    const refused = await partnerInvite(busy, "one-more@example.com");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().error).toEqual({
      code: "too_many_requests",
      message: "Trop de tentatives. Veuillez patienter un instant puis réessayer.",
    });
    expect(await mailsTo(test, "one-more@example.com")).toEqual([]);
    // Another owner is not slowed.
    expect((await partnerInvite(stranger, "one-more@example.com")).statusCode).toBe(201);
  });

  it("answers 401 to anonymous callers", async () => {
    expect((await call(test, null, "GET", "/api/collaborators")).statusCode).toBe(401);
    expect((await call(test, null, "GET", "/api/collaborating")).statusCode).toBe(401);
  });
});
