import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../test/render.tsx";
import { stubApi } from "../../../test/stubApi.ts";
import { CompanyForm } from "../company-form/CompanyForm.tsx";
import { ContactForm } from "./ContactForm.tsx";

// jsdom has no layout: contrast is checked in the browser journeys; regions belong to the page.
const AXE_OPTIONS: axe.RunOptions = {
  rules: { "color-contrast": { enabled: false }, region: { enabled: false } },
};

async function violations(root: Element) {
  const result = await axe.run(root, AXE_OPTIONS);
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(" | ")}`,
  );
}

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
    expect(screen.getByText("Please enter First Name")).toBeTruthy();
    expect(await violations(container)).toEqual([]);
  }, 60_000);

  it("the Edit Company modal has no axe violation", async () => {
    stubApi({ "GET /api/address/": { body: [] } });
    renderWithProviders(<CompanyForm opened onClose={vi.fn()} onSaved={vi.fn()} />);
    await screen.findByRole("dialog", { name: "Add Company" });
    expect(await violations(document.body)).toEqual([]);
  }, 60_000);
});
