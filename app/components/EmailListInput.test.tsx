import { screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { axeViolations } from "../test/axe.ts";
import { renderWithProviders } from "../test/render.tsx";
import { EmailListInput } from "./EmailListInput.tsx";
import { PhoneListInput } from "./phone/PhoneListInput.tsx";

describe("a group of fields and its i", () => {
  it.each([
    ["en", "Emails", "Help: Emails", "Up to 5 email addresses. The first is the main one, shown in lists."],
    [
      "fr",
      "Courriels",
      "Aide : Courriels",
      "Jusqu'à 5 adresses courriel. La première est la principale, affichée dans les listes.",
    ],
  ])(
    "is named by its legend alone and explains itself on demand (%s)",
    async (language, legend, button, hint) => {
      const { container } = renderWithProviders(<EmailListInput values={[]} onChange={() => {}} />, {
        language,
      });
      const group = screen.getByRole("group", { name: legend });
      await userEvent.click(within(group).getByRole("button", { name: button }));
      await screen.findByText(hint);
      await userEvent.keyboard("{Escape}");
      expect(await axeViolations(container)).toEqual([]);
    },
  );

  it("explains the phones too", async () => {
    renderWithProviders(<PhoneListInput values={[]} onChange={() => {}} />);
    const group = screen.getByRole("group", { name: "Phones" });
    await userEvent.click(within(group).getByRole("button", { name: "Help: Phones" }));
    await screen.findByText(/^Up to 5 numbers, each with its country and type\./);
  });
});
