import { useMutation } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { axeViolations } from "../test/axe.ts";
import { renderWithProviders } from "../test/render.tsx";
import { ToastHost } from "./ToastHost.tsx";
import { showToast } from "./toast.ts";

describe("toasts", () => {
  it("mount no host before the first toast", async () => {
    renderWithProviders(<ToastHost />);
    expect(document.querySelector(".mantine-Notifications-root")).toBeNull();
    act(() => showToast("Saved"));
    await screen.findByText("Saved");
    expect(document.querySelector(".mantine-Notifications-root")).not.toBeNull();
  });

  it("name their close cross in the reader's language, with no axe violation", async () => {
    const { container } = renderWithProviders(<ToastHost />);
    act(() => showToast("Saved"));
    await screen.findByText("Saved");
    screen.getByRole("button", { name: "Close the message" });
    expect(await axeViolations(container.ownerDocument.body)).toEqual([]);
  });

  it("stand in the bottom right-hand corner, clear of the header", async () => {
    renderWithProviders(<ToastHost />);
    act(() => showToast("Placed"));
    const toast = await screen.findByText("Placed");
    expect(toast.closest("[data-position]")?.getAttribute("data-position")).toBe("bottom-right");
  });

  it("in French too", async () => {
    renderWithProviders(<ToastHost />, { language: "fr" });
    act(() => showToast("Enregistré"));
    await screen.findByRole("button", { name: "Fermer le message" });
  });
});

describe("a save or a delete", () => {
  function Save({ toast }: { toast: "saved" | "deleted" }) {
    const save = useMutation({ meta: { toast }, mutationFn: async () => "id" });
    return (
      <button type="button" onClick={() => save.mutate()}>
        Go
      </button>
    );
  }

  it("says it worked in a toast, in the reader's language", async () => {
    renderWithProviders(
      <>
        <ToastHost />
        <Save toast="saved" />
      </>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Go" }));
    await screen.findByText("Saved.");
  });

  it("in French too", async () => {
    renderWithProviders(
      <>
        <ToastHost />
        <Save toast="deleted" />
      </>,
      { language: "fr" },
    );
    await userEvent.click(screen.getByRole("button", { name: "Go" }));
    await screen.findByText("Supprimé.");
  });
});
