import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_LIMITS, type CompanyMember } from "../../../domain/schemas/company.ts";
import { makePlatformAdmin, rolesOf } from "../../testing/billing.ts";
import { createSignedInUser, mailsTo, request, type TestUser, uniqueEmail } from "../../testing/identity.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { INVITE_REMINDER_MS } from "./service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const COMPANY = { name: "Acme Robotics", email: "hr@acme.example", website: "https://acme.example" };

/**
 * Companies with billing off (every verified account is a subscriber, so the b2b role is read on
 * its own): create, invite one or a CSV file, activate, the members table, deactivate, reactivate,
 * admins, the week-later reminder, seat limits, the audit log, and the privacy wall between a
 * company and its members' files.
 */
describe.each(testDialects())("companies on %s", (dialect) => {
  let test: TestApp;
  let now = Date.now();
  let owner: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect, { clock: () => now });
    owner = await createSignedInUser(test, { name: "Dana Scully" });
    const created = await as(owner).post("/api/b2b/company", COMPANY);
    expect(created.statusCode, created.body).toBe(200);
  });
  afterAll(() => test.close());

  const as = (user: TestUser | null) => {
    const cookie = user ? { cookie: user.cookie } : {};
    return {
      get: (url: string, headers: Record<string, string> = {}) =>
        request(test, { method: "GET", url, headers, ...cookie }),
      post: (url: string, payload?: object) =>
        request(test, { method: "POST", url, payload: payload ?? {}, ...cookie }),
      form: (url: string, fields: Record<string, string>) =>
        request(test, {
          method: "POST",
          url,
          payload: new URLSearchParams(fields).toString(),
          headers: { "content-type": "application/x-www-form-urlencoded" },
          ...cookie,
        }),
      csv: (text: string | Buffer, field = "file") => {
        const boundary = "----kinfile-test-boundary";
        const body = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="staff.csv"\r\nContent-Type: text/csv\r\n\r\n`,
          ),
          Buffer.isBuffer(text) ? text : Buffer.from(text),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        return request(test, {
          method: "POST",
          url: "/api/b2b/invite/upload-csv-file",
          payload: body,
          headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
          ...cookie,
        });
      },
    };
  };

  /** Runs every due job, however many batches it takes (undelivered mail queues up in tests). */
  async function drainJobs(): Promise<void> {
    while ((await test.jobs.runDue()).done > 0) {
      // Next batch.
    }
  }

  /** The activation code of the newest invitation mailed to an address. */
  async function codeMailedTo(email: string): Promise<string> {
    const mails = (await mailsTo(test, email)).filter((mail) => mail.template === "companyInvitation");
    const code = /([0-9A-Z]{5}-){3}[0-9A-Z]{5}/.exec(mails.at(-1)?.text ?? "")?.[0];
    if (code === undefined) throw new Error(`no invitation code mailed to ${email}`);
    return code;
  }

  async function member(email: string): Promise<CompanyMember> {
    const page = await as(owner).get(`/api/b2b/accounts/page/0?search=${encodeURIComponent(email)}`);
    const found = (page.json().content as CompanyMember[]).find((item) => item.email === email);
    if (found === undefined) throw new Error(`${email} is not a member`);
    return found;
  }

  /** Invites someone, lets them make an account, and activates their seat. */
  async function activeMember(name = "Fox Mulder", lang: "en" | "fr" = "en"): Promise<TestUser> {
    const email = uniqueEmail("staff");
    const [firstName = "", lastName = ""] = name.split(" ");
    const invited = await as(owner).post("/api/b2b/invite", { email, firstName, lastName, language: lang });
    expect(invited.statusCode, invited.body).toBe(200);
    const user = await createSignedInUser(test, { email, name, lang });
    const activated = await as(user).form("/api/b2b/account/activate", { code: await codeMailedTo(email) });
    expect(activated.json()).toEqual({ type: "b2b", status: true });
    return user;
  }

  describe("the company and its details", () => {
    it("makes its creator the first company admin, holding a seat; one company per account", async () => {
      const company = await as(owner).get("/api/b2b/company");
      expect(company.statusCode).toBe(200);
      expect(company.json()).toMatchObject({
        ...COMPANY,
        phones: [],
        address: null,
        seats: { used: 1, bought: null },
        subscription: null,
      });
      expect(await rolesOf(test, owner)).toEqual(expect.arrayContaining(["b2b", "companyAdmin"]));
      const again = await as(owner).post("/api/b2b/company", { ...COMPANY, name: "Second" });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe("Your account already belongs to a company.");
    });

    it("refuses a company without a name or with a bad address, naming the field", async () => {
      const someone = await createSignedInUser(test, { lang: "fr" });
      const missing = await as(someone).post("/api/b2b/company", { email: "x@example.com" });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields.name).toBe("Ce champ est obligatoire.");
      const bad = await as(someone).post("/api/b2b/company", {
        name: "X",
        email: "not-an-email",
        website: "javascript:alert(1)",
        phones: Array.from({ length: COMPANY_LIMITS.phones + 1 }, () => "555"),
      });
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(["email", "phones", "website"]);
      expect(
        await as(null)
          .post("/api/b2b/company", COMPANY)
          .then((r) => r.statusCode),
      ).toBe(401);
    });

    it("lets a company admin correct the company's details, validated and audited; a member cannot", async () => {
      const before = (await as(owner).get("/api/b2b/company")).json();
      const corrected = {
        ...COMPANY,
        name: "Acme Robotics Inc.",
        phones: ["555 0100"],
        address: "1 Main St",
      };
      const put = (user: TestUser, body: object) =>
        request(test, { method: "PUT", url: "/api/b2b/company", payload: body, cookie: user.cookie });
      const saved = await put(owner, corrected);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ ...corrected, seats: before.seats, createdAt: before.createdAt });
      expect((await as(owner).get("/api/b2b/company")).json().name).toBe("Acme Robotics Inc.");
      const audited = await test.database.db
        .selectFrom("audit_entry")
        .select(["actor_id", "subject_id"])
        .where("action", "=", "company.update")
        .execute();
      expect(audited).toContainEqual({ actor_id: owner.id, subject_id: before.id });

      const french = await createSignedInUser(test, { lang: "fr" });
      await as(french).post("/api/b2b/company", { name: "Frenchco", email: "rh@frenchco.example" });
      const bad = await put(french, { name: " ", email: "nope", website: "ftp://x" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toMatchObject({ name: "Ce champ est obligatoire." });
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(["email", "name", "website"]);

      const plain = await activeMember("Alvin Kersh");
      const refused = await put(plain, { ...corrected, name: "Hijacked" });
      expect(refused.statusCode).toBe(404);
      expect((await as(owner).get("/api/b2b/company")).json().name).toBe("Acme Robotics Inc.");
      await put(owner, COMPANY);
    });

    it("does not exist for anyone but the company's admins", async () => {
      const stranger = await createSignedInUser(test);
      for (const [method, url] of [
        ["GET", "/api/b2b/company"],
        ["POST", "/api/b2b/invite"],
        ["GET", "/api/b2b/accounts/page/0"],
        ["GET", "/api/b2b/account/deactivate/x"],
        ["POST", "/api/b2b/reactivate/x"],
        ["POST", "/api/b2b/account/admin/x?setRole=true"],
        ["POST", "/api/b2b/invite/upload-csv-file"],
      ] as const) {
        const response =
          method === "GET"
            ? await as(stranger).get(url)
            : await as(stranger).post(url, { email: "a@b.example" });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await as(null).get("/api/b2b/company")).statusCode).toBe(401);
      // A member who is not an admin, and a platform admin, are strangers to these calls too.
      const member = await activeMember("Plain Member");
      const platform = await createSignedInUser(test);
      await makePlatformAdmin(test, platform);
      expect((await as(platform).get("/api/b2b/company")).statusCode).toBe(404);
      for (const user of [member, platform]) {
        expect((await as(user).get("/api/b2b/accounts/page/0")).statusCode).toBe(404);
      }
    });

    it("shows a member the company and its admins, never the members, and lets them leave", async () => {
      const leaver = await activeMember("Jeffrey Spender");
      const seen = await as(leaver).get("/api/b2b/company");
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json()).toEqual({
        role: "member",
        name: COMPANY.name,
        admins: [{ firstName: "Dana", lastName: "Scully", email: owner.email.toLowerCase() }],
      });
      expect((await as(owner).get("/api/b2b/company")).json()).toMatchObject({ role: "admin", seats: {} });
      const saved = await as(leaver).post("/api/records/passwordvault/password", {
        accountNickname: "Bank",
        password: "hunter2 hunter2",
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const usedBefore = (await as(owner).get("/api/b2b/company")).json().seats.used;

      const left = await as(leaver).post("/api/b2b/account/leave");
      expect(left.statusCode, left.body).toBe(204);
      expect(await rolesOf(test, leaver)).not.toContain("b2b");
      expect((await as(leaver).get("/api/b2b/company")).statusCode).toBe(404);
      expect((await as(leaver).post("/api/b2b/account/leave")).statusCode).toBe(404);
      expect((await as(owner).get("/api/b2b/company")).json().seats.used).toBe(usedBefore - 1);
      expect((await member(leaver.email.toLowerCase())).status).toBe("deactivated");
      const kept = await as(leaver).get(`/api/records/passwordvault/password/${saved.json()}`);
      expect(kept.statusCode).toBe(200);
      const audited = await test.database.db
        .selectFrom("audit_entry")
        .select(["actor_id", "action"])
        .where("action", "=", "company.leave")
        .execute();
      expect(audited).toContainEqual({ actor_id: leaver.id, action: "company.leave" });

      // Reactivated by an admin, the former member is invited again: the account is not taken back.
      const reactivated = await as(owner).post(
        `/api/b2b/reactivate/${(await member(leaver.email.toLowerCase())).id}`,
      );
      expect(reactivated.json().status).toBe("invited");
      // The last admin cannot leave.
      const stuck = await as(owner).post("/api/b2b/account/leave");
      expect(stuck.statusCode).toBe(409);
    });
  });

  describe("invitations and their codes", () => {
    it("invites one person by mail in their language, with a single-use code that activates the seat", async () => {
      const email = uniqueEmail("gina");
      const invited = await as(owner).post("/api/b2b/invite", {
        email: email.toUpperCase(),
        firstName: "Gina",
        lastName: "Tremblay",
        language: "fr",
      });
      expect(invited.statusCode, invited.body).toBe(200);
      expect(invited.json()).toMatchObject({ email, status: "invited", isAdmin: false, activatedAt: null });
      const [mail] = (await mailsTo(test, email)).filter((item) => item.template === "companyInvitation");
      expect(mail?.subject).toBe("Acme Robotics vous offre Kinfile");
      expect(mail?.text).toContain("/b2b/activate?code=");
      const twice = await as(owner).post("/api/b2b/invite", { email, firstName: "G", lastName: "T" });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.fields.email).toBe("This person is already in your company.");

      const gina = await createSignedInUser(test, { email, lang: "fr" });
      expect(await rolesOf(test, gina)).not.toContain("b2b");
      const code = await codeMailedTo(email);
      const wrong = await as(gina).form("/api/b2b/account/activate", { code: "AAAAA-BBBBB-CCCCC-DDDDD" });
      expect(wrong.json()).toEqual({ type: "b2b", status: false });
      // Typed in lower case and without dashes, the code still works.
      const activated = await as(gina).form("/api/b2b/account/activate", {
        code: code.toLowerCase().replaceAll("-", ""),
      });
      expect(activated.json()).toEqual({ type: "b2b", status: true });
      expect(await rolesOf(test, gina)).toContain("b2b");
      expect(await rolesOf(test, gina)).not.toContain("companyAdmin");
      expect((await member(email)).status).toBe("active");
      const reused = await as(gina).form("/api/b2b/account/activate", { code });
      expect(reused.json()).toEqual({ type: "b2b", status: false });
    });

    it("lists an account's pending invitations and accepts one, for the invited address only", async () => {
      const email = uniqueEmail("invitee");
      const invited = await as(owner).post("/api/b2b/invite", {
        email,
        firstName: "Marita",
        lastName: "Covarrubias",
        language: "en",
      });
      expect(invited.statusCode, invited.body).toBe(200);
      const invitee = await createSignedInUser(test, {
        email,
        name: "Marita Covarrubias",
      });
      const someone = await createSignedInUser(test);
      const listed = await as(invitee).get("/api/b2b/invitations");
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json()).toEqual([
        { id: invited.json().id, companyName: COMPANY.name, invitedAt: now, expiresAt: null },
      ]);
      expect((await as(someone).get("/api/b2b/invitations")).json()).toEqual([]);
      expect((await as(null).get("/api/b2b/invitations")).statusCode).toBe(401);
      const stolen = await as(someone).post(`/api/b2b/invitations/${invited.json().id}/accept`);
      expect(stolen.statusCode).toBe(404);

      const accepted = await as(invitee).post(`/api/b2b/invitations/${invited.json().id}/accept`);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toEqual({ type: "b2b", status: true });
      expect(await rolesOf(test, invitee)).toContain("b2b");
      expect((await member(email)).status).toBe("active");
      expect((await as(invitee).get("/api/b2b/invitations")).json()).toEqual([]);
      expect((await as(invitee).post(`/api/b2b/invitations/${invited.json().id}/accept`)).statusCode).toBe(
        404,
      );
    });

    it("limits guessing activation codes", async () => {
      const guesser = await createSignedInUser(test);
      const guess = (code: string) =>
        request(test, {
          method: "POST",
          url: "/api/b2b/account/activate",
          payload: { code },
          cookie: guesser.cookie,
          // Its own address: the limit counts per account and per address.
          remoteAddress: "203.0.113.77",
        });
      for (let attempt = 0; attempt < 10; attempt++) {
        expect((await guess(`GUESS${attempt}`)).json()).toEqual({ type: "b2b", status: false });
      }
      const refused = await guess("GUESS");
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toMatch(/Too many codes tried/);
    });

    it("gives a seat only to the account of the invited address, whoever else holds the code", async () => {
      const email = uniqueEmail("invited");
      await as(owner).post("/api/b2b/invite", { email, firstName: "Ivy", lastName: "Invited" });
      const code = await codeMailedTo(email);
      const used = (await as(owner).get("/api/b2b/company")).json().seats.used;

      const colleague = await createSignedInUser(test, { lang: "fr" });
      const taken = await as(colleague).form("/api/b2b/account/activate", { code });
      expect(taken.statusCode).toBe(403);
      expect(taken.json().error).toEqual({
        code: "invitation_other_address",
        message: `Cette invitation a été envoyée à une autre adresse courriel. Demandez à l’administrateur de votre entreprise une invitation à ${colleague.email}, l’adresse de ce compte.`,
      });
      const english = await createSignedInUser(test);
      const refused = await as(english).post("/api/b2b/account/activate", { code });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(
        `This invitation was sent to another email address. Ask your company's admin for an invitation to ${english.email}, the address of this account.`,
      );
      expect(await rolesOf(test, colleague)).not.toContain("b2b");
      expect((await member(email)).status).toBe("invited");
      expect((await as(owner).get("/api/b2b/company")).json().seats.used).toBe(used);

      // The invitation's address as an admin may have typed it: case and spaces aside, it is theirs.
      await test.database.db
        .updateTable("company_member")
        .set({ email: ` ${email.toUpperCase()} ` })
        .where("email", "=", email)
        .execute();
      const invited = await createSignedInUser(test, { email });
      const activated = await as(invited).form("/api/b2b/account/activate", { code });
      expect(activated.json()).toEqual({ type: "b2b", status: true });
      expect(await rolesOf(test, invited)).toContain("b2b");
    });
  });

  describe("members", () => {
    it("lists members with only the membership's fields, sorted, searched and paged", async () => {
      await activeMember("Walter Skinner");
      await activeMember("Monica Reyes");
      const first = await as(owner).get(
        "/api/b2b/accounts/page/0?size=2&sortedColumn=firstName&descending=false",
      );
      expect(first.statusCode).toBe(200);
      const page = first.json();
      expect(page).toMatchObject({ page: 0, size: 2 });
      expect(page.totalPages).toBe(Math.ceil(page.totalElements / 2));
      expect(page.content).toHaveLength(2);
      expect(Object.keys(page.content[0]).sort()).toEqual(
        [
          "activatedAt",
          "email",
          "firstName",
          "id",
          "invitedAt",
          "isAdmin",
          "language",
          "lastName",
          "status",
        ].sort(),
      );
      const names = page.content.map((item: CompanyMember) => item.firstName);
      expect(names).toEqual([...names].sort());
      const searched = await as(owner).get("/api/b2b/accounts/page/0?search=SKINNER");
      expect(searched.json().content.map((item: CompanyMember) => item.lastName)).toEqual(["Skinner"]);
      const bad = await as(owner).get("/api/b2b/accounts/page/0?size=1000&sortedColumn=password");
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(["size", "sortedColumn"]);
    });

    it("keeps a member's file out of the company's sight (404), and another company's members out of reach", async () => {
      const walter = await activeMember("Walter Bishop");
      const saved = await request(test, {
        method: "POST",
        url: "/api/records/passwordvault/password",
        cookie: walter.cookie,
        payload: { accountNickname: "Bank", password: "hunter2 hunter2" },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const recordId = saved.json();
      expect((await as(owner).get(`/api/records/passwordvault/password/${recordId}`)).statusCode).toBe(404);
      const listed = await as(owner).get("/api/records/passwordvault/password");
      expect(JSON.stringify(listed.json())).not.toContain(recordId);

      const rival = await createSignedInUser(test);
      expect(
        (await as(rival).post("/api/b2b/company", { name: "Rival", email: "r@rival.example" })).statusCode,
      ).toBe(200);
      const walterId = (await member(walter.email)).id;
      expect((await as(rival).get(`/api/b2b/account/deactivate/${walterId}`)).statusCode).toBe(404);
      expect((await as(rival).post(`/api/b2b/reactivate/${walterId}`)).statusCode).toBe(404);
      expect((await as(rival).post(`/api/b2b/account/admin/${walterId}?setRole=true`)).statusCode).toBe(404);
      const rivalPage = await as(rival).get("/api/b2b/accounts/page/0");
      expect(rivalPage.json().content.map((item: CompanyMember) => item.email)).toEqual([rival.email]);
    });

    it("deactivates (refusing another site), keeping the file, and reactivates; admins come and go but one stays", async () => {
      const monica = await activeMember("Monica Banks");
      const id = (await member(monica.email)).id;
      const crossSite = await as(owner).get(`/api/b2b/account/deactivate/${id}`, {
        "sec-fetch-site": "cross-site",
      });
      expect(crossSite.statusCode).toBe(403);
      expect((await member(monica.email)).status).toBe("active");

      const deactivated = await as(owner).get(`/api/b2b/account/deactivate/${id}`, {
        "sec-fetch-site": "same-origin",
      });
      expect(deactivated.statusCode, deactivated.body).toBe(200);
      expect(deactivated.json().status).toBe("deactivated");
      expect(await rolesOf(test, monica)).not.toContain("b2b");
      // Billing is off: she is still a subscriber of her own, and her account is untouched.
      expect((await as(monica).get("/api/account/account")).statusCode).toBe(200);

      const reactivated = await as(owner).post(`/api/b2b/reactivate/${id}`);
      expect(reactivated.json().status).toBe("active");
      expect(await rolesOf(test, monica)).toContain("b2b");

      const granted = await as(owner).post(`/api/b2b/account/admin/${id}?setRole=true`);
      expect(granted.json().isAdmin).toBe(true);
      expect(await rolesOf(test, monica)).toContain("companyAdmin");
      expect((await as(monica).get("/api/b2b/company")).json().name).toBe(COMPANY.name);
      const removed = await as(monica).post(`/api/b2b/account/admin/${id}?setRole=false`);
      expect(removed.json().isAdmin).toBe(false);
      expect(await rolesOf(test, monica)).not.toContain("companyAdmin");

      const ownerId = (await member(owner.email)).id;
      const alone = await as(owner).post(`/api/b2b/account/admin/${ownerId}?setRole=false`);
      expect(alone.statusCode).toBe(409);
      expect(alone.json().error.message).toMatch(/at least one admin/);
      expect((await as(owner).get(`/api/b2b/account/deactivate/${ownerId}`)).statusCode).toBe(409);
    });
  });

  describe("invites from a CSV file", () => {
    it("invites from a CSV file, with every row's outcome", async () => {
      const existing = await activeMember("Alex Krycek");
      const fresh = uniqueEmail("csv");
      const other = uniqueEmail("csv");
      const csv = [
        "\uFEFFE-mail address,First name,last_name,Language",
        `${fresh},Jeffrey,Spender,fr`,
        `${fresh.toUpperCase()},Jeffrey,Again,en`,
        `${existing.email},Alex,Krycek,`,
        "not-an-email,No,Body,en",
        `${other},"Smith, Jr",Cigarette,`,
        "",
      ].join("\r\n");
      const response = await as(owner).csv(csv);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        seatsMissing: 0,
        rows: [
          { row: 2, email: fresh, result: "invited", field: null, reason: null },
          { row: 3, email: fresh, result: "duplicate", field: null, reason: null },
          { row: 4, email: existing.email, result: "member", field: null, reason: null },
          {
            row: 5,
            email: "not-an-email",
            result: "invalid",
            field: "email",
            reason: "Email: Enter a valid email address.",
          },
          { row: 6, email: other, result: "invited", field: null, reason: null },
        ],
      });
      expect((await member(other)).firstName).toBe("Smith, Jr");
      expect(await codeMailedTo(fresh)).toBeTruthy();
      const [mail] = (await mailsTo(test, fresh)).filter((item) => item.template === "companyInvitation");
      expect(mail?.subject).toContain("vous offre Kinfile");
    });

    it("refuses a file that is not an invite list, too long or too large, inviting no one", async () => {
      const header = await as(owner).csv("mail,name\nx@example.com,X\n");
      expect(header.statusCode).toBe(400);
      expect(header.json().error.fields.file).toContain("email,firstName,lastName,language");
      const empty = await as(owner).csv("email,firstName,lastName\n");
      expect(empty.json().error.fields.file).toBe("The file holds no one to invite below its header row.");
      // Addresses no other test's can end with (uniqueEmail's end with a base-36 time, no hyphen in it,
      // which once ended in "p1" and made the search below find a member).
      const rows = Array.from(
        { length: COMPANY_LIMITS.csvRows + 1 },
        (_, at) => `refused-${at}@example.com,A,B`,
      );
      const tooMany = await as(owner).csv(["email,firstName,lastName", ...rows].join("\n"));
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error.fields.file).toBe("Invite at most 1000 people per file.");
      const huge = Buffer.alloc(COMPANY_LIMITS.csvBytes + 10, "a");
      const tooLarge = await as(owner).csv(huge);
      expect(tooLarge.statusCode).toBe(413);
      const wrongField = await as(owner).csv("email,firstName,lastName\na@b.example,A,B\n", "upload");
      expect(wrongField.statusCode).toBe(400);
      for (const contentType of ["multipart/form-data", "multipart/form-data; boundary=----cut"]) {
        const malformed = await request(test, {
          method: "POST",
          url: "/api/b2b/invite/upload-csv-file",
          payload:
            '------cut\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nemail,fi',
          headers: { "content-type": contentType },
          cookie: owner.cookie,
        });
        expect(malformed.statusCode, malformed.body).toBe(400);
        expect(malformed.json().error.message).toBe(
          "The upload is not a readable multipart form: send the file again.",
        );
      }
      const nobody = await as(owner).get("/api/b2b/accounts/page/0?search=refused-1%40example.com");
      expect(nobody.json().totalElements).toBe(0);
    });

    it("invites no one when the file needs more seats than are free, saying how many are missing", async () => {
      const company = (await as(owner).get("/api/b2b/company")).json();
      await test.database.db
        .updateTable("company")
        .set({ seat_limit: company.seats.used + 1 })
        .where("id", "=", company.id)
        .execute();
      const [a, b, c] = [uniqueEmail("seat"), uniqueEmail("seat"), uniqueEmail("seat")];
      const response = await as(owner).csv(`email,firstName,lastName\n${a},A,A\n${b},B,B\n${c},C,C\n`);
      expect(response.statusCode).toBe(200);
      expect(response.json().seatsMissing).toBe(2);
      expect(response.json().rows.map((row: { result: string }) => row.result)).toEqual([
        "invalid",
        "invalid",
        "invalid",
      ]);
      expect(await mailsTo(test, a)).toEqual([]);
      const one = await as(owner).post("/api/b2b/invite", { email: a, firstName: "A", lastName: "A" });
      expect(one.statusCode).toBe(200);
      const none = await as(owner).post("/api/b2b/invite", { email: b, firstName: "B", lastName: "B" });
      expect(none.statusCode).toBe(409);
      expect(none.json().error.message).toBe("Not enough free seats: 1 more needed.");
      await test.database.db
        .updateTable("company")
        .set({ seat_limit: null })
        .where("id", "=", company.id)
        .execute();
    });
  });

  describe("register links and reminders", () => {
    /** The register link of the newest invitation mailed to an address. */
    async function registerLinkMailedTo(email: string): Promise<URL> {
      const mails = (await mailsTo(test, email)).filter((mail) => mail.template === "companyInvitation");
      const link = /https?:\/\/\S+\/register\?\S+/.exec(mails.at(-1)?.text ?? "")?.[0];
      if (link === undefined) throw new Error(`no register link mailed to ${email}`);
      return new URL(link);
    }

    it("mails a register link whose token names the company to anyone, until the invitation is used", async () => {
      const email = uniqueEmail("newcomer");
      await as(owner).post("/api/b2b/invite", { email, firstName: "New", lastName: "Comer" });
      const link = await registerLinkMailedTo(email);
      expect(link.pathname).toBe("/register");
      expect([...link.searchParams.keys()].sort()).toEqual(["email", "invitation", "next"]);
      expect(link.searchParams.get("email")).toBe(email);
      expect(link.searchParams.get("next")).toBe("/b2b");
      const first = link.searchParams.get("invitation") ?? "";
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      // The token is not the code: it names the invitation but cannot activate it.
      expect(first).not.toContain((await codeMailedTo(email)).toLowerCase());

      const preview = await as(null).get(`/api/b2b/invitation/${first}`);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toEqual({ companyName: COMPANY.name });
      expect(preview.headers["cache-control"]).toBe("no-store");

      // Nothing to list by guessing: any other token, or a member's id, finds nothing.
      const guessed = await as(null).get(`/api/b2b/invitation/${"0".repeat(63)}1`);
      expect(guessed.statusCode).toBe(404);
      const byId = await as(null).get(`/api/b2b/invitation/${(await member(email)).id}`);
      expect(byId.statusCode).toBe(400);
      expect(byId.json().error.fields).toHaveProperty("token");

      // The reminder's new code retires the first link's token.
      now += INVITE_REMINDER_MS;
      await drainJobs();
      const second = (await registerLinkMailedTo(email)).searchParams.get("invitation") ?? "";
      expect(second).not.toBe(first);
      expect((await as(null).get(`/api/b2b/invitation/${first}`)).statusCode).toBe(404);
      expect((await as(null).get(`/api/b2b/invitation/${second}`)).json()).toEqual({
        companyName: COMPANY.name,
      });

      // Accepted, the invitation is used: its link names nothing any more.
      const newcomer = await createSignedInUser(test, { email });
      const [pending] = (await as(newcomer).get("/api/b2b/invitations")).json();
      expect((await as(newcomer).post(`/api/b2b/invitations/${pending.id}/accept`)).json().status).toBe(true);
      expect((await as(null).get(`/api/b2b/invitation/${second}`)).statusCode).toBe(404);
    });

    it("reminds once a week later with a new code that replaces the first", async () => {
      const email = uniqueEmail("late");
      await as(owner).post("/api/b2b/invite", { email, firstName: "Late", lastName: "Comer" });
      const first = await codeMailedTo(email);
      now += INVITE_REMINDER_MS - DAY_MS;
      await drainJobs();
      expect(
        (await mailsTo(test, email)).filter((mail) => mail.template === "companyInvitation"),
      ).toHaveLength(1);
      now += DAY_MS;
      await drainJobs();
      const mails = (await mailsTo(test, email)).filter((mail) => mail.template === "companyInvitation");
      expect(mails).toHaveLength(2);
      expect(mails[1]?.subject).toBe("Reminder: Acme Robotics gives you Kinfile");
      const second = await codeMailedTo(email);
      expect(second).not.toBe(first);
      const late = await createSignedInUser(test, { email });
      expect((await as(late).form("/api/b2b/account/activate", { code: first })).json().status).toBe(false);
      expect((await as(late).form("/api/b2b/account/activate", { code: second })).json().status).toBe(true);
      now += 2 * INVITE_REMINDER_MS;
      await drainJobs();
      expect(
        (await mailsTo(test, email)).filter((mail) => mail.template === "companyInvitation"),
      ).toHaveLength(2);
    });
  });

  describe("platform admins and the audit log", () => {
    it("shows platform admins every company with its seats and members by status, and lets them set seats", async () => {
      const admin = await createSignedInUser(test);
      await makePlatformAdmin(test, admin);
      const listed = await as(admin).get("/api/admin/companies?search=ACME");
      expect(listed.statusCode, listed.body).toBe(200);
      const [acme] = listed.json().content;
      expect(acme).toMatchObject({ name: COMPANY.name, seats: { bought: null } });
      expect(acme.members.active).toBeGreaterThan(1);
      expect(acme.members.invited).toBeGreaterThan(0);
      expect(JSON.stringify(listed.json())).not.toContain("Scully");
      const set = await as(admin).post(`/api/admin/companies/${acme.id}/seats`, { seatLimit: 500 });
      expect(set.json().seats.bought).toBe(500);
      expect((await as(owner).get("/api/b2b/company")).json().seats.bought).toBe(500);
      const bad = await as(admin).post(`/api/admin/companies/${acme.id}/seats`, { seatLimit: 0 });
      expect(bad.statusCode).toBe(400);
      expect(
        (await as(admin).post(`/api/admin/companies/${acme.id}/seats`, { seatLimit: null })).json().seats
          .bought,
      ).toBe(null);
      expect((await as(owner).get("/api/admin/companies")).statusCode).toBe(404);
      expect((await as(admin).get("/api/admin/companies/nope")).statusCode).toBe(404);
    });

    it("writes every company-admin action to the audit log", async () => {
      const entries = await test.database.db
        .selectFrom("audit_entry")
        .select(["action", "actor_id"])
        .where("actor_id", "=", owner.id)
        .execute();
      const actions = new Set(entries.map((entry) => entry.action));
      for (const action of [
        "company.create",
        "company.update",
        "company.invite",
        "company.invite_csv",
        "company.deactivate",
        "company.reactivate",
        "company.admin_grant",
      ]) {
        expect(actions, action).toContain(action);
      }
    });
  });
});
