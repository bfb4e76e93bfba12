import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prerenderPage, prerenderSignedInScreen } from "./prerender.tsx";

const LOCALES = join(import.meta.dirname, "../public/locales");
const readNamespace = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), "utf8"));
const auth = (language: string) => readNamespace(language, "auth");

describe("prerenderPage", () => {
  it.each(["en", "fr"] as const)(
    "draws the sign-in form of /login in %s, complete and script-free",
    async (language) => {
      const page = await prerenderPage("/login", language, readNamespace);
      const document = new DOMParser().parseFromString(`<div id="root">${page.html}</div>`, "text/html");
      const form = document.querySelector("form");
      expect(form?.getAttribute("method")).toBe("post");
      expect(form?.querySelector('input[name="email"]')).not.toBeNull();
      expect(form?.querySelector('input[name="password"]')).not.toBeNull();
      const labels = [...document.querySelectorAll("label")].map((label) => label.textContent?.trim());
      expect(labels).toEqual(
        expect.arrayContaining([auth(language).fields.email, auth(language).fields.password]),
      );
      // Disabled until the script runs: before that the browser would submit it on its own.
      const submit = form?.querySelector('button[type="submit"]');
      expect(submit?.textContent).toBe(auth(language).login.submit);
      expect(submit?.hasAttribute("disabled")).toBe(true);
      expect(page.html).not.toContain("<script");
      expect(page.namespaces.sort()).toEqual(["auth", "common"]);
      // The tab's title, in the page's language, before the script sets it.
      const common = readNamespace(language, "common");
      expect(page.title).toBe(common.title.format.replace("{{page}}", auth(language).login.title));
    },
  );

  it("draws only the sign-in page: its island loads any other address in full", async () => {
    await expect(prerenderPage("/forgot-password", "en", readNamespace)).rejects.toThrow(/not a page/);
  });
});

describe("prerenderSignedInScreen", () => {
  it.each(["en", "fr"] as const)(
    "draws the signed-in frame and the landing screen in %s",
    async (language) => {
      const page = await prerenderSignedInScreen("/dashboard/personal-network", language, readNamespace);
      const document = new DOMParser().parseFromString(`<div id="root">${page.html}</div>`, "text/html");
      const network = readNamespace(language, "network");
      expect(document.querySelector("header")).not.toBeNull();
      expect(document.querySelector("nav")).not.toBeNull();
      expect(document.querySelector("main h1")?.textContent).toBe(network.overview.title);
      expect(document.querySelector("main")?.textContent).toContain(network.overview.intro);
      expect(page.html).not.toContain("<script");
      const common = readNamespace(language, "common");
      expect(page.title).toBe(common.title.format.replace("{{page}}", network.overview.title));
    },
  );

  it.each(["en", "fr"] as const)(
    "draws a record's add form in %s, its heading above a loader",
    async (language) => {
      const page = await prerenderSignedInScreen(
        "/dashboard/personaldata/passport/add",
        language,
        readNamespace,
      );
      const document = new DOMParser().parseFromString(`<div id="root">${page.html}</div>`, "text/html");
      const heading = document.querySelector("main h1")?.textContent ?? "";
      const records = readNamespace(language, "records");
      expect(heading.startsWith(records.form.addTitle.split("{{category}}")[0])).toBe(true);
      const common = readNamespace(language, "common");
      expect(page.title).toBe(common.title.format.replace("{{page}}", heading));
      expect(document.querySelector('main [role="status"]')).not.toBeNull();
      expect(page.html).not.toContain("<script");
    },
  );
});
