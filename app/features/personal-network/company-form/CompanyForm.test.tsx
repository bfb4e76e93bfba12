import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../test/render.tsx";
import { sentBodies, stubApi } from "../../../test/stubApi.ts";
import { CompanyForm } from "./CompanyForm.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("CompanyForm", () => {
  it("asks for the name with the spec's message, then creates the company", async () => {
    const api = stubApi({
      "GET /api/address/": { body: [] },
      "POST /api/institutions/": {
        body: { id: "7d3e1f00-0000-4000-8000-000000000001" },
        headers: { ETag: '"1"' },
      },
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CompanyForm opened onClose={vi.fn()} onSaved={onSaved} />);
    screen.getByRole("dialog", { name: "Add Company" });
    screen.getByRole("button", { name: "Close" });
    await user.click(screen.getByRole("button", { name: "Save" }));
    const name = screen.getByRole("textbox", { name: "Name" });
    // Save waits for the schema, fetched when the form is first focused or saved.
    await screen.findByText("Please enter Name");
    // Under the field it is about, and announced with it.
    expect(
      document.getElementById(
        name
          .getAttribute("aria-describedby")
          ?.split(" ")
          .find((id) => id.includes("error")) ?? "",
      )?.textContent,
    ).toBe("Please enter Name");
    expect(sentBodies(api, "POST /api/institutions/")).toHaveLength(0);

    await user.type(screen.getByRole("textbox", { name: "Name" }), "Maple Bank");
    await user.type(screen.getByRole("textbox", { name: "Website" }), "maplebank.example");
    await user.type(screen.getByRole("textbox", { name: "Email 1" }), "help@maplebank.example");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith("7d3e1f00-0000-4000-8000-000000000001"));
    expect(sentBodies(api, "POST /api/institutions/")[0]).toMatchObject({
      name: "Maple Bank",
      website: "maplebank.example",
      emails: ["help@maplebank.example"],
    });
  });

  it("checks the emails and the website before sending", async () => {
    stubApi({ "GET /api/address/": { body: [] } });
    const user = userEvent.setup();
    renderWithProviders(<CompanyForm opened onClose={vi.fn()} onSaved={vi.fn()} />);
    await user.type(screen.getByRole("textbox", { name: "Email 1" }), "not-an-email");
    await user.tab();
    screen.getByText("Enter a valid email address.");
  });
});
