import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Charity, DonationChoice } from "../../../domain/schemas/subscription.ts";
import { ToastHost } from "../../shell/ToastHost.tsx";
import { axeViolations } from "../../test/axe.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { stubApi } from "../../test/stubApi.ts";
import { DonationSection } from "./DonationSection.tsx";

const CHARITIES: Charity[] = [
  { companyId: "c1", fullName: "Red Cross" },
  { companyId: "c2", fullName: "Food Bank" },
];

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function Section() {
  return (
    <>
      <ToastHost />
      <DonationSection />
    </>
  );
}

/** A server holding one account's choice: donateTo sets it, DELETE clears it. */
function serve(initial: DonationChoice["charity"] = null, failDelete = false) {
  let charity = initial;
  const api = stubApi({
    "GET /api/account/donation": () => ({ body: { charity } }),
    "GET /api/b2b/companies/": { body: CHARITIES },
    "GET /api/b2b/companies/food": { body: [CHARITIES[1]] },
    "POST /api/account/donateTo/": () => ({ body: {} }),
    "DELETE /api/account/donation": () => {
      if (failDelete) return { status: 500, body: { error: { code: "internal", message: "x" } } };
      charity = null;
      return { body: { charity: null } };
    },
  });
  // The stub reads paths only: the chosen id travels in the query string, as the spec has it.
  const chooseCalls = () =>
    api.mock.calls
      .map(([input]) => new URL(String(input), "http://localhost"))
      .filter((url) => url.pathname === "/api/account/donateTo/")
      .map((url) => url.searchParams.get("companyId"));
  return {
    api,
    chooseCalls,
    set: (next: DonationChoice["charity"]) => {
      charity = next;
    },
  };
}

describe("the donation section of My Subscription", () => {
  it("picks a charity from a search, Save disabled until one is picked, then thanks", async () => {
    const server = serve();
    const { container } = renderWithProviders(<Section />);
    await screen.findByText("You have not chosen a charity.");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Choose a charity" }));
    const dialog = await screen.findByRole("dialog", { name: "Give to a good cause" });
    expect(dialog.textContent).toContain(
      "Would you like to donate part of your subscription towards a good cause?",
    );
    const save = within(dialog).getByRole("button", { name: "Save" });
    expect(save.hasAttribute("disabled")).toBe(true);
    await user.type(within(dialog).getByLabelText("Charity"), "food");
    await waitFor(() => expect(screen.queryByRole("option", { name: "Red Cross" })).toBeNull());
    await user.click(await screen.findByRole("option", { name: "Food Bank" }));
    expect(save.hasAttribute("disabled")).toBe(false);
    expect(await axeViolations(container.ownerDocument.body)).toEqual([]);
    server.set({ id: "c2", name: "Food Bank" });
    await user.click(save);
    await screen.findByText("Thank you: part of your subscription will go to this cause.");
    expect(server.chooseCalls()).toEqual(["c2"]);
    await screen.findByText("Part of your subscription goes to Food Bank.");
    expect(screen.queryByRole("dialog")).toBeNull();
    screen.getByRole("button", { name: "Change charity" });
  });

  it("clears the choice only once confirmed, in French", async () => {
    const server = serve({ id: "c1", name: "Red Cross" });
    renderWithProviders(<Section />, { language: "fr" });
    await screen.findByText("Une partie de votre abonnement va à Red Cross.");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Arrêter le don" }));
    let dialog = await screen.findByRole("dialog", { name: "Arrêter le don" });
    expect(dialog.textContent).toContain("Ne plus verser une partie de votre abonnement à Red Cross ?");
    await user.click(within(dialog).getByRole("button", { name: "Le garder" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.api.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Arrêter le don" }));
    dialog = await screen.findByRole("dialog", { name: "Arrêter le don" });
    await user.click(within(dialog).getByRole("button", { name: "Arrêter le don" }));
    await screen.findByText("Vous ne faites plus de don à un organisme.");
    await screen.findByText("Vous n’avez pas choisi d’organisme.");
    screen.getByRole("button", { name: "Choisir un organisme" });
  });

  it("keeps the choice and says so when clearing fails", async () => {
    serve({ id: "c1", name: "Red Cross" }, true);
    renderWithProviders(<Section />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Stop donating" }));
    const dialog = await screen.findByRole("dialog", { name: "Stop donating" });
    await user.click(within(dialog).getByRole("button", { name: "Stop donating" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("Oops!");
    screen.getByText("Part of your subscription goes to Red Cross.");
  });
});
