/**
 * The personal network as a person builds it: a partner, two children and a grandparent, one
 * address reused by two people, a duplicate nickname refused, a photo, the family tree, editing
 * and deleting a child, and the guard on a form left dirty; axe on desktop and at 375 px.
 */

import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { describe, expect, inject, it } from "vitest";
import { signedInAccount } from "./support/accounts.ts";
import { browserPages, expectNoAxeViolations } from "./support/browser.ts";
import { choose } from "./support/select.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

const path = (page: Page) => new URL(page.url()).pathname;
const NETWORK = "/dashboard/personal-network";

function photoPng(): Buffer {
  const png = new PNG({ width: 300, height: 200 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 200;
    png.data[i + 1] = 80;
    png.data[i + 2] = 60;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

async function addPerson(
  page: Page,
  section: string,
  person: { first: string; last: string; type: string },
  extra: (form: Page) => Promise<void> = async () => {},
): Promise<void> {
  await page.goto(`${NETWORK}/${section}/add`);
  await page.getByRole("textbox", { name: "First Name" }).fill(person.first);
  await page.getByRole("textbox", { name: "Last Name" }).fill(person.last);
  await choose(page, "Relationship Type", person.type);
  await extra(page);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: `${person.first} ${person.last}` }).waitFor();
  expect(path(page)).toMatch(new RegExp(`^${NETWORK}/${section}/view/[0-9a-f-]{36}$`));
}

describe("personal network", () => {
  it("builds a family with a shared address, a photo and a tree; edits, deletes and guards a dirty form", async () => {
    const { page, context, consoleErrors } = await pages.open();
    try {
      await signedInAccount(context, baseURL, { name: "Robin Tremblay" });
      await page.goto(NETWORK);
      await page.getByRole("heading", { level: 1, name: "Personal Network" }).waitFor();
      await expectNoAxeViolations(page, "personal network overview");

      // A partner living at a new address.
      await addPerson(
        page,
        "partner",
        { first: "Jordan", last: "Tremblay", type: "Spouse" },
        async (form) => {
          await choose(form, "Home address", "Add New Address");
          await form.getByRole("textbox", { name: "Address nickname" }).fill("Home");
          await choose(form, "Country", "Canada");
          await choose(form, "Province/Territory", "Quebec");
          await form.getByRole("textbox", { name: "City" }).fill("Montréal");
          await form.getByRole("textbox", { name: "Address Line 1" }).fill("123 rue Sainte-Catherine");
          await expectNoAxeViolations(form, "contact form with the address form");
          await form.getByRole("button", { name: "Save Address" }).click();
          await form.getByRole("button", { name: "Edit Address" }).waitFor();
        },
      );
      await expectNoAxeViolations(page, "partner view");

      // A daughter at the same address (reused from the dropdown), with a photo.
      await addPerson(page, "child", { first: "Léa", last: "Tremblay", type: "Daughter" }, async (form) => {
        await choose(form, "Home address", "Home");
        await form.getByRole("button", { name: "Edit Address" }).waitFor();
        await form.locator('input[type="file"]').first().setInputFiles({
          name: "lea.png",
          mimeType: "image/png",
          buffer: photoPng(),
        });
        await form.getByRole("dialog", { name: "Crop the photo" }).waitFor();
        await form.getByRole("button", { name: "Use this photo" }).click();
        await form.getByRole("img", { name: /Photo of/ }).waitFor();
      });
      await page.getByRole("img", { name: /Photo of Léa/ }).waitFor();

      // A son; a second address may not reuse the nickname "home".
      await addPerson(page, "child", { first: "Noah", last: "Tremblay", type: "Son" }, async (form) => {
        await choose(form, "Home address", "Add New Address");
        await form.getByRole("textbox", { name: "Address nickname" }).fill("home");
        await form.getByText("Please enter unique address nickname").waitFor();
        expect(await form.getByRole("button", { name: "Save Address" }).isDisabled()).toBe(true);
        await form.getByRole("button", { name: "Cancel", exact: true }).first().click();
      });

      // A grandmother, added from the family tree.
      await page.goto(`${NETWORK}/immediate-family-tree`);
      await page.getByRole("heading", { level: 1, name: "Immediate Family Tree" }).waitFor();
      await page.getByRole("button", { name: "Add a family member" }).click();
      const dialog = page.getByRole("dialog", { name: "Add a family member" });
      await dialog.getByRole("textbox", { name: "First Name" }).fill("Rose");
      await dialog.getByRole("textbox", { name: "Last Name" }).fill("Gagnon");
      await choose(dialog, "Relationship Group", "Relative");
      const types = await dialog
        .getByRole("combobox", { name: "Relationship Type" })
        .locator("option")
        .allTextContents();
      expect(types).not.toContain("Cousin"); // the tree offers only its subset
      await choose(dialog, "Relationship Type", "Grandmother");
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await dialog.waitFor({ state: "detached" });
      await page
        .getByRole("list", { name: "Grandparents" })
        .getByRole("button", { name: /Rose Gagnon/ })
        .waitFor();
      await page
        .getByRole("list", { name: "Children" })
        .getByRole("button", { name: /Léa Tremblay/ })
        .waitFor();
      await page
        .getByRole("list", { name: "Children" })
        .getByRole("button", { name: /Noah Tremblay/ })
        .waitFor();
      await page
        .getByRole("list", { name: "Your generation" })
        .getByRole("button", { name: /Jordan Tremblay/ })
        .waitFor();
      await expectNoAxeViolations(page, "family tree");

      // Edit, then delete, a child.
      await page.goto(`${NETWORK}/child`);
      await page.getByRole("link", { name: /Noah Tremblay/ }).click();
      await page.getByRole("link", { name: "Edit" }).click();
      await page.getByRole("textbox", { name: "First Name" }).fill("Noé");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Noé Tremblay" }).waitFor();
      await page.getByRole("button", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete the Record" });
      await confirm.getByText("Are you sure you want to delete this record?").waitFor();
      await confirm.getByRole("button", { name: "Yes" }).click();
      await expect.poll(() => path(page)).toBe(`${NETWORK}/child`);
      await page.getByRole("link", { name: /Léa Tremblay/ }).waitFor();
      expect(await page.getByRole("link", { name: /Noé Tremblay/ }).count()).toBe(0);

      // A dirty form: leaving through the menu asks first; missing required fields are explained.
      await page.goto(`${NETWORK}/child/add`);
      await page.getByRole("textbox", { name: "Last Name" }).fill("Unsaved");
      await page
        .getByRole("navigation", { name: "Sections", exact: true })
        .getByRole("link", { name: "Personal Data" })
        .click();
      const save = page.getByRole("dialog", { name: "Save the Record" });
      await save.getByText("Do you want to save your changes?").waitFor();
      await save.getByRole("button", { name: "Yes" }).click();
      const notice = page.getByRole("dialog", { name: "Notification" });
      await notice.getByText("Please fill all required fields to save your changes").waitFor();
      await notice.getByRole("button", { name: "Okay" }).click();
      expect(path(page)).toBe(`${NETWORK}/child/add`);
      await page
        .getByRole("navigation", { name: "Sections", exact: true })
        .getByRole("link", { name: "Personal Data" })
        .click();
      await page.getByRole("dialog", { name: "Save the Record" }).getByRole("button", { name: "No" }).click();
      await expect.poll(() => path(page)).toBe("/dashboard/personaldata");
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it("reads well on a 375 px phone", async () => {
    const { page, context, consoleErrors } = await pages.open({ width: 375, height: 740 });
    try {
      await signedInAccount(context, baseURL);
      await addPerson(page, "child", { first: "Maya", last: "Roy", type: "Daughter" });
      await expectNoAxeViolations(page, "child view at 375 px");
      await page.goto(`${NETWORK}/immediate-family-tree`);
      await page
        .getByRole("list", { name: "Children" })
        .getByRole("button", { name: /Maya Roy/ })
        .waitFor();
      await expectNoAxeViolations(page, "family tree at 375 px");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.goto(`${NETWORK}/child/add`);
      await page.getByRole("textbox", { name: "First Name" }).waitFor();
      await expectNoAxeViolations(page, "contact form at 375 px");
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
