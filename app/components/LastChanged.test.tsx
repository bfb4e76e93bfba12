import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render.tsx";
import { stubApi, testAccount } from "../test/stubApi.ts";
import { AddressView } from "./address/AddressView.tsx";
import { HOME } from "./address/testAddresses.ts";
import { LastChanged } from "./LastChanged.tsx";

afterEach(() => vi.unstubAllGlobals());

const SAVED_AT = Date.UTC(2026, 10, 27, 14, 2);
const SAM = { id: "5b0c7a2e-0000-4000-8000-0000000000aa", name: "Sam Carter" };

function show(changedBy: { id: string; name: string } | null, language = "en") {
  stubApi({ "GET /api/account/account": { body: testAccount() } });
  return renderWithProviders(<LastChanged changedBy={changedBy} updateTime={SAVED_AT} />, { language });
}

describe("LastChanged", () => {
  it("names who saved last and when, in English and French", async () => {
    const english = show(SAM);
    await screen.findByText(/^Last changed by Sam Carter, 27 Nov 2026 \d\d:\d\d$/);
    english.unmount();
    show(SAM, "fr");
    await screen.findByText(/^Dernière modification par Sam Carter, .*2026/);
  });

  it("says you when the signed-in account saved it", async () => {
    show({ id: testAccount().id, name: "Ada Lovelace" });
    await screen.findByText(/^Last changed by you, /);
  });

  it("says nothing when who saved it is not known", () => {
    show(null);
    expect(screen.queryByText(/Last changed/)).toBeNull();
  });

  it("shows on an address's view", async () => {
    stubApi({ "GET /api/account/account": { body: testAccount() } });
    renderWithProviders(<AddressView address={{ ...HOME, updateTime: SAVED_AT, changedBy: SAM }} />);
    await screen.findByText(/^Last changed by Sam Carter, /);
    screen.getByText("12 Main Street");
  });
});
