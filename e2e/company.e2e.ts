/**
 * A company gives Kinfile to its staff, in the browser on the suite's server (billing off): the
 * founder creates the company and invites from a CSV file; an invitee without an account follows
 * the mailed link, registers, confirms the address, signs in and lands back on the activation,
 * whose seat then shows active in the members table. English at desktop width for the company,
 * French on a phone for the invitee, with axe and the 375 px check on each screen. Another invitee
 * follows the mail's register link instead, whose pages name the company, and accepts on /b2b;
 * a member leaves. The intro guide waits for the seat in both journeys.
 */
import { describe, expect, inject, it } from "vitest";
import { E2E_PASSWORD, linkIn, signedInAccount, uniqueEmail, waitForMail } from "./support/accounts.ts";
import { browserPages, expectFitsPhone, expectNoAxeViolations } from "./support/browser.ts";

const pages = browserPages();
const baseURL = inject("baseURL");

describe("a company and its staff", () => {
  it("creates a company, invites from a CSV file, and the invitee registers and activates the seat", async () => {
    const founder = await pages.open({ width: 1280 });
    const invitee = await pages.open({ width: 375, height: 812, locale: "fr-CA" });
    const staffEmail = uniqueEmail("staff");
    try {
      const { page } = founder;
      await signedInAccount(founder.context, baseURL, { name: "Dana Scully" });
      await page.goto("/dashboard");
      await page.getByRole("button", { name: "Account menu" }).click();
      await page.getByRole("menuitem", { name: "Company" }).click();
      await page.getByRole("heading", { name: "Give Kinfile to your staff", level: 1 }).waitFor();
      await expectNoAxeViolations(page, "/b2b, create");
      await expectFitsPhone(page, "/b2b, create");
      await page.getByRole("button", { name: "Create company" }).click();
      await page.getByText("This field is required.").first().waitFor();
      await page.getByRole("textbox", { name: "Company name" }).fill("Acme Robotics");
      await page.getByRole("textbox", { name: "Contact email" }).fill("hr@acme.example");
      await page.getByRole("button", { name: "Create company" }).click();
      await page.getByText("Company “Acme Robotics” created.").waitFor();
      await page.getByRole("heading", { name: "Acme Robotics", level: 1 }).waitFor();
      await page.getByText("1 seat used, no limit").waitFor();

      await page.getByRole("button", { name: "Invite from a CSV file" }).click();
      const dialog = page.getByRole("dialog", { name: "Invite from a CSV file" });
      await dialog.locator("input[type=file]").setInputFiles({
        name: "staff.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(
          `email,firstName,lastName,language\r\n${staffEmail},Gina,Tremblay,fr\r\nnobody,No,Body,en\r\n`,
        ),
      });
      await expectNoAxeViolations(page, "/b2b, CSV invite");
      await dialog.getByRole("button", { name: "Upload and invite" }).click();
      await dialog.getByText("1 invitation sent.").waitFor();
      await dialog.getByText("Email: Enter a valid email address.").waitFor();
      await expectNoAxeViolations(page, "/b2b, CSV results");
      await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
      await dialog.waitFor({ state: "detached" });
      const row = page.getByRole("row", { name: new RegExp(staffEmail) });
      await row.getByText("Invited").waitFor();
      await expectNoAxeViolations(page, "/b2b, members");
      await expectFitsPhone(page, "/b2b, members");
      expect(founder.consoleErrors, "console errors (company)").toEqual([]);

      // The invitee: the link in the mail, then registration, confirmation and sign-in.
      const mail = await waitForMail(invitee.context.request, staffEmail);
      expect(mail.subject).toBe("Acme Robotics vous offre Kinfile");
      const phone = invitee.page;
      await phone.goto(linkIn(mail, "/b2b/activate"));
      await phone.getByRole("heading", { name: "Connexion à Kinfile" }).waitFor();
      await phone.getByRole("link", { name: "Créer un compte" }).click();
      await phone.getByLabel("Nom complet").fill("Gina Tremblay");
      await phone.getByLabel("Courriel", { exact: true }).fill(staffEmail);
      await phone.getByLabel("Mot de passe", { exact: true }).fill(E2E_PASSWORD);
      await phone.getByLabel("Confirmer le mot de passe", { exact: true }).fill(E2E_PASSWORD);
      await phone.getByRole("button", { name: "Créer le compte" }).click();
      const verification = await waitForMail(invitee.context.request, staffEmail, (item) =>
        item.text.includes("verify-email"),
      );
      await phone.goto(linkIn(verification, "verify-email"));
      await phone.getByRole("button", { name: "Confirmer", exact: true }).click();
      await phone.getByText("Votre adresse courriel est confirmée", { exact: false }).waitFor();
      await phone.getByLabel("Courriel", { exact: true }).fill(staffEmail);
      await phone.getByLabel("Mot de passe", { exact: true }).fill(E2E_PASSWORD);
      await phone.getByRole("main").getByRole("button", { name: "Se connecter", exact: true }).click();

      await phone.getByRole("heading", { name: "Activez votre place d’entreprise", level: 1 }).waitFor();
      // The first sign-in's guide waits for the seat: the activation comes first.
      const code = phone.getByRole("textbox", { name: "Code d’activation" });
      expect(await code.inputValue()).toMatch(/^([0-9A-Z]{5}-){3}[0-9A-Z]{5}$/);
      expect(await phone.getByRole("dialog").count()).toBe(0);
      await expectFitsPhone(phone, "/b2b/activate (fr)");
      await phone.getByRole("button", { name: "Activer" }).click();
      await phone.getByText("Votre place est active").waitFor();
      // Activated, the guide shows, without its subscription screens (billing off).
      const guide = phone.getByRole("dialog", { name: "Bonjour !" });
      await guide.getByText("Étape 1 sur 6").waitFor();
      await guide.getByText("Ce guide rapide en 5 étapes", { exact: false }).waitFor();
      await phone.getByRole("button", { name: "Passer" }).click();
      await guide.waitFor({ state: "detached" });
      await expectFitsPhone(phone, "/b2b/activate, activated (fr)");
      const account = await invitee.context.request.get("/api/account/account");
      expect((await account.json()).roles).toContain("b2b");
      expect(invitee.consoleErrors, "console errors (invitee)").toEqual([]);

      await page.reload();
      await page
        .getByRole("row", { name: new RegExp(staffEmail) })
        .getByText("Active")
        .waitFor();

      // The founder corrects the company's name.
      await page.getByRole("button", { name: "Edit" }).click();
      const edit = page.getByRole("dialog", { name: "Edit the company's details" });
      await edit.getByRole("textbox", { name: "Company name" }).fill(" ");
      await edit.getByRole("button", { name: "Save" }).click();
      await edit.getByText("This field is required.").waitFor();
      await edit.getByRole("textbox", { name: "Company name" }).fill("Acme Robotics Ltd");
      await expectNoAxeViolations(page, "/b2b, edit");
      await edit.getByRole("button", { name: "Save" }).click();
      await page.getByText("Company “Acme Robotics Ltd” saved.").waitFor();
      await page.getByRole("heading", { name: "Acme Robotics Ltd", level: 1 }).waitFor();
      await page.reload();
      await page.getByRole("heading", { name: "Acme Robotics Ltd", level: 1 }).waitFor();
    } finally {
      await founder.context.close();
      await invitee.context.close();
    }
  }, 120_000);
});

describe("an invitee without an account", () => {
  it("follows the mail's register link, sees who invites, registers and accepts on /b2b", async () => {
    const founder = await pages.open({ width: 1280 });
    const invitee = await pages.open({ width: 375, height: 812 });
    const email = uniqueEmail("newcomer");
    try {
      const origin = { headers: { origin: baseURL } };
      await signedInAccount(founder.context, baseURL, { name: "Walter Skinner" });
      const created = await founder.context.request.post("/api/b2b/company", {
        ...origin,
        data: { name: "Acme Widgets", email: "hr@widgets.example" },
      });
      expect(created.status()).toBe(200);
      const invited = await founder.context.request.post("/api/b2b/invite", {
        ...origin,
        data: { email, firstName: "Monica", lastName: "Reyes", language: "en" },
      });
      expect(invited.status()).toBe(200);

      const mail = await waitForMail(invitee.context.request, email);
      expect(mail.subject).toBe("Acme Widgets gives you Kinfile");
      const { page } = invitee;
      await page.goto(linkIn(mail, "/register?"));
      await page.getByRole("heading", { name: "Create your Kinfile account", level: 1 }).waitFor();
      await page.getByText("Acme Widgets invited you").waitFor();
      expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
      await expectNoAxeViolations(page, "/register, invited");
      await expectFitsPhone(page, "/register, invited");
      // The sign-in page it links to names the company too, and links back.
      await page.getByRole("link", { name: "Sign in" }).click();
      await page.getByRole("heading", { name: "Sign in to Kinfile" }).waitFor();
      await page.getByText("Acme Widgets invited you").waitFor();
      await expectNoAxeViolations(page, "/login, invited");
      await page.getByRole("link", { name: "Create an account" }).click();
      await page.getByText("Acme Widgets invited you").waitFor();

      await page.getByLabel("Full name").fill("Monica Reyes");
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
      await page.getByLabel("Confirm password", { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole("button", { name: "Create account" }).click();
      const verification = await waitForMail(invitee.context.request, email, (item) =>
        item.text.includes("verify-email"),
      );
      await page.goto(linkIn(verification, "verify-email"));
      await page.getByRole("button", { name: "Confirm", exact: true }).click();
      await page.getByText("Your email address is confirmed").waitFor();
      await page.getByText("Acme Widgets invited you").waitFor();
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole("main").getByRole("button", { name: "Sign in", exact: true }).click();

      // Back on the company page, the invitation waits with its Accept button; the guide waits too.
      await page.getByRole("heading", { name: "You are invited", level: 1 }).waitFor();
      expect(await page.getByRole("dialog").count()).toBe(0);
      await page.getByRole("button", { name: "Accept the invitation from Acme Widgets" }).click();
      await page.getByRole("heading", { name: "Acme Widgets", level: 1 }).waitFor();
      const guide = page.getByRole("dialog", { name: "Hi there!" });
      await guide.getByText("This quick 5-step guide", { exact: false }).waitFor();
      await guide.getByRole("button", { name: "Skip" }).click();
      await guide.waitFor({ state: "detached" });
      const roles = (await (await invitee.context.request.get("/api/account/account")).json()).roles;
      expect(roles).toContain("b2b");
      expect(invitee.consoleErrors, "console errors (invitee)").toEqual([]);
    } finally {
      await founder.context.close();
      await invitee.context.close();
    }
  }, 120_000);
});

describe("a member of a company", () => {
  it("accepts an invitation on /b2b, sees the company and its admins, and leaves it after confirming", async () => {
    const founder = await pages.open({ width: 1280 });
    const staff = await pages.open({ width: 375, height: 812 });
    try {
      const origin = { headers: { origin: baseURL } };
      await signedInAccount(founder.context, baseURL, { name: "Dana Scully" });
      const created = await founder.context.request.post("/api/b2b/company", {
        ...origin,
        data: { name: "Lone Gunmen Ltd", email: "hr@gunmen.example" },
      });
      expect(created.status()).toBe(200);
      const account = await signedInAccount(staff.context, baseURL, { name: "Ringo Langly" });
      const invited = await founder.context.request.post("/api/b2b/invite", {
        ...origin,
        data: { email: account.email, firstName: "Ringo", lastName: "Langly", language: "en" },
      });
      expect(invited.status()).toBe(200);
      const { page } = staff;
      await page.goto("/b2b");
      await page.getByRole("heading", { name: "You are invited", level: 1 }).waitFor();
      expect(await page.getByRole("button", { name: "Create company" }).count()).toBe(0);
      await expectNoAxeViolations(page, "/b2b, invited");
      await expectFitsPhone(page, "/b2b, invited");
      await page.getByRole("button", { name: "Accept the invitation from Lone Gunmen Ltd" }).click();
      await page.getByRole("heading", { name: "Lone Gunmen Ltd", level: 1 }).waitFor();
      await page.getByRole("link", { name: /^e2e-/ }).waitFor();
      await expectNoAxeViolations(page, "/b2b, member");
      await expectFitsPhone(page, "/b2b, member");
      await page.getByRole("button", { name: "Leave the company" }).click();
      const dialog = page.getByRole("dialog", { name: "Leave Lone Gunmen Ltd?" });
      await dialog.waitFor();
      await expectNoAxeViolations(page, "/b2b, leave");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Leave the company" }).click();
      await dialog.getByRole("button", { name: "Leave", exact: true }).click();
      await page.getByText("You left Lone Gunmen Ltd.").waitFor();
      await page.getByRole("heading", { name: "Give Kinfile to your staff", level: 1 }).waitFor();
      const roles = (await (await staff.context.request.get("/api/account/account")).json()).roles;
      expect(roles).not.toContain("b2b");
      expect(staff.consoleErrors, "console errors (member)").toEqual([]);
    } finally {
      await founder.context.close();
      await staff.context.close();
    }
  }, 120_000);
});
