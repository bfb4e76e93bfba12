/**
 * No silent overwrite: the same owner edits one bank account, or one person, in two browsers; the
 * second save is refused and shows both versions, and the owner keeps theirs over the one saved
 * first, or takes it into the form and saves on over it.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { RELATIONSHIP_TYPES_BY_GROUP } from "../domain/catalog/relationships.ts";
import { categoryDef } from "../domain/sections/index.ts";
import { sampleRecord } from "../server/testing/record-samples.ts";
import { createdId, signedInAccount } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";
import { apiRefs } from "./support/records.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

const path = (page: Page) => new URL(page.url()).pathname;

/** The conflict passes axe in every accent and in dark mode, and fits a phone. */
async function expectConflictLooksRight(page: Page): Promise<void> {
  for (const accent of ["Purple", "Green", "Blue"]) {
    await page.getByRole("button", { name: /theme/i }).click();
    await page.getByRole("menuitemradio", { name: accent }).click();
    await expectNoAxeViolations(page, `edit conflict, ${accent}`);
  }
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoAxeViolations(page, "edit conflict, dark");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectFitsPhone(page, "edit conflict at 375 px");
}

async function rename(page: Page, nickname: string): Promise<void> {
  const field = page.getByRole("textbox", { name: /^Account nickname/ });
  await field.fill(nickname);
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

describe("two tabs editing one record", () => {
  it("refuses the second save, shows both versions, and lets the owner keep theirs", async () => {
    const first = await pages.open();
    const second = await pages.open();
    try {
      await signedInAccount(first.context, baseURL, { name: "Sam Carter" });
      await second.context.addCookies(await first.context.cookies());
      const bank = categoryDef("asset");
      const body = await sampleRecord(bank, apiRefs(first.context.request, baseURL));
      const id = await createdId(first.context.request, baseURL, "/api/records/assets/asset", {
        ...body,
        accountNickname: "Everyday account",
      });
      const edit = `/dashboard/assets/asset/edit/${id}`;
      const view = `/dashboard/assets/asset/view/${id}`;

      await first.page.goto(edit);
      await second.page.goto(edit);
      await first.page.getByRole("textbox", { name: /^Account nickname/ }).waitFor();
      await second.page.getByRole("textbox", { name: /^Account nickname/ }).waitFor();

      await rename(first.page, "Joint chequing");
      await expect.poll(() => path(first.page), { timeout: 15_000 }).toBe(view);

      await rename(second.page, "Household account");
      const conflict = second.page.getByRole("region", {
        name: "This record was saved while you were editing it",
      });
      await conflict.waitFor();
      expect(await conflict.evaluate((element) => element === document.activeElement)).toBe(true);
      await conflict.getByText(/^Saved by you on /).waitFor();
      const nickname = conflict.getByRole("listitem").filter({ hasText: "Account nickname" });
      await nickname.getByText("Household account").waitFor();
      await nickname.getByText("Joint chequing").waitFor();
      expect(path(second.page)).toBe(edit);
      await expectConflictLooksRight(second.page);

      await conflict.getByRole("button", { name: "Keep mine" }).click();
      await expect.poll(() => path(second.page), { timeout: 15_000 }).toBe(view);
      await second.page.getByText("Household account").first().waitFor();
      await second.page.getByText(/^Last changed by you, /).waitFor();

      await first.page.reload();
      await first.page.getByText("Household account").first().waitFor();
      expect(first.consoleErrors).toEqual([]);
      expect(second.consoleErrors).toEqual([]);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  }, 240_000);

  it("refuses the second save of a person, and lets the owner take the saved version and save on", async () => {
    const first = await pages.open();
    const second = await pages.open();
    try {
      await signedInAccount(first.context, baseURL, { name: "Sam Carter" });
      await second.context.addCookies(await first.context.cookies());
      const id = await createdId(first.context.request, baseURL, "/api/pn/person", {
        group: "partner",
        type: RELATIONSHIP_TYPES_BY_GROUP.partner[0],
        mainDetails: { firstName: "Robin", lastName: "Ashford" },
      });
      const edit = `/dashboard/personal-network/partner/edit/${id}`;
      const view = `/dashboard/personal-network/partner/view/${id}`;
      const firstName = (page: Page) => page.getByRole("textbox", { name: /^First Name/ });
      const save = (page: Page) => page.getByRole("button", { name: "Save", exact: true }).click();

      await first.page.goto(edit);
      await second.page.goto(edit);
      await firstName(first.page).waitFor();
      await firstName(second.page).waitFor();

      await firstName(first.page).fill("Robyn");
      await save(first.page);
      await expect.poll(() => path(first.page), { timeout: 15_000 }).toBe(view);

      await firstName(second.page).fill("Robin-Lee");
      await save(second.page);
      const conflict = second.page.getByRole("region", {
        name: "This record was saved while you were editing it",
      });
      await conflict.waitFor();
      expect(await conflict.evaluate((element) => element === document.activeElement)).toBe(true);
      await conflict.getByText(/^Saved on /).waitFor();
      const rows = conflict.getByRole("listitem");
      expect(await rows.count()).toBe(1);
      await rows.filter({ hasText: "First Name" }).getByText("Robin-Lee").waitFor();
      await rows.filter({ hasText: "First Name" }).getByText("Robyn").waitFor();
      expect(path(second.page)).toBe(edit);
      await expectConflictLooksRight(second.page);

      await conflict.getByRole("button", { name: "Take the saved version" }).click();
      await second.page.getByText("The saved version is now in the form.").waitFor();
      expect(await firstName(second.page).inputValue()).toBe("Robyn");
      await second.page.getByRole("textbox", { name: /^Last Name/ }).fill("Ashford-Lee");
      await save(second.page);
      await expect.poll(() => path(second.page), { timeout: 15_000 }).toBe(view);

      await first.page.reload();
      await first.page.getByText("Ashford-Lee").first().waitFor();
      await first.page.getByText("Robyn").first().waitFor();
      expect(first.consoleErrors).toEqual([]);
      expect(second.consoleErrors).toEqual([]);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  }, 240_000);
});
