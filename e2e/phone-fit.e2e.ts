/**
 * Every page of a family file on a 375 px wide phone, in English and in French: nothing wider than
 * the screen. Each record category's add form, list (holding a record with every field filled)
 * and view; each personal network section's list, add form and a person's page; the module pages,
 * Shared Data and My Account. Every add form also passes axe.
 */
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { LIST_SECTIONS } from "../app/features/personal-network/sections.ts";
import { RELATIONSHIP_TYPES_BY_GROUP } from "../domain/catalog/relationships.ts";
import { CATEGORIES, categoryDef, isCategoryKey } from "../domain/sections/index.ts";
import { RECORD_MODULES } from "../domain/sections/modules.ts";
import { type SampleRefs, sampleRecord } from "../server/testing/record-samples.ts";
import { createdId, signedInAccount } from "./support/accounts.ts";
import { browserPages, expectNoAxeViolations, horizontalOverflow } from "./support/browser.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

/** The sample rows a record may name, made once each through the API, as the records tests do. */
function apiRefs(request: APIRequestContext): SampleRefs & { made: Map<string, Promise<string>> } {
  const made = new Map<string, Promise<string>>();
  const once = (key: string, create: () => Promise<string>) => {
    if (!made.has(key)) made.set(key, create());
    return made.get(key) as Promise<string>;
  };
  const created = (url: string, data: object) => createdId(request, baseURL, url, data);
  const refs: SampleRefs & { made: Map<string, Promise<string>> } = {
    made,
    person(groups) {
      const group = groups === undefined || groups.includes("me") ? "me" : groups[0];
      if (group === undefined) throw new Error("a person field with no group");
      if (group === "me") {
        return once("person:me", async () => (await (await request.get("/api/pn/person")).json()).id);
      }
      return once(`person:${group}`, () =>
        created("/api/pn/person", {
          group,
          type: RELATIONSHIP_TYPES_BY_GROUP[group][0] ?? null,
          mainDetails: { firstName: `Alexandrine-Marguerite ${group}`, lastName: "Villeneuve-Bélanger" },
          contactDetails: { emails: ["alexandrine.villeneuve-belanger@example.com"] },
        }),
      );
    },
    address: () =>
      once("address", () => created("/api/address/", { name: "Résidence principale", country: "CA" })),
    institution: () =>
      once("institution", () => created("/api/institutions/", { name: "Caisse populaire Desjardins" })),
    record(categories) {
      const key = categories.find(isCategoryKey);
      if (key === undefined) throw new Error(`no category among ${categories.join(", ")}`);
      const target = categoryDef(key);
      return once(`record:${key}`, async () =>
        created(`/api/records/${target.module}/${key}`, await sampleRecord(target, refs, { complete: true })),
      );
    },
  };
  return refs;
}

/**
 * Opens a page and says by how much it is wider than the screen (0: it fits), once its content is
 * in: the heading drawn and no loader left.
 */
async function widthOf(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await page.getByRole("main").getByRole("heading", { level: 1 }).first().waitFor();
  await page
    .waitForFunction(
      () => document.querySelector("main [aria-busy='true'], main .mantine-Loader-root") === null,
      null,
      {
        timeout: 5_000,
      },
    )
    .catch(() => {});
  return horizontalOverflow(page);
}

describe("on a 375 px phone", () => {
  it("every page of the file fits the screen, in English and in French", async () => {
    const { page, context, consoleErrors } = await pages.open({ width: 375, height: 812 });
    try {
      await signedInAccount(context, baseURL, { name: "Noor Haddad" });
      const refs = apiRefs(context.request);
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
