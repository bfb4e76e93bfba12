/**
 * Every record category's add form, drawn from its declaration, on a 375 px wide phone: nothing
 * wider than the screen, and no axe violation.
 */
import { describe, expect, inject, it } from "vitest";
import { CATEGORIES } from "../domain/sections/index.ts";
import { signedInAccount } from "./support/accounts.ts";
import { browserPages, expectNoAxeViolations, horizontalOverflow } from "./support/browser.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

describe("record forms", () => {
  it("fit a 375 px screen and pass axe, for every category", async () => {
    const { page, context, consoleErrors } = await pages.open({ width: 375, height: 812 });
    try {
      await signedInAccount(context, baseURL, { name: "Noor Haddad" });
      const tooWide: string[] = [];
      for (const category of CATEGORIES) {
        await page.goto(`/dashboard/${category.module}/${category.key}/add`);
        await page.getByRole("button", { name: "Save", exact: true }).waitFor();
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) tooWide.push(`${category.module}/${category.key} (+${overflow} px)`);
        await expectNoAxeViolations(page, `${category.module}/${category.key} add form at 375 px`);
      }
      expect(tooWide).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 600_000);
});
