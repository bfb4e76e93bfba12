import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OpenableResult } from "../../../domain/schemas/search.ts";
import enSearch from "../../../public/locales/en/search.json" with { type: "json" };
import enSections from "../../../public/locales/en/sections.json" with { type: "json" };
import { renderRoutes } from "../../test/render.tsx";
import { stubApi } from "../../test/stubApi.ts";
import { resultPath } from "./resultPaths.ts";
import { SearchButton } from "./SearchButton.tsx";

function result(overrides: Partial<OpenableResult>): OpenableResult {
  return {
    kind: "record",
    module: "personaldata",
    category: "passport",
    id: "r1",
    title: "Annabelle Example",
    match: { field: "nameOnDocument", text: "Annabelle Example", ranges: [[0, 4]] },
    recordId: null,
    nomineeId: null,
    ...overrides,
  };
}

describe("where a search result leads", () => {
  it("opens each kind's page, and a nominee's under the shared file", () => {
    expect(resultPath(result({}))).toBe("/dashboard/personaldata/passport/view/r1");
    expect(
      resultPath(result({ kind: "person", module: "personal-network", category: "child", id: "p1" })),
    ).toBe("/dashboard/personal-network/child/view/p1");
    expect(resultPath(result({ kind: "person", module: "personal-network", category: "me", id: "p0" }))).toBe(
      "/dashboard/personal-network/personal-details/view/p0",
    );
    expect(
      resultPath(result({ kind: "document", module: "inventory", category: "documentlibrary", id: "d1" })),
    ).toBe("/dashboard/inventory/documentlibrary/edit/d1");
    expect(
      resultPath(
        result({ kind: "document", module: "assets", category: "vehicle", id: "d2", recordId: "v1" }),
      ),
    ).toBe("/dashboard/assets/vehicle/view/v1");
    expect(resultPath(result({ kind: "address", module: "personal-network", category: "" }))).toBe(
      "/dashboard/personal-network",
    );
    expect(resultPath(result({ nomineeId: "n1" }))).toBe(
      "/dashboard/shared-data/shared-with-me/n1/personaldata/passport/view/r1",
    );
  });
});

describe("the shell's search", () => {
  afterEach(() => vi.unstubAllGlobals());

  function show(answer: { results: OpenableResult[]; truncated?: boolean } | { status: number }) {
    const fetch = stubApi({
      "GET /api/search":
        "status" in answer
          ? {
              status: answer.status,
              body: { error: { code: "internal_error", message: "Something broke." } },
            }
          : { body: { truncated: false, ...answer } },
    });
    const view = renderRoutes([
      { path: "/", element: <SearchButton /> },
      { path: "/dashboard/personaldata/passport/view/:id", element: <p>Passport page</p> },
      { path: "/dashboard/personal-network/child/view/:id", element: <p>Child page</p> },
    ]);
    view.i18n.addResourceBundle("en", "search", enSearch);
    view.i18n.addResourceBundle("en", "sections", enSections);
    return { ...view, fetch };
  }

  it("opens with Ctrl+K, shows results grouped by module with the match marked, and Enter opens one", async () => {
    const user = userEvent.setup();
    const view = show({
      results: [
        result({
          kind: "person",
          module: "personal-network",
          category: "child",
          id: "p1",
          title: "Anna Example",
          match: { field: "firstName", text: "Anna", ranges: [[0, 4]] },
        }),
        result({}),
      ],
    });
    fireEvent.keyDown(document.documentElement, { key: "k", code: "KeyK", ctrlKey: true });
    const input = await screen
      .findByRole("searchbox", {}, { timeout: 3000 })
      .catch(() => screen.findByPlaceholderText(enSearch.placeholder));
    expect(screen.getByRole("status").textContent).toBe("Type at least 2 characters.");
    await user.type(input, "anna");
    await screen.findByText("Annabelle Example", { selector: "p" });
    screen.getByText("Personal Network");
    screen.getByText(enSections.module.personaldata);
    const marks = document.querySelectorAll("mark");
    expect([...marks].map((mark) => mark.textContent)).toEqual(["Anna", "Anna"]);
    expect(view.fetch.mock.calls.some(([url]) => String(url).includes("/api/search?q=anna"))).toBe(true);

    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    await waitFor(() =>
      expect(view.router.state.location.pathname).toBe("/dashboard/personaldata/passport/view/r1"),
    );
  });

  it("says when nothing matched", async () => {
    const user = userEvent.setup();
    show({ results: [] });
    await user.click(screen.getByRole("button", { name: /^Search/ }));
    const input = await screen.findByPlaceholderText(enSearch.placeholder);
    await user.type(input, "zebra");
    await screen.findByText("No results for “zebra”.");
  });

  it("words a failure", async () => {
    const user = userEvent.setup();
    show({ status: 500 });
    await user.click(screen.getByRole("button", { name: /^Search/ }));
    await user.type(await screen.findByPlaceholderText(enSearch.placeholder), "zebra");
    await screen.findByText(/The search did not work/);
    within(screen.getByRole("status")).getByText(/Something broke|unexpected/i);
  });
});
