import { screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../test/render.tsx";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { fullRecord, listItem, NETWORK_TEST_ROUTES } from "./testPersons.ts";

const TREE = "/dashboard/personal-network/immediate-family-tree";

const me = listItem("me", "Ada");
const husband = listItem("partner", "William", { lastName: "King", type: "husband" });
const son = listItem("child", "Byron", {
  type: "son",
  phone: { code: "GB", number: "+442079460000", type: "home" },
});
const grandmother = listItem("relative", "Judith", { lastName: "Milbanke", type: "grandmother" });
const mother = listItem("dependent", "Annabella", {
  lastName: "Milbanke",
  type: "mother",
  email: "anna@example.com",
});
const lawyer = listItem("advisor", "Grace", { type: "lawyer" });

/** Wide or narrow: the tree asks matchMedia whether the window is under 800 px. */
function setNarrow(narrow: boolean) {
  vi.mocked(window.matchMedia).mockImplementation((query: string) => ({
    matches: narrow && query.includes("max-width"),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
}

function visit() {
  stubApi({
    "GET /api/account/account": { body: testAccount() },
    "GET /api/pn/person": { body: fullRecord(me) },
    "GET /api/pn/person/partner": { body: [husband] },
    "GET /api/pn/person/child": { body: [son] },
    "GET /api/pn/person/dependent": { body: [mother] },
    "GET /api/pn/person/relative": { body: [grandmother] },
    "GET /api/pn/person/advisor": { body: [lawyer] },
  });
  return renderRoutes(NETWORK_TEST_ROUTES, { entries: [TREE] });
}

function generation(name: string): HTMLElement {
  return screen.getByRole("list", { name });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setNarrow(false);
});

describe("the Immediate Family Tree", () => {
  it("places each person in their generation, each generation a list under its heading", async () => {
    setNarrow(false);
    visit();
    await screen.findByRole("button", { name: /Ada Lovelace/ });
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(["Grandparents", "Parents", "Your generation", "Children"]);
    within(generation("Grandparents")).getByRole("button", { name: "Judith Milbanke Grandmother" });
    within(generation("Parents")).getByRole("button", { name: "Annabella Milbanke Mother" });
    const self = within(generation("Your generation"))
      .getAllByRole("button")
      .map((button) => button.textContent);
    expect(self).toEqual(["ALAda Lovelace You", "WKWilliam King Husband"]);
    within(generation("Children")).getByRole("button", { name: "Byron Lovelace Son" });
    expect(screen.queryByText("Grace Lovelace")).toBeNull();
    expect(screen.getByTestId("family-tree").dataset.layout).toBe("tree");
  });

  it("stacks the generations on a phone", async () => {
    setNarrow(true);
    visit();
    await screen.findByRole("button", { name: /Ada Lovelace/ });
    expect(screen.getByTestId("family-tree").dataset.layout).toBe("stacked");
    generation("Children");
  });

  it("opens a summary with the phone in international format and More details", async () => {
    setNarrow(false);
    visit();
    await userEvent.click(await screen.findByRole("button", { name: "Byron Lovelace Son" }));
    const popup = await screen.findByRole("dialog", { name: "Byron Lovelace" });
    await within(popup).findByText("+44 20 7946 0000");
    within(popup).getByText("-");
    expect(within(popup).getByRole("link", { name: "More details" }).getAttribute("href")).toBe(
      `${TREE}/view/${son.id}`,
    );
  });

  it("shows a dash for a person without a phone, in a sheet on a phone", async () => {
    setNarrow(true);
    visit();
    await userEvent.click(await screen.findByRole("button", { name: "Annabella Milbanke Mother" }));
    const sheet = await screen.findByRole("dialog", { name: "Annabella Milbanke" });
    within(sheet).getByText("-");
    within(sheet).getByRole("link", { name: "anna@example.com" });
    within(sheet).getByRole("link", { name: "More details" });
  });
});
