import { act, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { unfitCheckScript } from "../prerenderedPage.ts";
import { renderWithProviders } from "../test/render.tsx";
import { ThemeSwitch } from "./ThemeSwitch.tsx";
import { DARK_SCHEME_QUERY } from "./themePreference.ts";

/** A device whose colour-scheme setting the test turns, telling the page as a browser would. */
function deviceScheme() {
  let dark = false;
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === DARK_SCHEME_QUERY && dark;
    },
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => {
      if (query === DARK_SCHEME_QUERY) listeners.add(listener);
    },
    removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => {
      listeners.delete(listener);
    },
    dispatchEvent: () => true,
  })) as unknown as typeof window.matchMedia;
  return {
    set(next: "light" | "dark") {
      dark = next === "dark";
      for (const listener of listeners) listener({ matches: dark });
    },
    restore() {
      window.matchMedia = original;
    },
  };
}

const scheme = () => document.documentElement.getAttribute("data-mantine-color-scheme");
const primary = () =>
  document.documentElement.style.getPropertyValue("--mantine-primary-color-filled") ||
  [...document.querySelectorAll("style")].map((style) => style.textContent).join("");

describe("the theme", () => {
  let device: ReturnType<typeof deviceScheme>;
  beforeEach(() => {
    device = deviceScheme();
  });
  afterEach(() => device.restore());

  it("follows the device's setting by default, live, without a reload", () => {
    renderWithProviders(<p>Page</p>);
    expect(scheme()).toBe("light");
    act(() => device.set("dark"));
    expect(scheme()).toBe("dark");
    act(() => device.set("light"));
    expect(scheme()).toBe("light");
  });

  it("keeps the chosen mode whatever the device says, apart from the accent", async () => {
    renderWithProviders(<ThemeSwitch />);
    await userEvent.click(screen.getByRole("button", { name: "Theme: As the device, Blue" }));
    await userEvent.click(await screen.findByRole("menuitemradio", { name: "Dark" }));
    expect(scheme()).toBe("dark");
    act(() => device.set("light"));
    expect(scheme()).toBe("dark");
    await userEvent.click(screen.getByRole("button", { name: "Theme: Dark, Blue" }));
    await userEvent.click(await screen.findByRole("menuitemradio", { name: "Purple" }));
    expect(localStorage.getItem("kinfile.theme")).toBe("dark-purple");
    expect(scheme()).toBe("dark");
    expect(primary()).toContain("violet");
  });

  it("reads a theme stored before mode and accent were apart", () => {
    localStorage.setItem("kinfile.theme", "dark");
    renderWithProviders(<ThemeSwitch />);
    expect(scheme()).toBe("dark");
    screen.getByRole("button", { name: "Theme: Dark, Green" });
  });

  it("is named in French too", () => {
    localStorage.setItem("kinfile.theme", "light-green");
    renderWithProviders(<ThemeSwitch />, { language: "fr" });
    screen.getByRole("button", { name: "Thème : Clair, Vert" });
  });
});

describe("the sign-in page's check before paint", () => {
  let device: ReturnType<typeof deviceScheme>;
  beforeEach(() => {
    device = deviceScheme();
    document.documentElement.lang = "en";
  });
  afterEach(() => {
    device.restore();
    document.documentElement.removeAttribute("data-prerender-unfit");
  });

  function check(stored: string | null, deviceSetting: "light" | "dark" = "light") {
    if (stored) localStorage.setItem("kinfile.theme", stored);
    device.set(deviceSetting);
    document.documentElement.removeAttribute("data-prerender-unfit");
    new Function(unfitCheckScript())();
    return {
      scheme: scheme(),
      unfit: document.documentElement.hasAttribute("data-prerender-unfit"),
    };
  }

  it("lets the page sent stand for the default theme on a light device", () => {
    expect(check(null)).toEqual({ scheme: "light", unfit: false });
    expect(check("light-blue")).toEqual({ scheme: "light", unfit: false });
  });

  it("hides it, darkened from the start, where the device or the choice is dark", () => {
    expect(check(null, "dark")).toEqual({ scheme: "dark", unfit: true });
    expect(check("dark-blue")).toEqual({ scheme: "dark", unfit: true });
    // An old single-choice key: "dark" was dark and green.
    expect(check("dark")).toEqual({ scheme: "dark", unfit: true });
  });

  it("hides it for another accent", () => {
    expect(check("light-purple")).toEqual({ scheme: "light", unfit: true });
  });
});
