import { afterEach, describe, expect, it } from "vitest";
import { DRAWN_SCREEN_ID, takeOverDrawnScreen } from "./prerenderedPage.ts";

/** The landing page as the server sends it: the drawn screen beside the app's empty root. */
function landingPage(): HTMLElement {
  document.documentElement.lang = "en";
  document.body.innerHTML = `<div id="${DRAWN_SCREEN_ID}" inert><main><h1>Personal Network</h1></main></div><div id="root"></div>`;
  return document.getElementById("root") as HTMLElement;
}

const drawnScreen = () => document.getElementById(DRAWN_SCREEN_ID);
const nextMutations = () => new Promise((done) => setTimeout(done, 0));

afterEach(() => {
  document.body.innerHTML = "";
  document.documentElement.removeAttribute("data-prerender-unfit");
});

describe("takeOverDrawnScreen", () => {
  it("keeps the drawn screen while the app draws loaders, and removes it once the app draws a screen", async () => {
    const root = landingPage();
    takeOverDrawnScreen(root);
    root.innerHTML = '<div role="status">Loading…</div>';
    await nextMutations();
    expect(drawnScreen()).not.toBeNull();

    root.innerHTML = "<header></header><main><h1>Personal Network</h1></main>";
    await nextMutations();
    expect(drawnScreen()).toBeNull();
    expect(document.querySelectorAll("h1")).toHaveLength(1);
  });

  it("removes at once a drawn screen the check found unfit, and shows the app's root again", () => {
    const root = landingPage();
    document.documentElement.setAttribute("data-prerender-unfit", "");
    takeOverDrawnScreen(root);
    expect(drawnScreen()).toBeNull();
    expect(document.documentElement.hasAttribute("data-prerender-unfit")).toBe(false);
  });

  it("removes at once a screen drawn in another language than the one the app starts in", () => {
    const root = landingPage();
    document.documentElement.lang = "fr";
    takeOverDrawnScreen(root);
    expect(drawnScreen()).toBeNull();
  });

  it("does nothing on a page sent without a drawn screen", () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById("root") as HTMLElement;
    expect(() => takeOverDrawnScreen(root)).not.toThrow();
    expect(root.innerHTML).toBe("");
  });
});
