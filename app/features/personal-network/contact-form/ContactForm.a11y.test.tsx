import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { axeViolations } from "../../../test/axe.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import { stubApi } from "../../../test/stubApi.ts";
import { CompanyForm } from "../company-form/CompanyForm.tsx";
import { ContactForm } from "./ContactForm.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("the personal network's forms, for assistive technologies", () => {
  it("the contact form has no axe violation with every part open and its messages shown", async () => {
    stubApi({ "GET /api/address/": { body: [] }, "GET /api/institutions/": { body: [] } });
    const user = userEvent.setup();
    const { container } = renderWithProviders(
      <ContactForm group="partner" onSaved={vi.fn()} onCancel={vi.fn()} />,
    );
    await user.click(screen.getByRole("button", { name: "More details" }));
    await screen.findByRole("textbox", { name: "Nickname" }, { timeout: 15_000 });
    await user.click(screen.getByRole("combobox", { name: "Home address" }));
    await user.click(await screen.findByRole("option", { name: "Add New Address" }));
    await screen.findByRole("textbox", { name: "Address nickname" }, { timeout: 15_000 });
    await user.click(screen.getByRole("textbox", { name: "First Name" }));
    await user.tab();
    screen.getByText("Please enter First Name");
    expect(await axeViolations(container)).toEqual([]);
  }, 60_000);

  it("the Edit Company modal has no axe violation", async () => {
    stubApi({ "GET /api/address/": { body: [] } });
    renderWithProviders(<CompanyForm opened onClose={vi.fn()} onSaved={vi.fn()} />);
    await screen.findByRole("dialog", { name: "Add Company" });
    expect(await axeViolations(document.body)).toEqual([]);
  }, 60_000);
});
