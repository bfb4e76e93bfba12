import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render.tsx";
import { GoToTop } from "./GoToTop.tsx";
import { MAIN_CONTENT_ID } from "./SkipLink.tsx";

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    Object.defineProperty(window, "pageYOffset", { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

describe("Go to Top", () => {
  it("appears once a long page is scrolled down, and takes reader and focus back to its start", async () => {
    renderWithProviders(
      <>
        <main id={MAIN_CONTENT_ID} tabIndex={-1}>
          page
        </main>
        <GoToTop />
      </>,
    );
    expect(screen.queryByRole("button", { name: "Go to Top" })).toBeNull();
    scrollTo(2000);
    const button = await screen.findByRole("button", { name: "Go to Top" });
    fireEvent.click(button);
    expect(document.activeElement?.id).toBe(MAIN_CONTENT_ID);
    scrollTo(0);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Go to Top" })).toBeNull());
  });

  it("does not ask for the scroll position while the page is being drawn (that forces a layout)", () => {
    const scrollY = vi.fn(() => 0);
    Object.defineProperty(window, "scrollY", { get: scrollY, configurable: true });
    renderWithProviders(<GoToTop />);
    expect(scrollY).not.toHaveBeenCalled();
  });

  it("appears for a window already scrolled down when it mounts, once the page is painted", async () => {
    Object.defineProperty(window, "scrollY", { value: 2000, configurable: true });
    renderWithProviders(<GoToTop />);
    await screen.findByRole("button", { name: "Go to Top" });
  });

  it("speaks French", async () => {
    renderWithProviders(<GoToTop />, { language: "fr" });
    scrollTo(2000);
    await screen.findByRole("button", { name: "Retour en haut" });
  });
});
