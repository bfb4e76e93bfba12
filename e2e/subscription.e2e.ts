/**
 * My Subscription in the browser on the suite's server (BILLING=off, the default): the page says
 * no subscription is needed, shows no payment, takes a code, at desktop and phone widths, in
 * English and French, with axe on each and no console error.
 */
import { describe, expect, inject, it } from "vitest";
import { signedInAccount } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";

const pages = browserPages();
const baseURL = inject("baseURL");
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
