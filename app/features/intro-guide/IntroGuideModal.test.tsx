import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { INTRO_GUIDE_SCREENS } from "../../../domain/limits.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { IntroGuideModal } from "./IntroGuideModal.tsx";
import { INTRO_GUIDE_SCREEN_KEYS } from "./introGuideScreens.ts";

const TITLES = [
  "Hi there!",
  "Accessing sections",
  "My Subscription Options",
  "Navigating",
  "Personalizing",
  "Understanding",
  "Adding Information",
  "Reusing",
];

/** The guide with an opener, as the shell and My Account use it. */
function Harness() {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open guide
      </button>
      <IntroGuideModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

function dialogTitle(): string {
  return screen.getByRole("dialog").querySelector("h2")?.textContent ?? "";
}

describe("intro guide", () => {
  it("has the spec's 8 screens", () => {
    expect(INTRO_GUIDE_SCREEN_KEYS).toHaveLength(INTRO_GUIDE_SCREENS);
  });

  it("walks the 8 screens with Next and Previous, with Close at both ends and Skip on each", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect(dialogTitle()).toBe(TITLES[0]);
    screen.getByText("Step 1 of 8");
    // The welcome counts the steps after it, as the spec's "quick 7-step guide".
    screen.getByText(/This quick 7-step guide shows you around\./);
    // First screen: Close instead of Previous.
    expect(screen.queryByRole("button", { name: "Previous" })).toBeNull();
    screen.getByRole("button", { name: "Close" });

    for (let i = 1; i < TITLES.length; i++) {
      screen.getByRole("button", { name: "Skip" });
      await user.click(screen.getByRole("button", { name: "Next" }));
      expect(dialogTitle()).toBe(TITLES[i]);
    }
    screen.getByText("Step 8 of 8");
    // Last screen: Close instead of Next, Previous still there.
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(dialogTitle()).toBe(TITLES[6]);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("starts again at the first screen once hidden, whether by Skip, Close or Escape", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(dialogTitle()).toBe(TITLES[2]);
    await user.click(screen.getByRole("button", { name: "Skip" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Open guide" }));
    expect(dialogTitle()).toBe(TITLES[0]);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Open guide" }));
    expect(dialogTitle()).toBe(TITLES[0]);
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("leaves the subscription screens out with billing off, and the welcome counts the steps shown", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ mode: "off" }), { headers: { "content-type": "application/json" } }),
      ),
    );
    try {
      const user = userEvent.setup();
      renderWithProviders(<Harness />, { language: "fr" });
      await screen.findByText("Étape 1 sur 6");
      screen.getByText(/Ce guide rapide en 5 étapes vous fait faire le tour\./);
      await user.click(screen.getByRole("button", { name: "Suivant" }));
      expect(dialogTitle()).toBe("Naviguer");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("speaks French", () => {
    renderWithProviders(<Harness />, { language: "fr" });
    expect(dialogTitle()).toBe("Bonjour !");
    screen.getByRole("button", { name: "Suivant" });
    screen.getByRole("button", { name: "Passer" });
  });
});
