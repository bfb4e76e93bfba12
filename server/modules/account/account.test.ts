import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  cookiesOf,
  createSignedInUser,
  post,
  request,
  TEST_PASSWORD,
  type TestUser,
} from "../../testing/identity.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

describe.each(testDialects())("account API on %s", (dialect) => {
  let test: TestApp;
  let user: TestUser;
  // A module's part of the deletion, added as the app adds each module's.
  const deletedByModules: string[] = [];
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    test.eraser.add(async (userId) => {
      deletedByModules.push(userId);
    });
    user = await createSignedInUser(test, { name: "Ann Example" });
  });
  afterAll(() => test.close());

  const call = (method: "GET" | "POST" | "DELETE", url: string, payload?: object, cookie = user.cookie) =>
    request(test, { method, url, cookie, ...(payload ? { payload } : {}) });

  it("answers the spec's account for the session, whatever login is asked for", async () => {
    const response = await call("GET", "/api/account/account?login=someone@else.com");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      name: "Ann Example",
      login: user.email,
      email: user.email,
      emailVerified: true,
      lang: "en",
      themeColor: "blue",
      themeMode: "system",
      roles: ["subscriber"],
      showSplashScreen: true,
      showMobileSplashScreen: true,
      twoFactorEnabled: false,
      hasPassword: true,
      providers: ["credential"],
      createdAt: expect.any(Number),
    });
  });

  it("saves name, language and theme, refusing bad values field by field", async () => {
    const saved = await call("POST", "/api/account/save", {
      name: "  Ann B.  ",
      lang: "fr",
      themeColor: "purple",
      themeMode: "dark",
      roles: ["admin"],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: "Ann B.",
      lang: "fr",
      themeColor: "purple",
      themeMode: "dark",
      roles: ["subscriber"],
    });
    // The account's language now wins over the browser's for messages.
    const refused = await call("POST", "/api/account/save", {
      name: "",
      lang: "de",
      themeColor: "pink",
      themeMode: "dusk",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe("Certains champs demandent votre attention.");
    expect(Object.keys(refused.json().error.fields).sort()).toEqual([
      "lang",
      "name",
      "themeColor",
      "themeMode",
    ]);
    await call("POST", "/api/account/save", { lang: "en", themeColor: "blue", themeMode: "system" });
  });

  it("reads a theme stored before mode and accent were apart as the two it looked like", async () => {
    await test.database.db
      .updateTable("user")
      .set({ themeColor: "dark", themeMode: null })
      .where("id", "=", user.id)
      .execute();
    expect((await call("GET", "/api/account/account")).json()).toMatchObject({
      themeColor: "green",
      themeMode: "dark",
    });
    await call("POST", "/api/account/save", { themeColor: "blue", themeMode: "system" });
  });

  it("turns the splash screens off as the spec's calls say, answering the account", async () => {
    const splash = await call("POST", "/api/account/splash?show=false");
    expect(splash.statusCode).toBe(200);
    expect(splash.json()).toMatchObject({ showSplashScreen: false, showMobileSplashScreen: true });
    const mobile = await call("POST", "/api/account/splashmobile?show=false");
    expect(mobile.json()).toMatchObject({ showSplashScreen: false, showMobileSplashScreen: false });
    expect((await call("POST", "/api/account/splash?show=maybe")).statusCode).toBe(400);
  });

  it("tells when the session ends and extends it by a full lifetime, renewing the cookie", async () => {
    const before = (await call("GET", "/api/account/session")).json();
    expect(before.expiresAt).toBeGreaterThan(before.now);
    expect(before.expiresAt).toBeLessThanOrEqual(before.now + 8 * 3600_000);
    // A minute later by the session's clock, which is Date's: the extension must move the end.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 60_000);
    const extended = await call("POST", "/api/account/session/extend").finally(() => vi.useRealTimers());
    expect(extended.statusCode).toBe(200);
    expect(extended.json().expiresAt).toBeGreaterThan(before.expiresAt);
    const cookie = String(extended.headers["set-cookie"]);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Max-Age=28800/);
    expect(cookiesOf(extended)).toBe(user.cookie);
    expect((await call("GET", "/api/account/session")).json().expiresAt).toBe(extended.json().expiresAt);
  });

  it("has no provider sign-out address without OIDC", async () => {
    expect((await call("GET", "/api/account/signout-url")).json()).toEqual({ url: null });
  });

  it("answers 401 on every account route without a session", async () => {
    for (const [method, url] of [
      ["GET", "/api/account/account"],
      ["POST", "/api/account/save"],
      ["POST", "/api/account/splash?show=false"],
      ["GET", "/api/account/session"],
      ["POST", "/api/account/session/extend"],
      ["GET", "/api/account/events"],
      ["DELETE", "/api/account"],
    ] as const) {
      const response = await request(test, { method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("deletes the account with the password and the typed word, and everything with it", async () => {
    const doomed = await createSignedInUser(test, { lang: "fr" });
    const second = cookiesOf(
      await post(test, "/api/auth/sign-in/email", { email: doomed.email, password: TEST_PASSWORD }),
    );
    const wrongWord = await call(
      "DELETE",
      "/api/account",
      { password: TEST_PASSWORD, confirmation: "delete" },
      doomed.cookie,
    );
    expect(wrongWord.statusCode).toBe(400);
    expect(wrongWord.json().error.fields.confirmation).toBe(
      "Saisissez le mot de confirmation exactement comme indiqué.",
    );
    const wrongPassword = await call(
      "DELETE",
      "/api/account",
      { password: "not my password", confirmation: "SUPPRIMER" },
      doomed.cookie,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields.password).toBe("Le mot de passe est incorrect.");

    const deleted = await call(
      "DELETE",
      "/api/account",
      { password: TEST_PASSWORD, confirmation: "SUPPRIMER" },
      doomed.cookie,
    );
    expect(deleted.statusCode).toBe(204);
    expect(String(deleted.headers["set-cookie"])).toMatch(/Max-Age=0/);
    expect(deletedByModules).toContain(doomed.id);
    const { db } = test.database;
    expect(await db.selectFrom("user").select("id").where("id", "=", doomed.id).execute()).toEqual([]);
    expect(await db.selectFrom("session").select("id").where("userId", "=", doomed.id).execute()).toEqual([]);
    expect(await db.selectFrom("account").select("id").where("userId", "=", doomed.id).execute()).toEqual([]);
    expect(
      await db.selectFrom("sign_in_event").select("id").where("user_id", "=", doomed.id).execute(),
    ).toEqual([]);
    expect((await call("GET", "/api/account/account", undefined, second)).statusCode).toBe(401);
    expect(
      (await post(test, "/api/auth/sign-in/email", { email: doomed.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(401);
  });
});
