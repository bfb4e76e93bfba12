import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { preloadDialogs } from "../components/dialogs/Dialog.tsx";

// Screens load lazily; on a busy two-core machine the first import of a chunk can take more than
// Testing Library's default second.
configure({ asyncUtilTimeout: 5_000 });

// The dialogs' code, which the app fetches on a first click, is here from the start: a test opens a
// dialog and reads it at once, fake timers or not.
await preloadDialogs();

// jsdom lacks these browser APIs that Mantine and the shell use.
Object.defineProperty(window, "matchMedia", {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
