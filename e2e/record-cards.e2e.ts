/**
 * A family file's record lists on a 375 px phone: every category's list is a list of cards, and
 * the link that opens a record is on the screen, not clipped by a box that scrolls sideways (the
 * document library's list is its own page, checked with the library). A
 * record's password is copied in one click, and the copy is logged.
 */
import { describe, expect, inject, it } from "vitest";
import { CATEGORIES, categoryDef } from "../domain/sections/index.ts";
import { signedInAccount } from "./support/accounts.ts";
import { browserPages, horizontalOverflow, navigateInApp } from "./support/browser.ts";
import { apiRefs } from "./support/records.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

describe("record lists on a 375 px phone", () => {
  it("open every category's record from a card on the screen, and copy a password", async () => {
    const { page, context, consoleErrors } = await pages.open({ width: 375, height: 812 });
    try {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
      await signedInAccount(context, baseURL, { name: "Noor Haddad" });
      const refs = apiRefs(context.request, baseURL);
      const records = new Map<string, string>();
      for (const category of CATEGORIES) records.set(category.key, await refs.record([category.key]));
      await page.goto("/dashboard/manage-account");
      await page.getByRole("main").getByRole("heading", { level: 1 }).first().waitFor();

      const unreachable: string[] = [];
      // The document library's list is the library's own page, not a record list.
      for (const { module, key } of CATEGORIES.filter((category) => category.key !== "documentlibrary")) {
        await navigateInApp(page, `/dashboard/${module}/${key}`);
        const card = page.getByRole("main").getByRole("list").getByRole("link").first();
        const drawn = await card.waitFor({ timeout: 10_000 }).then(
          () => true,
          () => false,
        );
        if (!drawn) {
          unreachable.push(`${key}: no card`);
          continue;
        }
        // Scrolled to vertically only: a sideways scroll would hide what this looks for.
        const where = await card.evaluate((link) => {
          window.scrollBy(0, link.getBoundingClientRect().top - 120);
          const box = link.getBoundingClientRect();
          const width = document.documentElement.clientWidth;
          const hit = document.elementFromPoint(
            box.left + box.width / 2,
            box.top + Math.min(box.height / 2, 16),
          );
          return {
            inside: box.left >= 0 && box.right <= width && box.width > 0,
            shown: hit !== null && link.contains(hit),
            href: link.getAttribute("href"),
          };
        });
        const expected = `/dashboard/${module}/${key}/view/${records.get(key)}`;
        if (!where.inside || !where.shown || where.href !== expected) {
          unreachable.push(`${key}: ${JSON.stringify(where)}`);
        }
        if ((await horizontalOverflow(page)) > 0) unreachable.push(`${key}: the page scrolls sideways`);
      }
      expect(unreachable).toEqual([]);

      const password = categoryDef("password");
      const id = records.get("password");
      const url = `/api/records/${password.module}/password/${id}`;
      const stored = (await (await context.request.get(`${url}?reveal=password`)).json()).body.password;
      await navigateInApp(page, `/dashboard/passwordvault/password/view/${id}`);
      await page.getByRole("button", { name: "Copy Password" }).click();
      await page.getByRole("status").filter({ hasText: "Password copied" }).waitFor({ state: "attached" });
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored);
      const activity = await (await context.request.get("/api/account/activity?size=1")).json();
      expect(activity.items[0]).toMatchObject({ kind: "copy", subjectId: id, field: "password" });
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
