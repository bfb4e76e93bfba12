/**
 * My Subscription in the browser on the suite's server (BILLING=off, the default): the page says
 * no subscription is needed, shows no payment, takes a code, at desktop and phone widths, in
 * English and French, with axe on each and no console error. A subscriber picks a charity there,
 * an admin sees it on the charities screen and the account's screen, and the subscriber clears it.
 */
import { describe, expect, inject, it } from "vitest";
import { signedInAccount, signedInPlatformAdmin, uniqueEmail } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";

const pages = browserPages();
const baseURL = inject("baseURL");
const dataDir = inject("dataDir");
const PATH = "/dashboard/manage-account/my-subscription";

describe("My Subscription with billing off", () => {
  it.each([
    ["en", 1280, "This server needs no subscription.", "Send", "Oops!"],
    ["en", 375, "This server needs no subscription.", "Send", "Oops!"],
    ["fr", 1280, "Ce serveur ne demande pas d’abonnement.", "Envoyer", "Oups !"],
    ["fr", 375, "Ce serveur ne demande pas d’abonnement.", "Envoyer", "Oups !"],
  ] as const)(
    "in %s at %i px: no payment, a code entry, the spec's Oops",
    async (locale, width, heading, send, oops) => {
      const checked = await pages.open({ width, locale: locale === "fr" ? "fr-CA" : "en-CA" });
      const { page } = checked;
      try {
        await signedInAccount(checked.context, baseURL);
        // The account's language wins over the browser's: set it as My Account would.
        const saved = await checked.context.request.post("/api/account/save", {
          headers: { origin: baseURL },
          data: { lang: locale },
        });
        expect(saved.status()).toBe(200);
        await page.goto(PATH);
        await page.getByText(heading).waitFor();
        expect(await page.getByRole("combobox").count()).toBe(0);
        expect(await page.locator("iframe[src*='stripe']").count()).toBe(0);
        await expectNoAxeViolations(page, `${PATH} (${locale}, ${width})`);
        if (width <= 375) await expectFitsPhone(page, `${PATH} (${locale})`);

        await page.getByRole("textbox", { name: "Code" }).fill("NOT-A-REAL-CODE");
        await page.getByRole("button", { name: send }).click();
        await page.getByText(oops).waitFor();
        await expectNoAxeViolations(page, `${PATH} Oops (${locale}, ${width})`);
        expect(checked.consoleErrors, "console errors").toEqual([]);
      } finally {
        await checked.context.close();
      }
    },
  );
});

describe("the donation with billing off", () => {
  it("a subscriber picks a charity, an admin sees it, the subscriber clears it", async () => {
    const subscriber = await pages.open({ width: 375, height: 812 });
    const admin = await pages.open({ width: 1280 });
    try {
      await signedInPlatformAdmin(admin.context.request, baseURL, dataDir);
      // A name no other test uses, so the search and the count are this test's own.
      const charity = `Bee Keepers ${uniqueEmail("c").split("@")[0]}`;
      const created = await admin.context.request.post("/api/admin/charities", {
        headers: { origin: baseURL },
        data: { fullName: charity },
      });
      expect(created.status()).toBe(200);
      const ann = await signedInAccount(subscriber.context, baseURL, { name: "Ann Giver" });

      const { page } = subscriber;
      await page.goto(PATH);
      await page.getByText("You have not chosen a charity.").waitFor();
      await page.getByRole("button", { name: "Choose a charity" }).click();
      const dialog = page.getByRole("dialog", { name: "Give to a good cause" });
      await dialog.waitFor();
      const save = dialog.getByRole("button", { name: "Save" });
      expect(await save.isDisabled()).toBe(true);
      await dialog.getByLabel("Charity", { exact: true }).fill(charity.slice(0, 20));
      await page.getByRole("option", { name: charity }).click();
      await expect.poll(() => save.isEnabled()).toBe(true);
      await expectNoAxeViolations(page, `${PATH} donation dialog`);
      await expectFitsPhone(page, `${PATH} donation dialog`);
      await save.click();
      await page.getByText("Thank you: part of your subscription will go to this cause.").waitFor();
      await page.getByText(`Part of your subscription goes to ${charity}.`).waitFor();
      await expectNoAxeViolations(page, `${PATH} with a charity`);
      await expectFitsPhone(page, `${PATH} with a charity`);

      const desk = admin.page;
      await desk.goto("/admin/charities");
      const row = desk.getByRole("row").filter({ hasText: charity });
      await row.getByRole("cell", { name: "1 account" }).waitFor();
      await desk.goto("/admin/users");
      await desk.getByRole("searchbox", { name: "Search by email or name" }).fill(ann.email);
      await desk.getByRole("link", { name: ann.email }).click();
      await desk.getByRole("heading", { name: ann.email, level: 2 }).waitFor();
      await desk.getByRole("region", { name: "Charity" }).getByText(charity).waitFor();
      await desk.getByRole("region", { name: "Company" }).getByText("Not a member of a company.").waitFor();
      await expectNoAxeViolations(desk, "/admin/users/{id} with a charity");
      expect(admin.consoleErrors, "console errors (admin)").toEqual([]);

      await page.getByRole("button", { name: "Stop donating" }).click();
      const confirm = page.getByRole("dialog", { name: "Stop donating" });
      await confirm.getByRole("button", { name: "Stop donating" }).click();
      await page.getByText("You no longer donate to a charity.").waitFor();
      await page.getByText("You have not chosen a charity.").waitFor();
      expect(subscriber.consoleErrors, "console errors (subscriber)").toEqual([]);
    } finally {
      await subscriber.context.close();
      await admin.context.close();
    }
  });
});
