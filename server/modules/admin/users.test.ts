import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUser, AuditEntry } from "../../../domain/schemas/admin.ts";
import type { Comment } from "../../../domain/schemas/comment.ts";
import { makePlatformAdmin } from "../../testing/billing.ts";
import {
  callsAs,
  createSignedInUser,
  mailsTo,
  post,
  request,
  TEST_PASSWORD,
  type TestUser,
  uniqueEmail,
} from "../../testing/identity.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

/**
 * The admin area's accounts: search and pages, disable and enable, resend verification, grant and
 * remove admin (never the last), delete through the self-deletion path; comments only their
 * author may change; the audit log of it all. Everyone but a platform admin gets 404.
 */
describe.each(testDialects())("admin users on %s", (dialect) => {
  let test: TestApp;
  let root: TestUser;
  let other: TestUser;
  let sam: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    root = await createSignedInUser(test, { name: "Root Admin" });
    await makePlatformAdmin(test, root);
    other = await createSignedInUser(test, { name: "Other Admin" });
    await makePlatformAdmin(test, other);
    sam = await createSignedInUser(test, { name: "Sam Carter" });
  });
  afterAll(() => test.close());

  const as = (user: TestUser) => callsAs(test, user);

  async function signIn(email: string) {
    return post(test, "/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
  }

  it("does not exist for anyone but platform admins", async () => {
    for (const url of ["/api/admin/users", `/api/admin/users/${root.id}`, "/api/admin/audit"]) {
      expect((await as(sam).get(url)).statusCode, url).toBe(404);
    }
    expect((await as(sam).post(`/api/admin/users/${root.id}/disable`)).statusCode).toBe(404);
    expect((await as(sam).delete(`/api/admin/users/${root.id}`)).statusCode).toBe(404);
  });

  it("finds accounts by email or name, a page at a time, with their facts and no more", async () => {
    const found = await as(root).get(`/api/admin/users?search=${encodeURIComponent("SAM CAR")}`);
    expect(found.statusCode, found.body).toBe(200);
    const answer = found.json();
    expect(answer).toMatchObject({ page: 0, size: 20, totalElements: 1, totalPages: 1 });
    const [item] = answer.content as AdminUser[];
    expect(item).toMatchObject({
      id: sam.id,
      email: sam.email,
      name: "Sam Carter",
      status: "active",
      twoFactor: false,
    });
    expect(item?.roles).toContain("subscriber");
    expect(item?.lastSignInAt).toEqual(expect.any(Number));
    expect(Object.keys(item ?? {}).sort()).toEqual(
      ["createdAt", "email", "id", "lastSignInAt", "name", "roles", "status", "twoFactor"].sort(),
    );
    const paged = await as(root).get("/api/admin/users?size=2&page=1");
    expect(paged.json().content).toHaveLength(1);
    expect(paged.json().totalElements).toBe(3);
    expect((await as(root).get("/api/admin/users?size=500")).statusCode).toBe(400);
    // Wildcards typed are literal: no address holds a % or an _.
    for (const wildcard of ["%25", "_", "%25a"]) {
      expect((await as(root).get(`/api/admin/users?search=${wildcard}`)).json().totalElements, wildcard).toBe(
        0,
      );
    }
    const detail = await as(root).get(`/api/admin/users/${root.id}`);
    expect(detail.json().roles).toContain("admin");
    expect((await as(root).get("/api/admin/users/nobody")).statusCode).toBe(404);
  });

  it("shows an account's plan, redeemed codes, company and charity, read-only and not audited", async () => {
    const kim = await createSignedInUser(test, { name: "Kim Lee" });
    const bare = (await as(root).get(`/api/admin/users/${kim.id}`)).json();
    expect(bare).toMatchObject({ subscription: null, codes: [], company: null, donation: null });

    const [voucher] = (await as(root).post("/api/admin/codes", { kind: "voucher", periodDays: 30 })).json();
    const activated = await as(kim).post("/api/sbs/code/activate", { code: voucher.code });
    expect(activated.json().status, activated.body).toBe(true);
    const company = await as(kim).post("/api/b2b/company", { name: "Lee & Co", email: kim.email });
    expect(company.statusCode, company.body).toBe(200);
    const charity = (await as(root).post("/api/admin/charities", { fullName: "Bee Keepers" })).json();
    await as(kim).post(`/api/account/donateTo/?companyId=${charity.companyId}`);
    const auditedBefore = (await as(root).get("/api/admin/audit?size=100")).json().totalElements;

    const detail = await as(root).get(`/api/admin/users/${kim.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const answer = detail.json();
    expect(answer.subscription).toEqual({
      product: null,
      status: "active",
      currentPeriodEnd: expect.any(Number),
      cancelAtPeriodEnd: false,
    });
    expect(answer.codes).toEqual([{ code: voucher.code, kind: "voucher", redeemedAt: expect.any(Number) }]);
    expect(answer.company).toEqual({ id: company.json().id, name: "Lee & Co", role: "admin" });
    expect(answer.donation).toEqual({ id: charity.companyId, name: "Bee Keepers" });
    // The account's facts only: nothing of its records.
    expect(Object.keys(answer).sort()).toEqual(
      [
        "codes",
        "company",
        "createdAt",
        "donation",
        "email",
        "id",
        "lastSignInAt",
        "name",
        "roles",
        "status",
        "subscription",
        "twoFactor",
      ].sort(),
    );
    // Viewing an account is not an admin write: the audit log records writes only.
    expect((await as(root).get("/api/admin/audit?size=100")).json().totalElements).toBe(auditedBefore);
  });

  it("disables an account, ending its sessions at once, and enables it again; never one's own", async () => {
    const target = await createSignedInUser(test);
    expect((await as(target).get("/api/account/account")).statusCode).toBe(200);
    const disabled = await as(root).post(`/api/admin/users/${target.id}/disable`);
    expect(disabled.json().status).toBe("disabled");
    expect((await as(target).get("/api/account/account")).statusCode).toBe(401);
    expect((await signIn(target.email)).statusCode).not.toBe(200);
    const enabled = await as(root).post(`/api/admin/users/${target.id}/enable`);
    expect(enabled.json().status).toBe("active");
    expect((await signIn(target.email)).statusCode).toBe(200);
    const self = await as(root).post(`/api/admin/users/${root.id}/disable`);
    expect(self.statusCode).toBe(409);
  });

  it("resends the verification mail to an unverified account only", async () => {
    const email = uniqueEmail("unverified");
    await post(test, "/api/auth/sign-up/email", { email, password: TEST_PASSWORD, name: "Una Verified" });
    const listed = await as(root).get(`/api/admin/users?search=${encodeURIComponent(email)}`);
    const [item] = listed.json().content as AdminUser[];
    expect(item?.status).toBe("unverified");
    const before = (await mailsTo(test, email)).filter((mail) => mail.template === "verifyEmail").length;
    const resent = await as(root).post(`/api/admin/users/${item?.id}/resend-verification`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await mailsTo(test, email)).filter((mail) => mail.template === "verifyEmail")).toHaveLength(
      before + 1,
    );
    const verified = await as(root).post(`/api/admin/users/${sam.id}/resend-verification`);
    expect(verified.statusCode).toBe(409);
  });

  it("grants and removes platform admin, but never the last one", async () => {
    const granted = await as(root).post(`/api/admin/users/${sam.id}/admin?grant=true`);
    expect(granted.json().roles).toContain("admin");
    expect((await as(sam).get("/api/admin/users")).statusCode).toBe(200);
    const removed = await as(root).post(`/api/admin/users/${sam.id}/admin?grant=false`);
    expect(removed.json().roles).not.toContain("admin");
    expect((await as(sam).get("/api/admin/users")).statusCode).toBe(404);

    await as(root).post(`/api/admin/users/${other.id}/admin?grant=false`);
    const last = await as(root).post(`/api/admin/users/${root.id}/admin?grant=false`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toMatch(/at least one admin/);
    await as(root).post(`/api/admin/users/${other.id}/admin?grant=true`);
  });

  it("keeps comments on an account that every admin reads and only their author changes", async () => {
    const added = await as(root).post(`/api/admin/users/${sam.id}/comments`, {
      notes: "Called about billing.",
    });
    expect(added.statusCode, added.body).toBe(200);
    const comment = added.json() as Comment;
    expect(comment).toMatchObject({
      notes: "Called about billing.",
      ownerId: root.id,
      ownerFirstName: "Root",
    });
    const seen = await as(other).get(`/api/admin/users/${sam.id}/comments`);
    expect((seen.json() as Comment[]).map((item) => item.id)).toEqual([comment.id]);
    expect((await as(other).put(`/api/admin/comments/${comment.id}`, { notes: "Mine now" })).statusCode).toBe(
      404,
    );
    expect((await as(other).delete(`/api/admin/comments/${comment.id}`)).statusCode).toBe(404);
    const edited = await as(root).put(`/api/admin/comments/${comment.id}`, { notes: "Called twice." });
    expect(edited.json().notes).toBe("Called twice.");
    const empty = await as(root).post(`/api/admin/users/${sam.id}/comments`, { notes: "  " });
    expect(empty.statusCode).toBe(400);
    expect((await as(root).delete(`/api/admin/comments/${comment.id}`)).statusCode).toBe(204);
    expect((await as(root).get(`/api/admin/users/${sam.id}/comments`)).json()).toEqual([]);
    expect((await as(sam).get(`/api/admin/users/${sam.id}/comments`)).statusCode).toBe(404);
  });

  it("deletes an account through the self-deletion path, never one's own", async () => {
    const leaving = await createSignedInUser(test);
    const saved = await request(test, {
      method: "POST",
      url: "/api/records/passwordvault/password",
      cookie: leaving.cookie,
      payload: { accountNickname: "Bank", password: "hunter2 hunter2" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await as(root).delete(`/api/admin/users/${leaving.id}`)).statusCode).toBe(204);
    expect((await as(root).get(`/api/admin/users/${leaving.id}`)).statusCode).toBe(404);
    expect((await as(leaving).get("/api/account/account")).statusCode).toBe(401);
    const records = await test.database.db
      .selectFrom("record")
      .select("id")
      .where("owner_id", "=", leaving.id)
      .execute();
    expect(records).toEqual([]);
    expect((await as(root).delete(`/api/admin/users/${root.id}`)).statusCode).toBe(409);
  });

  it("audits every admin action, with who, what, which account, when and from where", async () => {
    const log = await as(other).get("/api/admin/audit?size=100");
    expect(log.statusCode).toBe(200);
    const entries = log.json().content as AuditEntry[];
    const actions = new Set(
      entries.filter((entry) => entry.actorId === root.id).map((entry) => entry.action),
    );
    for (const action of [
      "user.disable",
      "user.enable",
      "user.resend_verification",
      "user.admin_grant",
      "user.admin_remove",
      "user.delete",
      "comment.create",
      "comment.update",
      "comment.delete",
    ]) {
      expect(actions, action).toContain(action);
    }
    const disable = entries.find((entry) => entry.action === "user.disable");
    expect(disable).toMatchObject({ actorEmail: root.email, subjectKind: "user", ip: expect.any(String) });
    const filtered = await as(other).get("/api/admin/audit?action=comment.");
    expect(
      (filtered.json().content as AuditEntry[]).every((entry) => entry.action.startsWith("comment.")),
    ).toBe(true);
  });
});
