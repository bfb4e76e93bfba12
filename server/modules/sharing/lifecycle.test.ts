import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, INVITATION_LIFETIME_DAYS, type NomineeView } from "../../../domain/schemas/share.ts";
import { createSignedInUser, mailsTo, pathOf, request, type TestUser } from "../../testing/identity.ts";
import {
  acceptedNominee,
  approvalLinkOf,
  as,
  buildLifecycleApp,
  invite,
  type LifecycleHarness,
  NOMINEES,
  newNominee,
  nomineeBody,
  nomineeView,
  postApproval,
  sharingMails,
  withMe,
} from "../../testing/nominee-lifecycle.ts";
import { testDialects } from "../../testing/test-database.ts";
import { recordActivity } from "../activity/activity-log.ts";

describe.each(testDialects())("the nominee lifecycle on %s", (dialect) => {
  let test: LifecycleHarness;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    test = await buildLifecycleApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Owner" });
    bob = await createSignedInUser(test, { name: "Bob Other" });
  });
  afterAll(() => test.close());

  const nominee = (id: string, path = "") => `/api/shared/nominee/${id}${path}`;
  const owned = (id: string, path = "") => `${NOMINEES}/${id}${path}`;

  describe("inviting", () => {
    it("names the nominee, answers the id, and mails an invitation with the sign-up link", async () => {
      const alex = await newNominee(test);
      const id = await invite(test, ann, alex, "five_days");
      expect(typeof id).toBe("string");
      const view = await nomineeView(test, ann, id);
      expect(view).toMatchObject({
        id,
        firstName: "Alex",
        lastName: "Martin",
        email: alex.email,
        status: "invited",
        release: "five_days",
        scope: { modules: ["inventory"], categories: ["passport"] },
        invitedAt: test.now(),
        inviteExpiresAt: test.now() + INVITATION_LIFETIME_DAYS * DAY_MS,
        acceptedAt: null,
        releaseAt: null,
      });
      const list = await as(test, ann).ok<NomineeView[]>("GET", NOMINEES);
      expect(list[0]?.id).toBe(id);

      const [mail, ...others] = await sharingMails(test, alex.email);
      expect(others).toEqual([]);
      expect(mail?.template).toBe("shareInvitation");
      expect(mail?.subject).toBe("Ann Owner named you a trusted person on Kinfile");
      expect(mail?.text).toContain("Key Document Inventory, Passports");
      expect(mail?.text).toContain(`${test.config.publicUrl}/dashboard/shared-data/shared-with-me`);
      expect(mail?.text).toContain(
        // Registered, the nominee is taken to the invitation (the app's return path), not their own file.
        `${test.config.publicUrl}/register?${new URLSearchParams({ email: alex.email, next: "/dashboard/shared-data/shared-with-me" }).toString()}`,
      );
      expect(mail?.text).toContain("within 5 days");
    });

    it("writes the invitation in the nominee's language when they have an account", async () => {
      const claire = await newNominee(test, "fr");
      await invite(test, ann, claire, "manual");
      const [mail] = await sharingMails(test, claire.email);
      expect(mail?.subject).toBe("Ann Owner vous a désigné comme personne de confiance sur Kinfile");

      // Without an account, the owner's language.
      const marie = await createSignedInUser(test, { name: "Marie Dupont", lang: "fr" });
      const email = `no-account-${Date.now()}@example.com`;
      await invite(test, marie, { email }, "manual");
      expect((await sharingMails(test, email))[0]?.subject).toBe(
        "Marie Dupont vous a désigné comme personne de confiance sur Kinfile",
      );
    });

    it("refuses bad input naming the fields", async () => {
      const missing = await as(test, ann).send("POST", NOMINEES, {
        firstName: "",
        lastName: "M",
        email: "not-an-email",
        scope: { modules: [], categories: ["nope"] },
        release: "someday",
      });
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json().error.fields).sort()).toEqual(
        ["email", "firstName", "release", "scope.categories.0"].sort(),
      );

      const empty = await as(test, ann).send(
        "POST",
        NOMINEES,
        nomineeBody({ email: "x@example.com" }, "now", { scope: {} }),
      );
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.fields).toEqual({
        "scope.modules": "Choose at least one module or category to share.",
      });

      const own = await as(test, ann).send(
        "POST",
        NOMINEES,
        nomineeBody({ email: ann.email.toUpperCase() }, "now"),
      );
      expect(own.statusCode).toBe(400);
      expect(Object.keys(own.json().error.fields)).toEqual(["email"]);

      const bobsPerson = await as(test, bob).ok<string>("POST", "/api/pn/person", {
        group: "child",
        type: "son",
        mainDetails: { firstName: "Kid" },
      });
      const stranger = await as(test, ann).send(
        "POST",
        NOMINEES,
        nomineeBody({ email: "someone@example.com" }, "now", { personId: bobsPerson }),
      );
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().error.fields).toEqual({ personId: "Choose a person of your own network." });
    });

    it("refuses the same address twice for one owner, but not for another", async () => {
      const email = `twice-${Date.now()}@example.com`;
      await invite(test, ann, { email }, "manual");
      const again = await as(test, ann).send(
        "POST",
        NOMINEES,
        nomineeBody({ email: email.toUpperCase() }, "now"),
      );
      expect(again.statusCode).toBe(409);
      expect(again.json().error.fields).toEqual({
        email: "You already named someone with this email address.",
      });
      await invite(test, bob, { email }, "manual");
    });

    it("answers 404 for another owner's nominee on every route", async () => {
      const id = await invite(test, ann, { email: `private-${Date.now()}@example.com` }, "manual");
      const body = nomineeBody({ email: "x@example.com" }, "now");
      for (const [method, url, payload] of [
        ["GET", owned(id)],
        ["PUT", owned(id), body],
        ["DELETE", owned(id)],
        ["GET", owned(id, "/log")],
        ["POST", owned(id, "/resend")],
        ["POST", owned(id, "/cancel")],
        ["POST", owned(id, "/revoke")],
        ["POST", owned(id, "/approve")],
        ["POST", owned(id, "/decline")],
      ] as const) {
        const response = await as(test, bob).send(method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await as(test, ann).send("GET", owned(id))).statusCode).toBe(200);
    });
  });

  describe("answering an invitation", () => {
    it("lists the invitation under Shared with me, with the owner's names, and accepts it", async () => {
      const alex = await newNominee(test);
      const id = await invite(test, ann, alex, "ten_days");
      const [item] = await withMe(test, alex);
      expect(item).toMatchObject({
        nomineeId: id,
        owner: { firstName: "Ann", lastName: "Owner", email: ann.email },
        status: "invited",
        release: "ten_days",
      });
      // Someone else's account cannot answer it.
      expect((await as(test, bob).send("POST", nominee(id, "/accept"))).statusCode).toBe(404);

      const accepted = await as(test, alex).ok<{ status: string }>("POST", nominee(id, "/accept"));
      expect(accepted.status).toBe("accepted");
      expect(await nomineeView(test, ann, id)).toMatchObject({ status: "accepted", acceptedAt: test.now() });
      const [notice] = (await sharingMails(test, ann.email)).filter((mail) => mail.text.includes(id));
      expect(notice?.subject).toBe("Alex Martin accepted your invitation");
      expect(notice?.text).toContain(`${test.config.publicUrl}/dashboard/shared-data/shared-by-me/${id}`);
      expect((await as(test, alex).send("POST", nominee(id, "/accept"))).statusCode).toBe(404);
    });

    it("lets someone without an account sign up with the invited address and accept", async () => {
      const email = `newcomer-${Date.now()}@example.com`;
      const id = await invite(test, ann, { email: email.toUpperCase() }, "five_days");
      const newcomer = await createSignedInUser(test, { email, name: "New Comer" });
      expect((await withMe(test, newcomer)).map((item) => [item.nomineeId, item.status])).toEqual([
        [id, "invited"],
      ]);
      await as(test, newcomer).ok("POST", nominee(id, "/accept"));
      expect((await withMe(test, newcomer))[0]?.status).toBe("accepted");
    });

    it("releases at once on acceptance when the rule is now", async () => {
      const { id } = await acceptedNominee(test, ann, "now");
      expect(await nomineeView(test, ann, id)).toMatchObject({ status: "released", releasedAt: test.now() });
    });

    it("declines an invitation and tells the owner", async () => {
      const alex = await newNominee(test);
      const id = await invite(test, ann, alex, "manual");
      const declined = await as(test, alex).ok<{ status: string }>("POST", nominee(id, "/decline"));
      expect(declined.status).toBe("declined");
      expect((await mailsTo(test, ann.email)).at(-1)?.subject).toBe("Alex Martin declined your invitation");
      expect((await as(test, alex).send("POST", nominee(id, "/accept"))).statusCode).toBe(404);
    });

    it("notices carry a one-click unsubscribe, and stop once the reader has used it", async () => {
      const alex = await newNominee(test);
      const id = await invite(test, ann, alex, "manual");
      await as(test, alex).ok("POST", nominee(id, "/decline"));
      const [notice] = await test.database.db
        .selectFrom("mail_outbox")
        .select(["headers", "text_body"])
        .where("to_address", "=", ann.email)
        .where("template", "=", "shareNotice")
        .orderBy("created_at", "desc")
        .limit(1)
        .execute();
      const headers = JSON.parse(notice?.headers ?? "{}") as Record<string, string>;
      expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      const oneClick = new URL(/^<(.+)>$/.exec(headers["List-Unsubscribe"] ?? "")?.[1] ?? "");
      expect(notice?.text_body).toContain("/unsubscribe?");
      const unsubscribed = await test.app.inject({
        method: "POST",
        url: `${oneClick.pathname}${oneClick.search}`,
        payload: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(unsubscribed.statusCode).toBe(200);

      const before = (await mailsTo(test, ann.email)).length;
      const blake = await newNominee(test);
      const second = await invite(test, ann, blake, "manual");
      await as(test, blake).ok("POST", nominee(second, "/decline"));
      expect((await mailsTo(test, ann.email)).length).toBe(before);
      await test.database.db
        .updateTable("user")
        .set({ emailNotifications: true })
        .where("id", "=", ann.id)
        .execute();
    });

    it("expires after 10 days; resending invites anew", async () => {
      const alex = await newNominee(test);
      const id = await invite(test, ann, alex, "manual");
      test.advance(INVITATION_LIFETIME_DAYS * DAY_MS - 1);
      expect((await nomineeView(test, ann, id)).status).toBe("invited");
      test.advance(1);
      expect((await nomineeView(test, ann, id)).status).toBe("expired");
      expect((await withMe(test, alex))[0]?.status).toBe("expired");
      const late = await as(test, alex).send("POST", nominee(id, "/accept"));
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe(
        "This invitation has expired. Ask the person who sent it to send it again.",
      );

      const resent = await as(test, ann).ok<NomineeView>("POST", owned(id, "/resend"));
      expect(resent).toMatchObject({ status: "invited", invitedAt: test.now() });
      expect((await sharingMails(test, alex.email)).map((mail) => mail.template)).toEqual([
        "shareInvitation",
        "shareInvitation",
      ]);
      await as(test, alex).ok("POST", nominee(id, "/accept"));
      expect((await as(test, ann).send("POST", owned(id, "/resend"))).statusCode).toBe(409);
    });

    it("cancels an invitation, which can then be sent again", async () => {
      const alex = await newNominee(test);
      const id = await invite(test, ann, alex, "manual");
      expect((await as(test, ann).ok<NomineeView>("POST", owned(id, "/cancel"))).status).toBe("cancelled");
      expect((await as(test, alex).send("POST", nominee(id, "/accept"))).statusCode).toBe(404);
      expect(await withMe(test, alex)).toEqual([]);
      expect((await as(test, ann).send("POST", owned(id, "/cancel"))).statusCode).toBe(409);
      expect((await as(test, ann).ok<NomineeView>("POST", owned(id, "/resend"))).status).toBe("invited");
    });

    it("changes the address only before acceptance, inviting the new one", async () => {
      const alex = await newNominee(test);
      const other = await newNominee(test);
      const id = await invite(test, ann, alex, "manual");
      test.advance(DAY_MS);
      const moved = await as(test, ann).ok<NomineeView>("PUT", owned(id), nomineeBody(other, "manual"));
      expect(moved).toMatchObject({ email: other.email, status: "invited", invitedAt: test.now() });
      expect((await sharingMails(test, other.email)).map((mail) => mail.template)).toEqual([
        "shareInvitation",
      ]);
      expect((await as(test, alex).send("POST", nominee(id, "/accept"))).statusCode).toBe(404);
      await as(test, other).ok("POST", nominee(id, "/accept"));
      const locked = await as(test, ann).send("PUT", owned(id), nomineeBody(alex, "manual"));
      expect(locked.statusCode).toBe(400);
      expect(Object.keys(locked.json().error.fields)).toEqual(["email"]);
      const renamed = await as(test, ann).ok<NomineeView>(
        "PUT",
        owned(id),
        nomineeBody(other, "ten_days", { firstName: "Sasha" }),
      );
      expect(renamed).toMatchObject({ firstName: "Sasha", release: "ten_days", status: "accepted" });
    });
  });

  describe("asking for access", () => {
    it("mails the owner at once with Approve and Decline links, and the nominee a confirmation", async () => {
      const { nominee: alex, id } = await acceptedNominee(test, ann, "five_days");
      const requestedAt = test.now();
      const asked = await as(test, alex).ok<{ status: string; releaseAt: number }>(
        "POST",
        nominee(id, "/request"),
      );
      expect(asked).toMatchObject({ status: "requested", releaseAt: requestedAt + 5 * DAY_MS });
      expect(await nomineeView(test, ann, id)).toMatchObject({
        status: "requested",
        requestedAt,
        releaseAt: requestedAt + 5 * DAY_MS,
      });
      const request = (await mailsTo(test, ann.email)).at(-1);
      expect(request?.template).toBe("shareRequest");
      expect(request?.subject).toBe("Alex Martin asks for access to your Kinfile");
      expect(request?.text).toMatch(/accepted-share-request\?nomineeId=[^&\s]+&approve=true&sign=/);
      expect(request?.text).toMatch(/accepted-share-request\?nomineeId=[^&\s]+&approve=false&sign=/);
      expect(request?.text).toContain("Unless you answer, access will be released on");
      expect((await sharingMails(test, alex.email)).at(-1)?.subject).toBe(
        "Your access request to Ann Owner was sent",
      );
      expect((await as(test, alex).send("POST", nominee(id, "/request"))).statusCode).toBe(409);
      // Only the nominee themselves may ask.
      expect((await as(test, bob).send("POST", nominee(id, "/request"))).statusCode).toBe(404);
    });

    it("is refused before acceptance", async () => {
      const alex = await newNominee(test);
      const id = await invite(test, ann, alex, "five_days");
      expect((await as(test, alex).send("POST", nominee(id, "/request"))).statusCode).toBe(404);
    });

    it("releases at once when the rule is now", async () => {
      const { nominee: alex, id } = await acceptedNominee(test, ann, "manual");
      await as(test, ann).ok("PUT", owned(id), nomineeBody(alex, "now"));
      expect((await as(test, alex).ok<{ status: string }>("POST", nominee(id, "/request"))).status).toBe(
        "released",
      );
    });
  });

  describe("the approval link", () => {
    it("opening it (GET or HEAD of the link and of the request it names) changes nothing; the POST does", async () => {
      const { nominee: alex, id } = await acceptedNominee(test, ann, "five_days");
      await as(test, alex).ok("POST", nominee(id, "/request"));
      const { sign } = await approvalLinkOf(test, ann, id, true);
      const link = (await mailsTo(test, ann.email))
        .flatMap((mail) => mail.text.match(/https?:\/\/\S+accepted-share-request\S+/g) ?? [])
        .find((url) => url.includes(encodeURIComponent(sign)) || url.includes(sign));
      expect(link).toBeDefined();
      const bearer = { authorization: `Bearer ${sign}` };
      for (const method of ["GET", "HEAD"] as const) {
        await request(test, { method, url: pathOf(link ?? "") });
        const read = await request(test, { method, url: `/api/shared/owner/approve/${id}`, headers: bearer });
        expect(read.statusCode).toBe(200);
        expect(read.headers["cache-control"]).toBe("no-store");
      }
      const preview = await request(test, {
        method: "GET",
        url: `/api/shared/owner/approve/${id}`,
        headers: bearer,
      });
      expect(preview.json()).toEqual({
        nominee: { firstName: "Alex", lastName: "Martin", email: alex.email },
        scope: { modules: ["inventory"], categories: ["passport"] },
        release: "five_days",
        requestedAt: test.now(),
        releaseAt: test.now() + 5 * DAY_MS,
      });
      expect((await nomineeView(test, ann, id)).status).toBe("requested");
      expect((await sharingMails(test, alex.email)).at(-1)?.subject).toBe(
        "Your access request to Ann Owner was sent",
      );
      // The same refusals as the answer: a bad sign is invalid, a used one says what became of it.
      const bad = await request(test, {
        method: "GET",
        url: `/api/shared/owner/approve/${id}`,
        headers: { authorization: "Bearer x.y" },
      });
      expect(bad.json().error.code).toBe("invalid_signature");

      expect((await postApproval(test, id, true, sign)).json()).toBe(true);
      expect((await nomineeView(test, ann, id)).status).toBe("released");
      const after = await request(test, {
        method: "GET",
        url: `/api/shared/owner/approve/${id}`,
        headers: bearer,
      });
      expect(after.statusCode).toBe(409);
      expect(after.json().error.state).toBe("released");
    });

    it("approves once: released, the nominee mailed, the link void afterwards", async () => {
      const { nominee: alex, id } = await acceptedNominee(test, ann, "five_days");
      await as(test, alex).ok("POST", nominee(id, "/request"));
      const { nomineeId, sign } = await approvalLinkOf(test, ann, id, true);
      expect(nomineeId).toBe(id);
      const approved = await postApproval(test, nomineeId, true, sign);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toBe(true);
      expect(await nomineeView(test, ann, id)).toMatchObject({
        status: "released",
        releasedAt: test.now(),
        releaseAt: null,
      });
      expect((await sharingMails(test, alex.email)).at(-1)?.subject).toBe(
        "You can now read what Ann Owner shares with you",
      );
      // Opened again, the link changes nothing and says what became of the request.
      const replay = await postApproval(test, nomineeId, true, sign);
      expect(replay.statusCode).toBe(409);
      expect(replay.json().error).toMatchObject({ code: "conflict", state: "released" });
      // The release job was cancelled: the wait passing later changes and mails nothing more.
      const mailCount = (await mailsTo(test, alex.email)).length;
      test.advance(6 * DAY_MS);
      await test.runJobs();
      expect((await mailsTo(test, alex.email)).length).toBe(mailCount);
      expect((await nomineeView(test, ann, id)).status).toBe("released");
    });

    it("declines: back to accepted, the nominee mailed, false answered", async () => {
      const { nominee: alex, id } = await acceptedNominee(test, ann, "ten_days");
      await as(test, alex).ok("POST", nominee(id, "/request"));
      const { sign } = await approvalLinkOf(test, ann, id, false);
      const declined = await postApproval(test, id, false, sign);
      expect(declined.statusCode).toBe(200);
      expect(declined.json()).toBe(false);
      expect(await nomineeView(test, ann, id)).toMatchObject({
        status: "accepted",
        requestedAt: null,
        releaseAt: null,
      });
      expect((await sharingMails(test, alex.email)).at(-1)?.subject).toBe(
        "Ann Owner declined your access request",
      );
      const again = await postApproval(test, id, true, sign);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.state).toBe("answered");
      expect((await nomineeView(test, ann, id)).status).toBe("accepted");
    });

    it("refuses missing, tampered, foreign and superseded sign values", async () => {
      const { nominee: alex, id } = await acceptedNominee(test, ann, "fifteen_days");
      await as(test, alex).ok("POST", nominee(id, "/request"));
      const { sign } = await approvalLinkOf(test, ann, id, true);
      const other = await acceptedNominee(test, ann, "fifteen_days");
      await as(test, other.nominee).ok("POST", nominee(other.id, "/request"));
      const { sign: otherSign } = await approvalLinkOf(test, ann, other.id, true);

      const last = sign.at(-1) === "A" ? "B" : "A";
      const [requestId] = sign.split(".");
      for (const bad of [
        null,
        "",
        "garbage",
        `${sign.slice(0, -1)}${last}`,
        `x${sign}`,
        otherSign,
        `${requestId}.`,
      ]) {
        const response = await postApproval(test, id, true, bad);
        expect(response.statusCode, String(bad)).toBe(400);
        expect(response.json().error.code).toBe("invalid_signature");
      }
      expect((await postApproval(test, id, "maybe", sign)).statusCode).toBe(400);
      expect((await nomineeView(test, ann, id)).status).toBe("requested");

      // Declined in the app, then asked again: the first request's link no longer works.
      await as(test, ann).ok("POST", owned(id, "/decline"));
      await as(test, alex).ok("POST", nominee(id, "/request"));
      expect((await postApproval(test, id, true, sign)).json().error.state).toBe("answered");
      expect((await nomineeView(test, ann, id)).status).toBe("requested");
      const { sign: fresh } = await approvalLinkOf(test, ann, id, true);
      expect((await postApproval(test, id, true, fresh)).json()).toBe(true);
    });

    it("expires with the request: at the release time, or after 10 days for manual", async () => {
      const manual = await acceptedNominee(test, ann, "manual");
      await as(test, manual.nominee).ok("POST", nominee(manual.id, "/request"));
      const { sign } = await approvalLinkOf(test, ann, manual.id, true);
      test.advance(10 * DAY_MS);
      expect((await postApproval(test, manual.id, true, sign)).statusCode).toBe(400);
      // The owner can still answer in the app.
      expect((await as(test, ann).ok<NomineeView>("POST", owned(manual.id, "/approve"))).status).toBe(
        "released",
      );
    });
  });

  describe("the owner in the app", () => {
    it("approves, declines and revokes, mailing the nominee each time", async () => {
      const { nominee: alex, id } = await acceptedNominee(test, ann, "manual");
      expect((await as(test, ann).send("POST", owned(id, "/approve"))).statusCode).toBe(409);
      expect((await as(test, ann).send("POST", owned(id, "/revoke"))).statusCode).toBe(409);
      await as(test, alex).ok("POST", nominee(id, "/request"));
      expect((await as(test, ann).ok<NomineeView>("POST", owned(id, "/decline"))).status).toBe("accepted");
      await as(test, alex).ok("POST", nominee(id, "/request"));
      expect((await as(test, ann).ok<NomineeView>("POST", owned(id, "/approve"))).status).toBe("released");
      const revoked = await as(test, ann).ok<NomineeView>("POST", owned(id, "/revoke"));
      expect(revoked).toMatchObject({ status: "accepted", releasedAt: null, requestedAt: null });
      expect((await sharingMails(test, alex.email)).map((mail) => mail.subject).slice(-4)).toEqual([
        "Ann Owner declined your access request",
        "Your access request to Ann Owner was sent",
        "You can now read what Ann Owner shares with you",
        "Ann Owner ended your access",
      ]);
      expect((await withMe(test, alex))[0]?.status).toBe("accepted");
    });

    it("revoking a pending request declines it", async () => {
      const { nominee: alex, id } = await acceptedNominee(test, ann, "five_days");
      await as(test, alex).ok("POST", nominee(id, "/request"));
      expect((await as(test, ann).ok<NomineeView>("POST", owned(id, "/revoke"))).status).toBe("accepted");
      test.advance(5 * DAY_MS);
      await test.runJobs();
      expect((await nomineeView(test, ann, id)).status).toBe("accepted");
    });

    it("deletes a nominee: 204, gone for both, the nominee who could read told", async () => {
      const { nominee: alex, id } = await acceptedNominee(test, ann, "now");
      const response = await as(test, ann).send("DELETE", owned(id));
      expect(response.statusCode).toBe(204);
      expect((await as(test, ann).send("GET", owned(id))).statusCode).toBe(404);
      expect(await withMe(test, alex)).toEqual([]);
      expect((await sharingMails(test, alex.email)).at(-1)?.subject).toBe(
        "Ann Owner no longer shares a file with you",
      );
    });

    it("reads the nominee's log, newest first", async () => {
      const { nominee: alex, id } = await acceptedNominee(test, ann, "now");
      const at = Date.now();
      await recordActivity(
        test.database.db,
        [
          {
            ownerId: ann.id,
            actorId: alex.id,
            nomineeId: id,
            kind: "view",
            subjectKind: "list",
            subjectId: "policy",
            category: "policy",
          },
        ],
        at - 1_000,
      );
      await recordActivity(
        test.database.db,
        [
          {
            ownerId: ann.id,
            actorId: alex.id,
            nomineeId: id,
            kind: "reveal",
            subjectKind: "record",
            subjectId: "r1",
            category: "password",
            field: "password",
          },
          {
            ownerId: ann.id,
            actorId: ann.id,
            kind: "reveal",
            subjectKind: "record",
            subjectId: "r1",
            category: "password",
            field: "password",
          },
        ],
        at,
      );
      const log = await as(test, ann).ok<{ kind: string; field: string | null }[]>("GET", owned(id, "/log"));
      expect(log.map((entry) => [entry.kind, entry.field])).toEqual([
        ["reveal", "password"],
        ["view", null],
      ]);
    });
  });

  describe("changing the release rule while a request waits", () => {
    it("reschedules: manual cancels the timer, a passed wait releases at once", async () => {
      const { nominee: alex, id } = await acceptedNominee(test, ann, "fifteen_days");
      await as(test, alex).ok("POST", nominee(id, "/request"));
      const requestedAt = test.now();
      const manual = await as(test, ann).ok<NomineeView>("PUT", owned(id), nomineeBody(alex, "manual"));
      expect(manual).toMatchObject({ status: "requested", releaseAt: null });
      test.advance(16 * DAY_MS);
      await test.runJobs();
      expect((await nomineeView(test, ann, id)).status).toBe("requested");
      const ten = await as(test, ann).ok<NomineeView>("PUT", owned(id), nomineeBody(alex, "ten_days"));
      expect(ten).toMatchObject({ status: "released", releasedAt: test.now() });
      expect(requestedAt + 10 * DAY_MS).toBeLessThan(test.now());
    });

    it("moves the release time when the wait changes", async () => {
      const { nominee: alex, id } = await acceptedNominee(test, ann, "fifteen_days");
      await as(test, alex).ok("POST", nominee(id, "/request"));
      const requestedAt = test.now();
      const five = await as(test, ann).ok<NomineeView>("PUT", owned(id), nomineeBody(alex, "five_days"));
      expect(five.releaseAt).toBe(requestedAt + 5 * DAY_MS);
      test.advance(5 * DAY_MS);
      await test.runJobs();
      expect((await nomineeView(test, ann, id)).status).toBe("released");
    });
  });

  describe("the access end date", () => {
    it("ends released access on the date, mailing the nominee; null cancels it", async () => {
      const { nominee: alex, id } = await acceptedNominee(test, ann, "now");
      const body = nomineeBody(alex, "now");
      const past = await as(test, ann).send("PUT", owned(id), { ...body, accessEndsAt: test.now() });
      expect(past.statusCode).toBe(400);
      expect(Object.keys(past.json().error.fields)).toEqual(["accessEndsAt"]);

      const endsAt = test.now() + 2 * DAY_MS;
      expect(
        (await as(test, ann).ok<NomineeView>("PUT", owned(id), { ...body, accessEndsAt: endsAt }))
          .accessEndsAt,
      ).toBe(endsAt);
      // Cancelled, then set again for later: only the last date counts.
      await as(test, ann).ok("PUT", owned(id), { ...body, accessEndsAt: null });
      test.advance(3 * DAY_MS);
      await test.runJobs();
      expect((await nomineeView(test, ann, id)).status).toBe("released");

      const later = test.now() + DAY_MS;
      await as(test, ann).ok("PUT", owned(id), { ...body, accessEndsAt: later });
      test.advance(DAY_MS - 1);
      await test.runJobs();
      expect((await nomineeView(test, ann, id)).status).toBe("released");
      test.advance(1);
      await test.runJobs();
      expect(await nomineeView(test, ann, id)).toMatchObject({ status: "accepted", accessEndsAt: null });
      expect((await sharingMails(test, alex.email)).at(-1)?.subject).toBe(
        "Your access to Ann Owner's file has ended",
      );

      const notReleased = await as(test, ann).send("PUT", owned(id), {
        ...body,
        accessEndsAt: test.now() + DAY_MS,
      });
      expect(notReleased.statusCode).toBe(400);
      expect(Object.keys(notReleased.json().error.fields)).toEqual(["accessEndsAt"]);
    });
  });
});
