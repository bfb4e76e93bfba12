import { ActionIcon, Menu } from "@mantine/core";
import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { lazy } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render.tsx";
import { DeferredMenu } from "./DeferredMenu.tsx";
import { HeaderMenu } from "./HeaderMenu.tsx";

const toolsButton = <ActionIcon aria-label="Tools">T</ActionIcon>;

function ToolsMenu() {
  return (
    <HeaderMenu button={toolsButton} openAtMount>
      <Menu.Item>Sharpen</Menu.Item>
      <Menu.Item>Hone</Menu.Item>
    </HeaderMenu>
  );
}

function renderTools() {
  const load = vi.fn(async () => ({ ToolsMenu }));
  const LazyTools = lazy(() => load().then((m) => ({ default: m.ToolsMenu })));
  renderWithProviders(<DeferredMenu button={toolsButton} menu={<LazyTools />} load={load} />);
  return load;
}

describe("a header menu whose code stays out of the frame's first drawing", () => {
  it("draws its button alone, saying it opens a menu, and fetches the menu's code once painted", async () => {
    const load = renderTools();
    const button = screen.getByRole("button", { name: "Tools" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(load).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    expect(screen.queryByRole("menuitem")).toBeNull();
  });

  it("opens the menu at the first press, and the menu works as any other after", async () => {
    renderTools();
    await userEvent.click(screen.getByRole("button", { name: "Tools" }));
    await screen.findByRole("menuitem", { name: "Sharpen" });
    await userEvent.click(screen.getByRole("menuitem", { name: "Sharpen" }));
    await vi.waitFor(() => expect(screen.queryByRole("menuitem")).toBeNull());
    await userEvent.click(screen.getByRole("button", { name: "Tools" }));
    await screen.findByRole("menuitem", { name: "Sharpen" });
  });

  it("opened from the keyboard, takes the focus into the menu and gives it back to its button on Escape", async () => {
    renderTools();
    await userEvent.tab();
    await userEvent.keyboard("{Enter}");
    const first = await screen.findByRole("menuitem", { name: "Sharpen" });
    await vi.waitFor(() => expect(document.activeElement).toBe(first));
    await userEvent.keyboard("{Escape}");
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Tools" })),
    );
  });
});
