import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePlatformAdmin, rolesOf } from "../../testing/billing.ts";
import { callsAs, createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

/**
 * BILLING=off, the default: a family's own copy. Every verified account is a subscriber, nothing
 * is for sale, and codes still grant their free periods; donation and the admin calls work.
 */
describe.each(testDialects())("billing off on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    ann = await createSignedInUser(test);
    admin = await createSignedInUser(test);
    await makePlatformAdmin(test, admin);
  });
  afterAll(() => test.close());

  const as = (user: TestUser | null) => callsAs(test, user);

  it("makes every verified account a subscriber and answers one active subscription of provider none", async () => {
    expect(await rolesOf(test, ann)).toContain("subscriber");
    const settings = await as(ann).get("/api/sbs/settings");
    expect(settings.json()).toEqual({ mode: "off", publishableKey: null });
    expect(settings.headers["content-security-policy"]).not.toContain("stripe");
    const list = await as(ann).get("/api/sbs/");
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.json()).toEqual([
      expect.objectContaining({ status: "active", provider: "none", cancelAtPeriodEnd: false }),
    ]);
  });

  it("refuses the payment calls with 409 billing_off, and a lapsed call with 401", async () => {
    for (const [method, url] of [
      ["POST", "/api/sbs/subscribe/any"],
      ["DELETE", "/api/sbs/cancel/none"],
      ["DELETE", "/api/sbs/cancel/me/none"],
      ["POST", "/api/sbs/resume/none"],
      ["POST", "/api/sbs/change/none/any"],
      ["GET", "/api/sbs/bt/card"],
      ["POST", "/api/sbs/bt/card"],
    ] as const) {
      const response =
        method === "GET"
          ? await as(ann).get(url)
          : method === "DELETE"
            ? await as(ann).delete(url)
            : await as(ann).post(url, { productsCount: 1 });
      expect(response.statusCode, `${method} ${url}`).toBe(409);
      expect(response.json().error.code).toBe("conflict");
      expect(response.json().error.message).toMatch(/needs no subscription/);
    }
    expect((await as(null).get("/api/sbs/")).statusCode).toBe(401);
    // There is no webhook to receive without Stripe.
    expect((await as(null).post("/api/sbs/webhook/stripe")).statusCode).toBe(404);
  });

  it("lists the products on sale per currency, monthly then yearly, archived ones left out", async () => {
    const create = (body: object) => as(admin).post("/api/admin/products", body);
    const yearly = await create({ name: "Family yearly", currency: "eur", amount: 9900, interval: "year" });
    const monthly = await create({ name: "Family monthly", currency: "eur", amount: 999, interval: "month" });
    const old = await create({ name: "Old", currency: "eur", amount: 500, interval: "month" });
    const b2b = await create({ name: "Staff", currency: "eur", amount: 300, interval: "month", isB2B: true });
    for (const response of [yearly, monthly, old, b2b]) expect(response.statusCode, response.body).toBe(200);
    expect((await as(admin).post(`/api/admin/products/${old.json().id}/archive`)).json().archived).toBe(true);

    const products = await as(ann).get("/api/sbs/product/currency/eur?isB2BProduct=false");
    expect(products.json().map((product: { name: string }) => product.name)).toEqual([
      "Family monthly",
      "Family yearly",
    ]);
    expect(products.json()[0]).toEqual({
      id: monthly.json().id,
      name: "Family monthly",
      currency: "eur",
      amount: 999,
      interval: "month",
      isB2B: false,
      integrationData: { providerProductId: null },
    });
    const staff = await as(ann).get("/api/sbs/product/currency/eur?isB2BProduct=true");
    expect(staff.json().map((product: { name: string }) => product.name)).toEqual(["Staff"]);
    expect((await as(ann).get("/api/sbs/product/currency/usd")).json()).toEqual([]);
    const bad = await as(ann).get("/api/sbs/product/currency/jpy");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.currency).toBeDefined();
  });

  it("grants a voucher's free period in this mode too, once per code", async () => {
    const made = await as(admin).post("/api/admin/codes", { kind: "subscription", periodDays: 30 });
    expect(made.statusCode, made.body).toBe(200);
    const [code] = made.json();
    expect(code.code).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    expect(code.maxUses).toBe(1);
    const typed = code.code.toLowerCase().replaceAll("-", " ");
    expect((await as(ann).post("/api/sbs/code/activate", { code: typed })).json()).toEqual({
      type: "voucher",
      status: true,
    });
    expect((await as(ann).post("/api/sbs/code/activate", { code: code.code })).json()).toEqual({
      type: "voucher",
      status: false,
    });
    // A discount has nothing to discount here.
    const discount = await as(admin).post("/api/admin/codes", { kind: "discount", percentOff: 20 });
    expect(discount.statusCode).toBe(409);
  });

  it("lists charities by search and stores the donation choice", async () => {
    const red = await as(admin).post("/api/admin/charities", { fullName: "Red Cross 100%" });
    await as(admin).post("/api/admin/charities", { fullName: "Food Bank" });
    const gone = await as(admin).post("/api/admin/charities", { fullName: "Closed Cross" });
    await as(admin).post(`/api/admin/charities/${gone.json().companyId}/archive`);

    expect((await as(ann).get("/api/b2b/companies/cross")).json()).toEqual([
      { companyId: red.json().companyId, fullName: "Red Cross 100%" },
    ]);
    // The reader's % is a character, not a wildcard.
    expect((await as(ann).get("/api/b2b/companies/%25")).json()).toHaveLength(1);
    expect((await as(ann).get("/api/b2b/companies/")).json()).toHaveLength(2);

    const chosen = await as(ann).post(`/api/account/donateTo/?companyId=${red.json().companyId}`);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ companyId: red.json().companyId });
    const stored = await test.database.db
      .selectFrom("donation_choice")
      .selectAll()
      .where("user_id", "=", ann.id)
      .executeTakeFirst();
    expect(stored?.charity_id).toBe(red.json().companyId);
    const archived = await as(ann).post(`/api/account/donateTo/?companyId=${gone.json().companyId}`);
    expect(archived.statusCode).toBe(400);
    expect(archived.json().error.fields.companyId).toBeDefined();
    expect((await as(ann).post("/api/account/donateTo/")).statusCode).toBe(400);
  });

  it("answers, changes and clears the account's donation choice, and counts it for admins", async () => {
    const bees = await as(admin).post("/api/admin/charities", { fullName: "Bee Keepers" });
    const owls = await as(admin).post("/api/admin/charities", { fullName: "Owl Watch" });
    const bob = await createSignedInUser(test);
    expect((await as(bob).get("/api/account/donation")).json()).toEqual({ charity: null });

    await as(bob).post(`/api/account/donateTo/?companyId=${bees.json().companyId}`);
    const chosen = await as(bob).get("/api/account/donation");
    expect(chosen.headers["cache-control"]).toBe("no-store");
    expect(chosen.json()).toEqual({ charity: { id: bees.json().companyId, name: "Bee Keepers" } });
    await as(ann).post(`/api/account/donateTo/?companyId=${bees.json().companyId}`);
    const counts = async () =>
      Object.fromEntries(
        (await as(admin).get("/api/admin/charities"))
          .json()
          .map((charity: { fullName: string; chosenBy: number }) => [charity.fullName, charity.chosenBy]),
      );
    expect(await counts()).toMatchObject({ "Bee Keepers": 2, "Owl Watch": 0 });

    await as(bob).post(`/api/account/donateTo/?companyId=${owls.json().companyId}`);
    expect((await as(bob).get("/api/account/donation")).json().charity.name).toBe("Owl Watch");
    expect(await counts()).toMatchObject({ "Bee Keepers": 1, "Owl Watch": 1 });
    const archived = await as(admin).post(`/api/admin/charities/${owls.json().companyId}/archive`);
    expect(archived.json().chosenBy).toBe(1);
    // The choice stands after its charity is archived, until the account changes it.
    expect((await as(bob).get("/api/account/donation")).json().charity.name).toBe("Owl Watch");

    const cleared = await as(bob).delete("/api/account/donation");
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ charity: null });
    expect((await as(bob).get("/api/account/donation")).json()).toEqual({ charity: null });
    expect((await as(ann).get("/api/account/donation")).json().charity.name).toBe("Bee Keepers");
    expect(await counts()).toMatchObject({ "Bee Keepers": 1, "Owl Watch": 0 });
    expect((await as(null).get("/api/account/donation")).statusCode).toBe(401);
    expect((await as(null).delete("/api/account/donation")).statusCode).toBe(401);
  });

  it("hides every admin call from anyone but platform admins (404), and audits each admin write", async () => {
    const adminRoutes = test.app.routeAccess.filter((route) => route.url.startsWith("/api/admin/"));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(9);
    for (const route of adminRoutes) {
      expect(route.access, route.url).toBe("platformAdmin");
      const url = route.url.replace(":id", "x");
      for (const user of [ann, null]) {
        const response =
          route.method === "GET" ? await as(user).get(url) : await as(user).post(url, { name: "x" });
        expect(response.statusCode, `${route.method} ${url}`).toBe(404);
        expect(response.json().error.code).toBe("not_found");
      }
    }
    const entries = await test.database.db
      .selectFrom("audit_entry")
      .select(["actor_id", "action"])
      .where("actor_id", "=", admin.id)
      .execute();
    expect(new Set(entries.map((entry) => entry.action))).toEqual(
      new Set(["product.create", "product.archive", "code.create", "charity.create", "charity.archive"]),
    );
  });

  it("refuses bad admin input with the field named", async () => {
    const product = await as(admin).post("/api/admin/products", { name: "", currency: "jpy", amount: -1 });
    expect(product.statusCode).toBe(400);
    expect(Object.keys(product.json().error.fields)).toEqual(
      expect.arrayContaining(["name", "currency", "amount", "interval"]),
    );
    const code = await as(admin).post("/api/admin/codes", { kind: "voucher" });
    expect(code.statusCode).toBe(400);
    expect(code.json().error.fields.periodDays).toBeDefined();
    const many = await as(admin).post("/api/admin/codes", { kind: "voucher", periodDays: 5, count: 501 });
    expect(many.json().error.fields.count).toBeDefined();
  });
});
