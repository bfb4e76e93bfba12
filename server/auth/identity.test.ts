import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordChecks, passwordStrength } from "../../domain/passwordStrength.ts";
import {
  cookiesOf,
  createSignedInUser,
  linkIn,
  mailsTo,
  pathOf,
  post,
  request,
  TEST_PASSWORD,
  uniqueEmail,
  verifyEndpointOf,
} from "../testing/identity.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { testDialects } from "../testing/test-database.ts";
import { createVerifiedUser, disableUser, enableUser } from "./user-admin.ts";

describe.each(testDialects())("identity on %s", (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
  });
  afterAll(() => test.close());

  it("signs up, verifies the email from the mail, signs in with a safe cookie, and signs out", async () => {
    const email = uniqueEmail("journey");
    const signUp = await post(test, "/api/auth/sign-up/email", {
      email,
      password: TEST_PASSWORD,
      name: "Ann",
      lang: "fr",
      callbackURL: "/login?verified=1",
    });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.headers["set-cookie"]).toBeUndefined();

    const [verification] = await mailsTo(test, email);
    expect(verification?.template).toBe("verifyEmail");
    expect(verification?.subject).toBe("Confirmez votre adresse courriel");
    // The mail links to the app's page, which confirms only when its button is pressed: fetching
    // the link (a scanner, a preview) verifies nothing.
    const link = linkIn(test, verification?.text ?? "");
    expect(link.startsWith(`${test.config.publicUrl}/verify-email?token=`)).toBe(true);
    for (const method of ["GET", "HEAD"] as const) await request(test, { method, url: pathOf(link) });
    const early = await post(test, "/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
    expect(early.statusCode).toBe(403);

    const verified = await request(test, { method: "GET", url: verifyEndpointOf(link) });
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe("/login?verified=1");
    // Verification proves the address; it does not sign in (the link may open elsewhere).
    expect(cookiesOf(verified)).toBe("");
    // A signed link works once: opened again, it says it is no longer valid.
    const again = await request(test, { method: "GET", url: verifyEndpointOf(link) });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe("/login?verified=1&error=INVALID_TOKEN");

    const signIn = await post(test, "/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    const setCookie = [signIn.headers["set-cookie"]]
      .flat()
      .find((c) => c?.startsWith("better-auth.session_token="));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    expect(setCookie).toMatch(`Max-Age=${8 * 60 * 60}`);
    const cookie = cookiesOf(signIn);

    const account = await request(test, { method: "GET", url: "/api/account/account?login=someone", cookie });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({ email, login: email, lang: "fr", roles: ["subscriber"] });

    const signOut = await post(test, "/api/auth/sign-out", {}, { cookie });
    expect(signOut.statusCode).toBe(200);
    const after = await request(test, { method: "GET", url: "/api/account/account", cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe("unauthenticated");
  });

  it("changes the email only after the current address confirms and the new one is verified", async () => {
    const user = await createSignedInUser(test);
    const newEmail = uniqueEmail("moved");
    const asked = await post(
      test,
      "/api/auth/change-email",
      { newEmail, callbackURL: "/dashboard/manage-account" },
      { cookie: user.cookie },
    );
    expect(asked.statusCode).toBe(200);
    const confirmation = (await mailsTo(test, user.email)).find((mail) => mail.template === "changeEmail");
    expect(confirmation?.text).toContain(newEmail);
    const stillOld = await request(test, { method: "GET", url: "/api/account/account", cookie: user.cookie });
    expect(stillOld.json().email).toBe(user.email);

    // Fetching the mailed links (the app's confirming page) changes nothing; the page's call does.
    const confirmLink = linkIn(test, confirmation?.text ?? "");
    for (const method of ["GET", "HEAD"] as const)
      await request(test, { method, url: pathOf(confirmLink), cookie: user.cookie });
    expect(await mailsTo(test, newEmail)).toEqual([]);
    const confirmed = await request(test, {
      method: "GET",
      url: verifyEndpointOf(confirmLink),
      cookie: user.cookie,
    });
    expect(confirmed.statusCode).toBe(302);
    const verification = (await mailsTo(test, newEmail)).find((mail) => mail.template === "verifyEmail");
    expect(verification).toBeDefined();
    const verifyLink = linkIn(test, verification?.text ?? "");
    for (const method of ["GET", "HEAD"] as const)
      await request(test, { method, url: pathOf(verifyLink), cookie: user.cookie });
    const unchanged = await request(test, {
      method: "GET",
      url: "/api/account/account",
      cookie: user.cookie,
    });
    expect(unchanged.json().email).toBe(user.email);
    const verified = await request(test, {
      method: "GET",
      url: verifyEndpointOf(verifyLink),
      cookie: user.cookie,
    });
    expect(verified.statusCode).toBe(302);
    const signIn = await post(test, "/api/auth/sign-in/email", { email: newEmail, password: user.password });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.email).toBe(newEmail);
  });

  it("lists the account's sessions for My Account", async () => {
    const user = await createSignedInUser(test);
    const sessions = await request(test, {
      method: "GET",
      url: "/api/auth/list-sessions",
      cookie: user.cookie,
    });
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json()).toHaveLength(1);
  });

  it("refuses a password sign-in before verification, in the browser's language", async () => {
    const email = uniqueEmail("unverified");
    await post(test, "/api/auth/sign-up/email", { email, password: TEST_PASSWORD, name: "Bea" });
    const en = await post(test, "/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
    expect(en.statusCode).toBe(403);
    expect(en.json().error.reason).toBe("email_not_verified");
    expect(en.json().error.message).toContain("confirm your email");
    const fr = await post(
      test,
      "/api/auth/sign-in/email",
      { email, password: TEST_PASSWORD },
      { "accept-language": "fr" },
    );
    expect(fr.statusCode).toBe(403);
    expect(fr.json().error.message).toContain("confirmer votre adresse courriel");
    expect(cookiesOf(fr)).toBe("");

    const resend = await post(test, "/api/auth/send-verification-email", { email });
    expect(resend.statusCode).toBe(200);
    expect((await mailsTo(test, email)).filter((mail) => mail.template === "verifyEmail")).toHaveLength(2);
  });

  it("answers a sign-up with a taken email exactly like a new one, and tells the owner instead", async () => {
    const owner = await createSignedInUser(test);
    const fresh = await post(test, "/api/auth/sign-up/email", {
      email: uniqueEmail("fresh"),
      password: TEST_PASSWORD,
      name: "Cy",
    });
    const taken = await post(test, "/api/auth/sign-up/email", {
      email: owner.email,
      password: TEST_PASSWORD,
      name: "Cy",
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    const shape = (body: { user: Record<string, unknown> }) =>
      Object.fromEntries(Object.entries(body.user).map(([key, value]) => [key, typeof value]));
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    expect(taken.json().token).toBeNull();
    const mails = await mailsTo(test, owner.email);
    expect(mails.at(-1)?.template).toBe("notification");
    expect(mails.at(-1)?.subject).toContain("tried to create a Kinfile account");
  });

  it("refuses a weak or short password with a translated field message", async () => {
    const weak = await post(test, "/api/auth/sign-up/email", {
      email: uniqueEmail("weak"),
      password: "password123",
      name: "Dee",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.reason).toBe("password_too_weak");
    expect(weak.json().error.fields.password).toMatch(/^Too easy to guess/);
    const short = await post(
      test,
      "/api/auth/sign-up/email",
      { email: uniqueEmail("short"), password: "x7#", name: "Dee" },
      { "accept-language": "fr" },
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({
      code: "validation_failed",
      reason: "password_too_short",
      fields: { password: "Utilisez au moins 10 caractères." },
    });
  });

  it("refuses what the app's password rule refuses and takes what it takes, naming the rule, on sign-up and on a change", async () => {
    const name = "Marguerite Duras";
    const email = uniqueEmail("marguerite");
    // Every class a meter counts, yet made of the name: the one rule calls it guessable.
    const madeOfName = "MargueriteDuras#1914";
    expect(passwordStrength(madeOfName, { email, name })).toBe("weak");
    expect(passwordChecks(madeOfName, { email, name }).notGuessable).toBe(false);
    const refused = await post(test, "/api/auth/sign-up/email", { email, password: madeOfName, name });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      reason: "password_too_weak",
      fields: {
        password:
          "Too easy to guess: choose one that is not a common password or made of your name or email.",
      },
    });
    const strong = "Analytical-Engine-1843";
    expect(passwordStrength(strong, { email, name })).toBe("strong");
    expect((await post(test, "/api/auth/sign-up/email", { email, password: strong, name })).statusCode).toBe(
      200,
    );

    // A change knows the signed-in account's name, as My Account's checklist does.
    const user = await createSignedInUser(test, { name });
    const change = (newPassword: string) =>
      request(test, {
        method: "POST",
        url: "/api/auth/change-password",
        cookie: user.cookie,
        payload: { currentPassword: TEST_PASSWORD, newPassword },
        headers: { "accept-language": "fr" },
      });
    const sameName = await change("MargueriteDuras!77xy");
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json().error).toMatchObject({
      reason: "password_too_weak",
      fields: { newPassword: expect.stringMatching(/^Trop facile à deviner/) },
    });
    expect((await change("Lighthouse-Orchard-2718")).statusCode).toBe(200);
  });

  it("sends a reset link that works once and not after it expires; unknown emails get the same answer", async () => {
    const user = await createSignedInUser(test);
    const known = await post(test, "/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/reset-password",
    });
    const unknown = await post(test, "/api/auth/request-password-reset", {
      email: uniqueEmail("nobody"),
      redirectTo: "/reset-password",
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    const reset = (await mailsTo(test, user.email)).find((mail) => mail.template === "resetPassword");
    const callback = await request(test, { method: "GET", url: pathOf(linkIn(test, reset?.text ?? "")) });
    expect(callback.statusCode).toBe(302);
    const token = new URL(String(callback.headers.location), test.config.publicUrl).searchParams.get("token");
    expect(token).toBeTruthy();

    const newPassword = "a brand new passphrase here";
    const first = await post(test, "/api/auth/reset-password", { token, newPassword });
    expect(first.statusCode).toBe(200);
    // Resetting the password ends the sessions opened with the old one.
    expect(
      (await request(test, { method: "GET", url: "/api/account/account", cookie: user.cookie })).statusCode,
    ).toBe(401);
    const again = await post(test, "/api/auth/reset-password", {
      token,
      newPassword: "yet another passphrase",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.reason).toBe("invalid_token");
    expect(
      (await post(test, "/api/auth/sign-in/email", { email: user.email, password: newPassword })).statusCode,
    ).toBe(200);

    await post(test, "/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/reset-password",
    });
    const second = (await mailsTo(test, user.email))
      .filter((mail) => mail.template === "resetPassword")
      .at(-1);
    const expiredToken =
      pathOf(linkIn(test, second?.text ?? ""))
        .split("/reset-password/")[1]
        ?.split("?")[0] ?? "";
    await test.database.db
      .updateTable("verification")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("identifier", "=", `reset-password:${expiredToken}`)
      .execute();
    const expired = await post(test, "/api/auth/reset-password", {
      token: expiredToken,
      newPassword: "one more passphrase ok",
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.reason).toBe("invalid_token");
  });

  it("stops a revoked session at once, and refuses a tampered cookie", async () => {
    const user = await createSignedInUser(test);
    const other = await post(test, "/api/auth/sign-in/email", { email: user.email, password: TEST_PASSWORD });
    const otherCookie = cookiesOf(other);
    const account = () => request(test, { method: "GET", url: "/api/account/account", cookie: otherCookie });
    expect((await account()).statusCode).toBe(200);
    const token = decodeURIComponent(otherCookie.split("=")[1] ?? "").split(".")[0];
    const revoke = await post(test, "/api/auth/revoke-session", { token }, { cookie: user.cookie });
    expect(revoke.statusCode).toBe(200);
    expect((await account()).statusCode).toBe(401);

    const [name, value = ""] = user.cookie.split("=");
    const tampered = `${name}=${value.slice(0, -6)}AAAA%3D`;
    const refused = await request(test, { method: "GET", url: "/api/account/account", cookie: tampered });
    expect(refused.statusCode).toBe(401);
  });

  it("refuses a disabled account's sessions and sign-in, and accepts it again once enabled", async () => {
    const user = await createSignedInUser(test);
    await disableUser(test.auth, user.email);
    expect(
      (await request(test, { method: "GET", url: "/api/account/account", cookie: user.cookie })).statusCode,
    ).toBe(401);
    const signIn = await post(test, "/api/auth/sign-in/email", {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.reason).toBe("banned_user");
    await enableUser(test.auth, user.email);
    expect(
      (await post(test, "/api/auth/sign-in/email", { email: user.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it("gives an operator-made admin the admin role and a verified email", async () => {
    const email = uniqueEmail("admin");
    await createVerifiedUser(test.auth, { email, password: TEST_PASSWORD, admin: true });
    const signIn = await post(test, "/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    const account = await request(test, {
      method: "GET",
      url: "/api/account/account",
      cookie: cookiesOf(signIn),
    });
    expect(account.json().roles).toEqual(["subscriber", "admin"]);
  });

  it("records sign-ins and failures, and mails the holder about a new device", async () => {
    const user = await createSignedInUser(test);
    // The first sign-in after registration is not news.
    expect((await mailsTo(test, user.email)).some((mail) => mail.template === "newSignIn")).toBe(false);
    await post(test, "/api/auth/sign-in/email", { email: user.email, password: "not the password at all" });
    await post(test, "/api/auth/sign-in/email", { email: user.email, password: TEST_PASSWORD });
    expect((await mailsTo(test, user.email)).some((mail) => mail.template === "newSignIn")).toBe(false);
    await post(
      test,
      "/api/auth/sign-in/email",
      { email: user.email, password: TEST_PASSWORD },
      { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1" },
    );
    const notice = (await mailsTo(test, user.email)).find((mail) => mail.template === "newSignIn");
    expect(notice?.text).toContain("Safari / iOS");

    const events = await request(test, {
      method: "GET",
      url: "/api/account/events?size=10",
      cookie: user.cookie,
    });
    expect(events.statusCode).toBe(200);
    const body = events.json();
    expect(body.total).toBe(4);
    expect(body.items.map((event: { kind: string }) => event.kind)).toEqual([
      "sign_in",
      "sign_in",
      "sign_in_failed",
      "sign_in",
    ]);
    expect(body.items[0]).toMatchObject({ ip: "127.0.0.1", device: "Safari / iOS" });
  });

  it("tells the login page what it offers", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/auth-options" });
    expect(response.json()).toEqual({ oidc: false, passkey: true, registration: true });
  });
});

describe("identity behind https", () => {
  it("marks the session cookie Secure and names it __Secure-", async () => {
    const test = await buildTestApp("sqlite", { config: { publicUrl: "https://kin.example.com" } });
    try {
      const user = await createSignedInUser(test);
      expect(user.cookie).toMatch(/^__Secure-better-auth\.session_token=/);
      const account = await request(test, {
        method: "GET",
        url: "/api/account/account",
        cookie: user.cookie,
      });
      expect(account.statusCode).toBe(200);
    } finally {
      await test.close();
    }
  });
});

describe("rate limits on identity routes", () => {
  it("answers 429 with Retry-After in our error format, per address and per email", async () => {
    const test = await buildTestApp("sqlite", { config: { authRateLimit: { max: 2, windowMs: 60_000 } } });
    try {
      const attempt = (email: string, ip = "203.0.113.7") =>
        test.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          payload: { email, password: "wrong password here" },
          headers: { origin: test.config.publicUrl, "accept-language": "fr" },
          remoteAddress: ip,
        });
      expect((await attempt("a@example.com")).statusCode).toBe(401);
      expect((await attempt("b@example.com")).statusCode).toBe(401);
      const limited = await attempt("c@example.com");
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json().error.code).toBe("too_many_requests");
      expect(limited.json().error.message).toMatch(/Trop de tentatives/);
      // Another address guessing the same email is limited too.
      expect((await attempt("a@example.com", "198.51.100.1")).statusCode).toBe(401);
      expect((await attempt("a@example.com", "198.51.100.2")).statusCode).toBe(429);
    } finally {
      await test.close();
    }
  });

  it("slows a stranger failing sign-ins with someone's address, never the owner: known browsers pass, and a mailed link makes a new one known", async () => {
    const test = await buildTestApp("sqlite", { config: { authRateLimit: { max: 3, windowMs: 60_000 } } });
    try {
      const ann = await createSignedInUser(test, { name: "Ann Example" });
      const signIn = (password: string, ip: string, cookie?: string) =>
        test.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          payload: { email: ann.email, password },
          headers: { origin: test.config.publicUrl, ...(cookie ? { cookie } : {}) },
          remoteAddress: ip,
        });
      // Her own browser: a sign-in there makes it known.
      const own = await signIn(ann.password, "192.0.2.10");
      expect(own.statusCode).toBe(200);
      const device = cookiesOf(own)
        .split("; ")
        .filter((cookie) => cookie.startsWith("kinfile_device_"))
        .join("; ");
      expect(device).toMatch(/^kinfile_device_[0-9a-f]{16}=\d+\.[\w-]+$/);

      // A stranger fails from many addresses until the address's own limit refuses everyone unknown.
      let refused = 0;
      for (let at = 1; at <= 8; at += 1) {
        if ((await signIn("wrong password here", `198.51.100.${at}`)).statusCode === 429) refused += 1;
      }
      expect(refused).toBeGreaterThan(0);
      expect((await signIn(ann.password, "203.0.113.50")).statusCode).toBe(429);
      // The owner's known browser is not locked out.
      expect((await signIn(ann.password, "192.0.2.10", device)).statusCode).toBe(200);

      // She is mailed a link, once, that makes a new browser known.
      const locked = (await mailsTo(test, ann.email)).filter((mail) => mail.subject.includes("paused"));
      expect(locked).toHaveLength(1);
      const link = pathOf(linkIn(test, locked[0]?.text ?? ""));
      expect(link).toMatch(/^\/unlock-sign-in\?/);
      // Opening the link (the app's page) spends nothing and makes no browser known: its button's POST does.
      const post = (cookie?: string) =>
        test.app.inject({
          method: "POST",
          url: `/api/auth${link}`,
          headers: { origin: test.config.publicUrl, ...(cookie ? { cookie } : {}) },
        });
      for (const method of ["GET", "HEAD"] as const) {
        for (const url of [link, `/api/auth${link}`]) {
          const opened = await test.app.inject({ method, url });
          expect(cookiesOf(opened)).not.toMatch(/kinfile_device_/);
        }
      }
      const unlocked = await post();
      expect(unlocked.statusCode).toBe(200);
      expect(unlocked.json()).toEqual({ unlocked: true });
      const newBrowser = cookiesOf(unlocked);
      expect((await signIn(ann.password, "203.0.113.50", newBrowser)).statusCode).toBe(200);
      // The link works once; a forged cookie is no key.
      const again = await post();
      expect(again.statusCode).toBe(400);
      expect(again.json().error.code).toBe("invalid_signature");
      const forged = newBrowser.replace(/=(\d+)\./, (_match, expires) => `=${Number(expires) + 1}.`);
      expect((await signIn(ann.password, "203.0.113.51", forged)).statusCode).toBe(429);
    } finally {
      await test.close();
    }
  });
});
