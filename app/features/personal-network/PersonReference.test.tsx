import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FieldDef } from "../../../domain/sections/types.ts";
import { FieldDisplay } from "../../components/fields/FieldDisplay.tsx";
import { axeViolations } from "../../test/axe.ts";
import { renderRoutes } from "../../test/render.tsx";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { PersonDetails } from "./PersonDetails.tsx";
import { fullRecord, listItem } from "./testPersons.ts";

const me = listItem("me", "Ada");
const son = listItem("child", "Byron", {
  type: "son",
  phone: { code: "GB", number: "+442079460000", type: "home" },
  email: "byron@example.com",
});
const lawyer = listItem("advisor", "Grace", { lastName: "Hopper", type: "lawyer" });

const HOLDERS: FieldDef = { key: "holders", type: "personRefs", required: false };

function stubPersons() {
  stubApi({
    "GET /api/account/account": { body: testAccount() },
    "GET /api/pn/person": { body: fullRecord(me) },
    "GET /api/pn/person/me": { body: [me] },
    "GET /api/pn/person/child": { body: [son] },
    "GET /api/pn/person/advisor": { body: [lawyer] },
  });
}

function show(element: ReactElement) {
  return renderRoutes([{ path: "/dashboard/*", element }], {
    entries: ["/dashboard/assets/insurance/view/1"],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a person referred to", () => {
  it("opens the contact summary from a record's field by keyboard, and Escape closes it", async () => {
    stubPersons();
    const user = userEvent.setup();
    const { container } = show(<FieldDisplay field={HOLDERS} label="Holders" value={[son.id, lawyer.id]} />);
    const button = await screen.findByRole("button", { name: "Byron Lovelace (Child)" });
    screen.getByRole("button", { name: "Grace Hopper (Advisor)" });
    button.focus();
    await user.keyboard("{Enter}");
    const popup = await screen.findByRole("dialog", { name: "Byron Lovelace" });
    await within(popup).findByText("+44 20 7946 0000");
    within(popup).getByRole("link", { name: "byron@example.com" });
    expect(within(popup).getByRole("link", { name: "More details" }).getAttribute("href")).toBe(
      `/dashboard/personal-network/child/view/${son.id}`,
    );
    expect(await axeViolations(container)).toEqual([]);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it("opens it from a list cell, which carries the name", async () => {
    stubPersons();
    show(<FieldDisplay field={HOLDERS} label="Holders" value={[{ id: lawyer.id, name: "Grace Hopper" }]} />);
    await userEvent.click(await screen.findByRole("button", { name: "Grace Hopper (Advisor)" }));
    const popup = await screen.findByRole("dialog", { name: "Grace Hopper" });
    expect(within(popup).getByRole("link", { name: "More details" }).getAttribute("href")).toBe(
      `/dashboard/personal-network/advisor/view/${lawyer.id}`,
    );
  });

  it("opens it from a person's emergency contacts", async () => {
    stubPersons();
    const record = { ...fullRecord(me), iceDetails: { emergencyContacts: [son.id] } };
    show(<PersonDetails person={record} />);
    await userEvent.click(await screen.findByRole("button", { name: "Byron Lovelace" }));
    await screen.findByRole("dialog", { name: "Byron Lovelace" });
  });
});

describe("a person referred to, on a phone", () => {
  it("has no sheet in the page until opened, then opens one from the bottom", async () => {
    stubPersons();
    const matchMedia = window.matchMedia;
    vi.stubGlobal("matchMedia", (query: string) => ({
      ...matchMedia(query),
      matches: query.includes("max-width"),
    }));
    show(<FieldDisplay field={HOLDERS} label="Holders" value={[son.id]} />);
    const button = await screen.findByRole("button", { name: "Byron Lovelace (Child)" });
    expect(document.querySelector(".mantine-Drawer-root")).toBeNull();
    await userEvent.click(button);
    await screen.findByRole("dialog", { name: "Byron Lovelace" });
    expect(document.querySelector(".mantine-Drawer-root")).not.toBeNull();
  });
});
