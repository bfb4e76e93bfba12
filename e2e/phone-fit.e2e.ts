/**
 * Every page of a family file on a 375 px wide phone, in English and in French: nothing wider than
 * the screen. Each record category's add form, list (holding a record with every field filled)
 * and view; each personal network section's list, add form and a person's page; the module pages,
 * Shared Data and My Account. Every add form also passes axe.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { LIST_SECTIONS } from "../app/features/personal-network/sections.ts";
import { CATEGORIES } from "../domain/sections/index.ts";
import { RECORD_MODULES } from "../domain/sections/modules.ts";
import { signedInAccount } from "./support/accounts.ts";
import { browserPages, expectNoAxeViolations, horizontalOverflow, navigateInApp } from "./support/browser.ts";
import { apiRefs } from "./support/records.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

/** Opens a page inside the app and says by how much it is wider than the screen (0: it fits). */
async function widthOf(page: Page, path: string): Promise<number> {
  await navigateInApp(page, path);
  return horizontalOverflow(page);
}

describe("on a 375 px phone", () => {
  it("every page of the file fits the screen, in English and in French", async () => {
    const { page, context, consoleErrors } = await pages.open({ width: 375, height: 812 });
    try {
      await signedInAccount(context, baseURL, { name: "Noor Haddad" });
      const refs = apiRefs(context.request, baseURL);
      const records = new Map<string, string>();
      for (const category of CATEGORIES) records.set(category.key, await refs.record([category.key]));
      const persons = new Map<string, string>();
      for (const section of LIST_SECTIONS) persons.set(section.segment, await refs.person([section.group]));

      const paths = [
        "/dashboard/personal-network",
        "/dashboard/personal-network/personal-details",
        "/dashboard/personal-network/immediate-family-tree",
        ...LIST_SECTIONS.flatMap(({ segment }) => [
          `/dashboard/personal-network/${segment}`,
          `/dashboard/personal-network/${segment}/add`,
          `/dashboard/personal-network/${segment}/view/${persons.get(segment)}`,
        ]),
        ...RECORD_MODULES.map((module) => `/dashboard/${module}`),
        ...CATEGORIES.flatMap(({ module, key }) => [
          `/dashboard/${module}/${key}`,
          `/dashboard/${module}/${key}/view/${records.get(key)}`,
        ]),
        "/dashboard/shared-data",
        "/dashboard/shared-data/shared-by-me",
        "/dashboard/shared-data/shared-by-me/add",
        "/dashboard/manage-account",
      ];
      const tooWide: string[] = [];
      for (const lang of ["en", "fr"] as const) {
        const saved = await context.request.post("/api/account/save", {
          headers: { origin: baseURL },
          data: { lang },
        });
        expect(saved.status()).toBe(200);
        // One load per language (the account's language applies at start-up); every page after it
        // is opened inside the app, as its links do, not loaded anew.
        await page.goto("/dashboard/manage-account");
        await page.getByRole("main").getByRole("heading", { level: 1 }).first().waitFor();
        for (const path of paths) {
          const overflow = await widthOf(page, path);
          if (overflow > 0) tooWide.push(`${lang} ${path} (+${overflow} px)`);
        }
        for (const category of CATEGORIES) {
          const path = `/dashboard/${category.module}/${category.key}/add`;
          const overflow = await widthOf(page, path);
          if (overflow > 0) tooWide.push(`${lang} ${path} (+${overflow} px)`);
          if (lang === "en") await expectNoAxeViolations(page, `${path} at 375 px`);
        }
      }
      expect(tooWide).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 900_000);
});
