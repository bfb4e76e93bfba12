/**
 * No silent overwrite: the same owner edits one bank account, one person, or one address, in two
 * browsers; the second save is refused and shows both versions, and the owner keeps theirs over
 * the one saved first, or takes it into the form and saves on over it.
 */
import type { APIRequestContext, Locator, Page } from "playwright-core";
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

type Browsers = { first: Page; second: Page; request: APIRequestContext };

/**
 * Two browsers of one signed-in owner (the second shares the first's session), closed after
 * `use`; neither may log a console error.
 */
async function inTwoBrowsers(use: (browsers: Browsers) => Promise<void>): Promise<void> {
  const first = await pages.open();
  const second = await pages.open();
  try {
    await signedInAccount(first.context, baseURL, { name: "Sam Carter" });
    await second.context.addCookies(await first.context.cookies());
    await use({ first: first.page, second: second.page, request: first.context.request });
    expect(first.consoleErrors).toEqual([]);
    expect(second.consoleErrors).toEqual([]);
  } finally {
    await first.context.close();
    await second.context.close();
  }
}

/** How a form of one saved row is edited: where, which field both browsers change, and its save. */
type EditedForm = {
  url: string;
  /** The field, once the form shows it. */
  field: (page: Page) => Promise<Locator>;
  save: (page: Page) => Promise<void>;
  /** Waits until a save of the form went through. */
  saved: (page: Page) => Promise<void>;
};

/**
 * Opens the form in both browsers, saves `theirs` from the first, then `mine` from the second:
 * answers the conflict shown there, which has the focus.
 */
async function saveFromBoth({ first, second }: Browsers, form: EditedForm, theirs: string, mine: string) {
  await first.goto(form.url);
  await second.goto(form.url);
  const [firstField, secondField] = [await form.field(first), await form.field(second)];
  await firstField.fill(theirs);
  await form.save(first);
  await form.saved(first);
  await secondField.fill(mine);
  await form.save(second);
  const conflict = second.getByRole("region", { name: "This record was saved while you were editing it" });
  await conflict.waitFor();
  expect(await conflict.evaluate((element) => element === document.activeElement)).toBe(true);
  return conflict;
}

/** The conflict's one differing field shows both versions. */
async function expectOnlyRow(conflict: Locator, label: string, mine: string, theirs: string) {
  const rows = conflict.getByRole("listitem");
  expect(await rows.count()).toBe(1);
  const row = rows.filter({ hasText: label });
  await row.getByText(mine).waitFor();
  await row.getByText(theirs).waitFor();
}

const saveButton = (page: Page) => page.getByRole("button", { name: "Save", exact: true }).click();

/** A record or person form, which lands on the view page once saved. */
function pageForm(url: string, label: RegExp, view: string): EditedForm {
  return {
    url,
    field: async (page) => {
      const field = page.getByRole("textbox", { name: label });
      await field.waitFor();
      return field;
    },
    save: saveButton,
    saved: (page) => expect.poll(() => path(page), { timeout: 15_000 }).toBe(view),
  };
}

/** A partner, Robin Ashford, made through the API with `more` fields: the path of their edit form. */
async function partnerEdit(request: APIRequestContext, more: object = {}): Promise<string> {
  const id = await createdId(request, baseURL, "/api/pn/person", {
    group: "partner",
    type: RELATIONSHIP_TYPES_BY_GROUP.partner[0],
    mainDetails: { firstName: "Robin", lastName: "Ashford" },
    ...more,
  });
  return `/dashboard/personal-network/partner/edit/${id}`;
}

describe("two tabs editing one record", () => {
  it("refuses the second save, shows both versions, and lets the owner keep theirs", async () => {
    await inTwoBrowsers(async (browsers) => {
      const { first, second, request } = browsers;
      const bank = categoryDef("asset");
      const body = await sampleRecord(bank, apiRefs(request, baseURL));
      const id = await createdId(request, baseURL, "/api/records/assets/asset", {
        ...body,
        accountNickname: "Everyday account",
      });
      const edit = `/dashboard/assets/asset/edit/${id}`;
      const view = `/dashboard/assets/asset/view/${id}`;
      const form = pageForm(edit, /^Account nickname/, view);

      const conflict = await saveFromBoth(browsers, form, "Joint chequing", "Household account");
      await conflict.getByText(/^Saved by you on /).waitFor();
      const nickname = conflict.getByRole("listitem").filter({ hasText: "Account nickname" });
      await nickname.getByText("Household account").waitFor();
      await nickname.getByText("Joint chequing").waitFor();
      expect(path(second)).toBe(edit);
      await expectConflictLooksRight(second);

      await conflict.getByRole("button", { name: "Keep mine" }).click();
      await form.saved(second);
      await second.getByText("Household account").first().waitFor();
      await second.getByText(/^Last changed by you, /).waitFor();

      await first.reload();
      await first.getByText("Household account").first().waitFor();
    });
  }, 240_000);

  it("refuses the second save of a person, and lets the owner take the saved version and save on", async () => {
    await inTwoBrowsers(async (browsers) => {
      const { first, second, request } = browsers;
      const edit = await partnerEdit(request);
      const form = pageForm(edit, /^First Name/, edit.replace("/edit/", "/view/"));

      const conflict = await saveFromBoth(browsers, form, "Robyn", "Robin-Lee");
      await conflict.getByText(/^Saved by you on /).waitFor();
      await expectOnlyRow(conflict, "First Name", "Robin-Lee", "Robyn");
      expect(path(second)).toBe(edit);
      await expectConflictLooksRight(second);

      await conflict.getByRole("button", { name: "Take the saved version" }).click();
      await second.getByText("The saved version is now in the form.").waitFor();
      expect(await (await form.field(second)).inputValue()).toBe("Robyn");
      await second.getByRole("textbox", { name: /^Last Name/ }).fill("Ashford-Lee");
      await form.save(second);
      await form.saved(second);

      await first.reload();
      await first.getByText("Ashford-Lee").first().waitFor();
      await first.getByText("Robyn").first().waitFor();
    });
  }, 240_000);

  it("refuses the second save of an address in a person's form, and lets the owner keep theirs", async () => {
    await inTwoBrowsers(async (browsers) => {
      const { first, second, request } = browsers;
      const address = await createdId(request, baseURL, "/api/address/", {
        name: "Lake house",
        country: "CA",
        province: "Ontario",
        city: "Kingston",
      });
      const edit = await partnerEdit(request, { homeAddress: address });
      const editAddress = (page: Page) => page.getByRole("button", { name: "Edit Address" });
      const form: EditedForm = {
        url: edit,
        field: async (page) => {
          await editAddress(page).click();
          const city = page.getByRole("textbox", { name: "City", exact: true });
          await city.waitFor();
          return city;
        },
        save: (page) => page.getByRole("button", { name: "Save Address" }).click(),
        // A saved address closes its form and shows the address again.
        saved: (page) => editAddress(page).waitFor(),
      };

      const conflict = await saveFromBoth(browsers, form, "Ottawa", "Toronto");
      await conflict.getByText(/^Saved by you on /).waitFor();
      await expectOnlyRow(conflict, "City", "Toronto", "Ottawa");
      await expectConflictLooksRight(second);

      await conflict.getByRole("button", { name: "Keep mine" }).click();
      await form.saved(second);
      await second.getByText(/^Toronto, Ontario/).waitFor();
      expect(path(second)).toBe(edit);
      const book = await (await request.get("/api/address/")).json();
      expect(book).toEqual([expect.objectContaining({ id: address, city: "Toronto", version: 3 })]);

      await first.reload();
      await first.getByText(/^Toronto, Ontario/).waitFor();
    });
  }, 240_000);
});
