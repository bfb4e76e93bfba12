/**
 * Your data, in My Account: the owner exports the whole file with its secrets (the password asked
 * again), the browser saves a ZIP holding the JSON document and the document's file; a second
 * account imports that ZIP after a confirmation and finds the record and the file; axe in the three
 * themes and nothing sideways at 375 px. An archive past the import's limit is refused by the form,
 * before anything is sent.
 */
import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import yauzl from "yauzl";
import { THEME_SAMPLES, themeKey } from "../domain/catalog/themes.ts";
import { ARCHIVE_LIMITS } from "../domain/limits.ts";
import { createdId, signedInAccount } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";

const pages = browserPages();
const baseURL = inject("baseURL");
const MY_ACCOUNT = "/dashboard/manage-account/my-account";

const created = (context: BrowserContext, url: string, data: object) =>
  createdId(context.request, baseURL, url, data);

/** The names and bytes of a ZIP's entries. */
async function entriesOf(archive: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(archive, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  zip.close();
  return entries;
}

const yourData = (page: Page) => page.getByRole("region", { name: "Your data" });

describe("Your data", () => {
  it("exports the file with its secrets, then another account imports it", async () => {
    const owner = await pages.open({});
    const other = await pages.open({});
    try {
      const account = await signedInAccount(owner.context, baseURL);
      await created(owner.context, "/api/records/passwordvault/password", {
        accountNickname: "Hydro Québec",
        password: "never-guessed-42",
      });
      const documentId = await created(owner.context, "/api/documents", {
        module: "inventory",
        type: "documentlibrary",
        description: "Deed of the house",
      });
      const upload = await owner.context.request.post(
        `/api/documents/inventory/documentlibrary/${documentId}/upload`,
        {
          headers: { origin: baseURL },
          multipart: {
            file: { name: "deed.txt", mimeType: "text/plain", buffer: Buffer.from("The deed, signed.") },
          },
        },
      );
      expect(upload.status(), await upload.text()).toBe(200);

      const { page } = owner;
      await page.goto(MY_ACCOUNT);
      const section = yourData(page);
      await section.waitFor();
      await section.getByRole("checkbox", { name: /Include secrets/ }).check();
      await section.getByRole("button", { name: "Download export" }).click();
      const dialog = page.getByRole("dialog", { name: "Confirm your password" });
      await dialog.getByLabel(/^Password/).fill(account.password);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        dialog.getByRole("button", { name: "Continue" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^kinfile-export-\d{4}-\d{2}-\d{2}\.zip$/);
      const archivePath = await download.path();
      const archive = await readFile(archivePath);
      const entries = await entriesOf(archive);
      const document = JSON.parse(entries.get("kinfile.json")?.toString("utf8") ?? "{}");
      expect(document).toMatchObject({ format: "kinfile-file", version: 1, secrets: true });
      expect(JSON.stringify(document)).toContain("never-guessed-42");
      const deed = [...entries.keys()].find((name) => name.startsWith("files/"));
      expect(deed && entries.get(deed)?.toString("utf8")).toBe("The deed, signed.");
      await section.getByText("Your export is downloading.").waitFor();

      // Another account brings the file in.
      await signedInAccount(other.context, baseURL, { name: "Sam Newcomer" });
      const target = other.page;
      await target.goto(MY_ACCOUNT);
      const importing = yourData(target);
      await importing.waitFor();
      await importing.locator('input[type="file"]').setInputFiles(archivePath);
      await importing.getByRole("button", { name: "Import" }).click();
      const confirm = target.getByRole("dialog", { name: "Import this file?" });
      await confirm.getByRole("button", { name: "Import" }).click();
      await importing.getByText(/^Imported \d+ persons?, .* 1 record, 1 document/).waitFor();

      const vault = await other.context.request.get("/api/records/passwordvault/password");
      expect(JSON.stringify(await vault.json())).toContain("Hydro Québec");
      const library = await other.context.request.get("/api/documents/inventory/type/documentlibrary");
      expect(JSON.stringify(await library.json())).toContain("Deed of the house");

      // A second import is refused: the file is no longer empty, and the section says why.
      await importing.locator('input[type="file"]').setInputFiles(archivePath);
      await importing.getByRole("button", { name: "Import" }).click();
      await confirm.getByRole("button", { name: "Import" }).click();
      await importing
        .getByRole("alert")
        .getByText(/already holds data/)
        .waitFor();

      for (const sample of THEME_SAMPLES) {
        const theme = themeKey(sample);
        await target.evaluate((key) => localStorage.setItem("kinfile.theme", key), theme);
        await target.reload();
        await yourData(target).waitFor();
        await expectNoAxeViolations(target, `My Account, Your data, ${theme} theme`);
      }
      await target.setViewportSize({ width: 375, height: 812 });
      await yourData(target).scrollIntoViewIfNeeded();
      await expectFitsPhone(target, "My Account, Your data");
      expect(owner.consoleErrors, "console errors (owner)").toEqual([]);
      expect(other.consoleErrors, "console errors (importer)").toEqual([]);
    } finally {
      await owner.context.close();
      await other.context.close();
    }
  });

  it("refuses an archive past the import's limit before sending it", async () => {
    const user = await pages.open({});
    // A sparse file: as large as the browser sees it, without taking the disk.
    const folder = await mkdtemp(join(tmpdir(), "kinfile-e2e-archive-"));
    const archivePath = join(folder, "kinfile-export-too-large.zip");
    const handle = await open(archivePath, "w");
    await handle.truncate(ARCHIVE_LIMITS.archiveBytesMax + 1);
    await handle.close();
    try {
      await signedInAccount(user.context, baseURL);
      const { page } = user;
      const imports: string[] = [];
      page.on("request", (sent) => {
        if (new URL(sent.url()).pathname === "/api/import") imports.push(sent.method());
      });
      await page.goto(MY_ACCOUNT);
      const importing = yourData(page);
      await importing.waitFor();
      await importing.getByText("At most 1024 MB.").waitFor();
      await importing.locator('input[type="file"]').setInputFiles(archivePath);
      await importing.getByText("This archive is larger than an import takes (at most 1024 MB).").waitFor();
      expect(await importing.getByRole("button", { name: "Import" }).isDisabled()).toBe(true);
      expect(imports).toEqual([]);
      await expectNoAxeViolations(page, "My Account, Your data, an archive too large");
      expect(user.consoleErrors, "console errors").toEqual([]);
    } finally {
      await user.context.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
