import { notifications } from "@mantine/notifications";
import { QueryClient } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CompanyForReader, CompanyMember, InviteCsvAnswer } from "../../../domain/schemas/company.ts";
import type { Page } from "../../../domain/schemas/page.ts";
import enCompany from "../../../public/locales/en/company.json" with { type: "json" };
import frCompany from "../../../public/locales/fr/company.json" with { type: "json" };
import { AppProviders } from "../../AppProviders.tsx";
import { ToastHost } from "../../shell/ToastHost.tsx";
import { axeViolations } from "../../test/axe.ts";
import { createTestI18n } from "../../test/render.tsx";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { companyRoutes } from "./routes.ts";

const ROUTES: RouteObject[] = [
  {
    HydrateFallback: () => null,
    element: (
      <>
        <ToastHost />
        <Outlet />
      </>
    ),
    children: [companyRoutes],
  },
];

function renderCompany(path: string, { language = "en" } = {}) {
  const i18n = createTestI18n(language);
  i18n.addResourceBundle("en", "company", enCompany);
  i18n.addResourceBundle("fr", "company", frCompany);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(ROUTES, { initialEntries: [path] });
  render(
    <AppProviders i18n={i18n} queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router };
}

const ACME: CompanyForReader = {
  role: "admin",
  id: "c1",
  name: "Acme Robotics",
  email: "hr@acme.example",
  website: "https://acme.example",
  phones: [],
  address: null,
  seats: { used: 2, bought: 10 },
  subscription: null,
  createdAt: Date.UTC(2026, 0, 5),
};

const member = (overrides: Partial<CompanyMember>): CompanyMember => ({
  id: "m1",
  email: "dana@acme.example",
  firstName: "Dana",
  lastName: "Scully",
  status: "active",
  isAdmin: true,
  language: "en",
  invitedAt: Date.UTC(2026, 0, 5),
  activatedAt: Date.UTC(2026, 0, 5),
  ...overrides,
});

const MEMBERS: Page<CompanyMember> = {
  content: [
    member({}),
    member({ id: "m2", email: "fox@acme.example", firstName: "Fox", lastName: "Mulder", isAdmin: false }),
    member({
      id: "m3",
      email: "gina@acme.example",
      firstName: "Gina",
      lastName: "Tremblay",
      status: "invited",
      isAdmin: false,
      activatedAt: null,
    }),
  ],
  page: 0,
  size: 20,
  totalElements: 3,
  totalPages: 1,
};

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function adminApi(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    "GET /api/account/account": { body: testAccount({ roles: ["subscriber", "b2b", "companyAdmin"] }) },
    "GET /api/b2b/company": { body: ACME },
    "GET /api/b2b/invitations": { body: [] },
    "GET /api/b2b/accounts/page/0": { body: MEMBERS },
    ...extra,
  });
}

describe("/b2b", () => {
  it("lets an account without a company create one, checking the fields first", async () => {
    let roles = ["subscriber"];
    const api = stubApi({
      "GET /api/account/account": () => ({ body: testAccount({ roles }) }),
      "POST /api/b2b/company": () => {
        roles = ["subscriber", "b2b", "companyAdmin"];
        return { body: ACME };
      },
      "GET /api/b2b/company": () =>
        roles.includes("companyAdmin")
          ? { body: ACME }
          : { status: 404, body: { error: { code: "not_found", message: "Not found." } } },
      "GET /api/b2b/invitations": { body: [] },
      "GET /api/b2b/accounts/page/0": { body: MEMBERS },
    });
    const user = userEvent.setup();
    renderCompany("/b2b");
    await screen.findByRole("heading", { level: 1, name: "Give Kinfile to your staff" });
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Create company" }));
    expect(await screen.findAllByText("This field is required.")).toHaveLength(2);
    expect(sentBodies(api, "POST /api/b2b/company")).toEqual([]);

    await user.type(screen.getByRole("textbox", { name: "Company name" }), "Acme Robotics");
    await user.type(screen.getByRole("textbox", { name: "Contact email" }), "hr@acme.example");
    await user.type(screen.getByRole("textbox", { name: "Phone" }), "514 555 0100");
    await user.click(screen.getByRole("button", { name: "Create company" }));
    await screen.findByText("Company “Acme Robotics” created.");
    expect(sentBodies(api, "POST /api/b2b/company")).toEqual([
      { name: "Acme Robotics", email: "hr@acme.example", website: "", phones: ["514 555 0100"], address: "" },
    ]);
    await screen.findByRole("heading", { level: 1, name: "Acme Robotics" });
  });

  it("corrects the company's first phone and keeps the others it has", async () => {
    const phones = ["514 555 0100", "514 555 0199"];
    const api = adminApi({
      "GET /api/b2b/company": { body: { ...ACME, phones } },
      "PUT /api/b2b/company": { body: { ...ACME, phones: ["514 555 0111", "514 555 0199"] } },
    });
    const user = userEvent.setup();
    renderCompany("/b2b");
    await screen.findByRole("heading", { level: 1, name: "Acme Robotics" });
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit the company's details" });
    const phone = within(dialog).getByRole("textbox", { name: "Phone" });
    await user.clear(phone);
    await user.type(phone, "514 555 0111");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await screen.findByText("Company “Acme Robotics” saved.");
    expect(sentBodies(api, "PUT /api/b2b/company")).toEqual([
      {
        name: "Acme Robotics",
        email: "hr@acme.example",
        website: "https://acme.example",
        phones: ["514 555 0111", "514 555 0199"],
        address: "",
      },
    ]);
  });

  it("shows a company admin the seats and the members, with their status and a confirmed deactivation", async () => {
    const api = adminApi({
      "GET /api/b2b/account/deactivate/m2": { body: { ...MEMBERS.content[1], status: "deactivated" } },
    });
    const user = userEvent.setup();
    renderCompany("/b2b");
    await screen.findByRole("heading", { level: 1, name: "Acme Robotics" });
    screen.getByText("2 of 10 seats used");
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(4);
    within(rows[3] as HTMLElement).getByText("Invited");
    within(rows[1] as HTMLElement).getByRole("img", { name: "Company admin" });
    expect(await axeViolations(document.body)).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Email" }));
    await waitFor(() =>
      expect(
        api.mock.calls.some(([input]) => String(input).includes("sortedColumn=email&descending=false")),
      ).toBe(true),
    );

    await user.click(screen.getByRole("button", { name: "Actions for Fox Mulder" }));
    await user.click(await screen.findByRole("menuitem", { name: "Deactivate" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate" });
    within(dialog).getByText(/Deactivate Fox Mulder\?/);
    await user.click(within(dialog).getByRole("button", { name: "Yes" }));
    await screen.findByText("Fox Mulder deactivated.");
    expect(api.mock.calls.some(([input]) => String(input).endsWith("/api/b2b/account/deactivate/m2"))).toBe(
      true,
    );
  });

  it("invites from a CSV file and shows each row's outcome, or the seats missing", async () => {
    const answer: InviteCsvAnswer = {
      seatsMissing: 0,
      rows: [
        { row: 1, email: "a@acme.example", result: "invited", field: null, reason: null },
        { row: 2, email: "a@acme.example", result: "duplicate", field: null, reason: null },
        {
          row: 3,
          email: "oops",
          result: "invalid",
          field: "email",
          reason: "Email: Enter a valid email address.",
        },
      ],
    };
    adminApi({ "POST /api/b2b/invite/upload-csv-file": { body: answer } });
    const user = userEvent.setup();
    renderCompany("/b2b");
    await user.click(await screen.findByRole("button", { name: "Invite from a CSV file" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite from a CSV file" });
    expect(within(dialog).getByRole("link", { name: "Download the template" }).getAttribute("href")).toBe(
      "/api/b2b/invite/template.csv",
    );
    const file = new File(["email,firstName,lastName\n"], "staff.csv", { type: "text/csv" });
    await user.upload(dialog.querySelector("input[type=file]") as HTMLInputElement, file);
    await user.click(within(dialog).getByRole("button", { name: "Upload and invite" }));
    await within(dialog).findByText("1 invitation sent.");
    within(dialog).getByText("Earlier in the file");
    within(dialog).getByText("Email: Enter a valid email address.");
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("shows the running plan, and adds the seats an invitation lacks from the refusal itself", async () => {
    const plan = {
      id: "s1",
      status: "active" as const,
      provider: "stripe" as const,
      product: {
        id: "p1",
        name: "Team",
        currency: "cad" as const,
        amount: 500,
        interval: "year" as const,
        isB2B: true,
      },
      quantity: 2,
      currentPeriodEnd: Date.UTC(2027, 0, 5),
      cancelAtPeriodEnd: false,
      renewal: { amount: 1000, currency: "cad", interval: "year" as const },
      createdAt: Date.UTC(2026, 0, 5),
    };
    let company: CompanyForReader = { ...ACME, seats: { used: 2, bought: 2 }, subscription: plan };
    const api = adminApi({
      "GET /api/b2b/company": () => ({ body: company }),
      "POST /api/b2b/invite": {
        status: 409,
        body: {
          error: {
            code: "conflict",
            message: "Not enough free seats: 1 more needed.",
            seatsMissing: 1,
          },
        },
      },
      "PUT /api/b2b/company/seats": (body) => {
        const seats = (body as { seats: number }).seats;
        company = {
          ...company,
          seats: { used: 2, bought: seats },
          subscription: { ...plan, quantity: seats },
        } as CompanyForReader;
        return { body: company };
      },
    });
    const user = userEvent.setup();
    renderCompany("/b2b");
    await screen.findByRole("heading", { name: "Company plan" });
    await screen.findByText(/^Renews on .* for \$10\.00\.$/);
    screen.getByRole("button", { name: "Card, invoices and cancelling" });

    await user.click(screen.getByRole("button", { name: "Invite someone" }));
    const invite = await screen.findByRole("dialog", { name: "Invite someone" });
    await user.type(within(invite).getByLabelText(/Email/), "new@acme.example");
    await user.type(within(invite).getByLabelText(/First name/), "Nell");
    await user.type(within(invite).getByLabelText(/Last name/), "Ng");
    await user.click(within(invite).getByRole("button", { name: "Send invitation" }));
    await within(invite).findByText("No seat is free: 1 more seat is needed to invite this person.");
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(within(invite).getByRole("button", { name: "Add 1 seat" }));

    const seats = await screen.findByRole("dialog", { name: "Change the number of seats" });
    expect((within(seats).getByRole("textbox", { name: "Seats" }) as HTMLInputElement).value).toBe("3");
    await user.click(within(seats).getByRole("button", { name: "Save seats" }));
    await screen.findByText("The company now has 3 seats.");
    expect(sentBodies(api, "PUT /api/b2b/company/seats")).toEqual([{ seats: 3 }]);
    await screen.findByText("2 of 3 seats used");
  });

  it("activates a seat from the invitation's link, in French, and says when a code cannot be used", async () => {
    let status = false;
    const api = stubApi({
      "GET /api/account/account": { body: testAccount({ roles: ["subscriber"], lang: "fr" }) },
      "POST /api/b2b/account/activate": () => ({ body: { type: "b2b", status } }),
    });
    const user = userEvent.setup();
    renderCompany("/b2b/activate?code=ABCDE-FGHIJ-KLMNO-PQRST", { language: "fr" });
    const code = await screen.findByRole("textbox", { name: "Code d’activation" });
    expect((code as HTMLInputElement).value).toBe("ABCDE-FGHIJ-KLMNO-PQRST");
    await user.click(screen.getByRole("button", { name: "Activer" }));
    const refused = await screen.findByRole("alert");
    expect(refused.dataset.status).toBe("activate false");
    expect(refused.textContent).toMatch(/ne peut pas être utilisé/);
    expect(sentBodies(api, "POST /api/b2b/account/activate")).toEqual([{ code: "ABCDE-FGHIJ-KLMNO-PQRST" }]);

    // Typing another code clears the refusal.
    await user.type(code, " ");
    expect(screen.queryByRole("alert")).toBeNull();
    status = true;
    await user.click(screen.getByRole("button", { name: "Activer" }));
    const done = await screen.findByRole("status");
    expect(done.dataset.status).toBe("susbciption activated");
    within(done).getByRole("link", { name: "Ouvrir Kinfile" });
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("says so when the invitation was sent to another address than the account's", async () => {
    const said =
      "This invitation was sent to another email address. Ask your company's admin for an invitation to ada@example.com, the address of this account.";
    stubApi({
      "GET /api/account/account": { body: testAccount({ roles: [] }) },
      "POST /api/b2b/account/activate": {
        status: 403,
        body: { error: { code: "invitation_other_address", message: said } },
      },
    });
    const user = userEvent.setup();
    renderCompany("/b2b/activate?code=ABCDE-FGHIJ-KLMNO-PQRST");
    await user.click(await screen.findByRole("button", { name: "Activate" }));
    expect((await screen.findByRole("alert")).textContent).toBe(said);
    expect(screen.queryByRole("status")).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
  });
});
