import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { axeViolations } from "../test/axe.ts";
import { renderWithProviders } from "../test/render.tsx";
import { ToastHost } from "./ToastHost.tsx";
import { showToast } from "./toast.ts";

describe("toasts", () => {
  it("name their close cross in the reader's language, with no axe violation", async () => {
    const { container } = renderWithProviders(<ToastHost />);
    act(() => showToast("Saved"));
    expect(await screen.findByText("Saved")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Close the message" })).toBeTruthy();
    expect(await axeViolations(container.ownerDocument.body)).toEqual([]);
  });

  it("in French too", async () => {
    renderWithProviders(<ToastHost />, { language: "fr" });
    act(() => showToast("Enregistré"));
    expect(await screen.findByRole("button", { name: "Fermer le message" })).toBeTruthy();
  });
});
