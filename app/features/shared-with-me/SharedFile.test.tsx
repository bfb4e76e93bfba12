import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type StubAnswer, stubApi, testAccount } from "../../test/stubApi.ts";
import { NOMINEE_ID, renderSharedWithMe, withMeView } from "./testSharedWithMe.tsx";

afterEach(() => vi.unstubAllGlobals());

const FILE = `/dashboard/shared-data/shared-with-me/${NOMINEE_ID}`;
const API = `/api/shared/nominee/${NOMINEE_ID}`;
const CARD = "5b0c7a2e-0000-4000-8000-0000000000c1";
const WILL = "5b0c7a2e-0000-4000-8000-0000000000a1";
const DOC = "5b0c7a2e-0000-4000-8000-0000000000d1";
const PERSON = "5b0c7a2e-0000-4000-8000-0000000000b1";

const person = {
  id: PERSON,
  group: "partner",
  type: null,
  otherType: null,
  mainDetails: {
    firstName: "Charles",
    lastName: "Babbage",
    middleName: null,
    nickname: null,
    prefferedName: null,
    birthday: null,
    birthplace: null,
    birthcountry: null,
    citizenship: null,
    gender: null,
    maritalStatus: null,
    motherMaidenName: null,
    socialNumber: "********",
    imageSrc: null,
  },
  contactDetails: { phones: [], emails: [] },
  homeAddress: null,
  mailingAddress: null,
  businessAddress: null,
  companyName: null,
  currentPartner: null,
  relationDetails: null,
  iceDetails: { emergencyContacts: [] },
  kinDetails: { emergencyContacts: [] },
  importantDates: { marriage: null, separation: null, divorce: null, death: null },
  notes: null,
  createTime: 0,
  updateTime: 0,
};

const card = {
  id: CARD,
  module: "assets",
  category: "creditcard",
  createTime: 0,
  updateTime: 0,
  body: { accountNickname: "Visa", cardNumber: "********", cardholders: [PERSON] },
  maskedFields: ["cardNumber"],
};

const will = {
  id: WILL,
  module: "inventory",
  category: "will",
  createTime: 0,
  updateTime: 0,
  body: { willType: "notarial", date: Date.UTC(2020, 4, 1), documents: [DOC] },
  maskedFields: [],
};

const pdf = {
  id: DOC,
  module: "inventory",
  type: "will",
  fileName: "will.pdf",
  lastName: null,
  description: null,
  assignedModule: "inventory",
  assignedType: "will",
  assignedCustomPosition: null,
  assignedDocument: WILL,
  date: 0,
  contentType: "application/pdf",
  size: 10,
};

/** The nominee's routes; `?reveal=cardNumber` answers the card number in clear. */
function stubShared(status = "released", more: Record<string, StubAnswer> = {}) {
  const api = stubApi({
    "GET /api/account/account": { body: testAccount({ roles: [] }) },
    "GET /api/shared/with-me": { body: [withMeView({ status: status as "released" })] },
    [`GET ${API}/records/inventory/count`]: { body: { will: 1 } },
    [`GET ${API}/records/household/count`]: { body: { pet: 2 } },
    [`GET ${API}/records/assets/count`]: { body: { creditcard: 1 } },
    [`GET ${API}/records/assets/creditcard`]: {
      body: [
        {
          id: CARD,
          category: "creditcard",
          createTime: 0,
          updateTime: 0,
          columns: { accountNickname: "Visa", companyName: null, cardholders: [], expiryDate: null },
        },
      ],
    },
    [`GET ${API}/records/assets/creditcard/${CARD}`]: { body: card },
    [`GET ${API}/records/inventory/will/${WILL}`]: { body: will },
    [`GET ${API}/documents/record/${WILL}`]: { body: [pdf] },
    [`GET /api/shared/nominee/person/${PERSON}`]: { body: person },
    ...more,
  });
  const stubbed = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).endsWith("?reveal=cardNumber")
      ? Promise.resolve(
          new Response(
            JSON.stringify({ ...card, body: { ...card.body, cardNumber: "4111 1111 1111 1111" } }),
            {
              headers: { "Content-Type": "application/json" },
            },
          ),
        )
      : stubbed(input, init),
  );
  return api;
}

const called = (api: ReturnType<typeof stubApi>, path: string) =>
  api.mock.calls.some(([url]) => String(url) === path);

describe("a file shared with me", () => {
  it("shows the shared modules with their shared categories, counts and the owner's labels", async () => {
    stubShared();
    renderSharedWithMe(FILE);
    await screen.findByRole("heading", { level: 1, name: "Ada Lovelace's shared file" });
    const household = screen.getByRole("list", { name: "Household Management: shared categories" });
    expect(within(household).getAllByRole("link")).toHaveLength(1);
    const pet = within(household).getByRole("link", { name: /^Pet Details/ });
    expect(pet.getAttribute("href")).toBe(`${FILE}/household/pet`);
    await within(within(household).getByTestId("category-card-pet")).findByText("2 records");
    const assets = screen.getByRole("list", { name: /^Assets.*shared categories$/ });
    within(assets).getByRole("link", { name: /^Credit Card Details/ });
    const inventory = screen.getByRole("list", { name: "Key Document Inventory: shared categories" });
    expect(within(inventory).getByRole("link", { name: /^Will/ }).getAttribute("href")).toBe(
      `${FILE}/inventory/will`,
    );
  });

  it("lists a shared category through the nominee's route, labelled as its owner sees it, without Add", async () => {
    const api = stubShared();
    renderSharedWithMe(`${FILE}/assets/creditcard`, { entries: [FILE, `${FILE}/assets/creditcard`] });
    await screen.findByRole("heading", { level: 1, name: "Credit Card Details" });
    await screen.findByText("Visa");
    expect(called(api, `${API}/records/assets/creditcard`)).toBe(true);
    expect(screen.queryByRole("link", { name: /Add/ })).toBeNull();
    expect(screen.getByRole("link", { name: /View/ }).getAttribute("href")).toBe(
      `${FILE}/assets/creditcard/view/${CARD}`,
    );
  });

  it("views a record read-only: no Edit or Delete, persons named, the secret revealed through the shared route", async () => {
    const api = stubShared();
    renderSharedWithMe(`${FILE}/assets/creditcard/view/${CARD}`);
    // Named by the record, with its category above it, as its owner sees them.
    await screen.findByRole("heading", { level: 1, name: "Visa" });
    screen.getByText("Credit Card");
    await screen.findByText("Charles Babbage (Spouse/Partner)");
    expect(screen.queryByRole("link", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: /^Show Card number/ }));
    await screen.findByText("4111 1111 1111 1111");
    // Nothing of the nominee's own file was asked for.
    expect(api.mock.calls.some(([url]) => String(url).startsWith("/api/records/"))).toBe(false);
  });

  it("offers a shared record's PDF to download and to view, through the shared download route", async () => {
    stubShared();
    renderSharedWithMe(`${FILE}/inventory/will/view/${WILL}`);
    const block = await screen.findByRole("article", { name: "will.pdf" });
    const download = `/api/shared/${NOMINEE_ID}/will/${DOC}/download/will.pdf/`;
    expect(within(block).getByRole("link", { name: "Download will.pdf" }).getAttribute("href")).toBe(
      download,
    );
    expect(
      within(block)
        .getByRole("link", { name: /^View will\.pdf/ })
        .getAttribute("href"),
    ).toBe(`${download}?inline=1`);
    expect(within(block).queryByRole("button", { name: /Delete/ })).toBeNull();
  });

  it("lists the shared library read-only: Download and View, no Add, Delete or edit link", async () => {
    const api = stubShared("released", {
      [`GET ${API}/documents`]: { body: [{ ...pdf, type: "documentlibrary", fileName: "deed.pdf" }] },
    });
    renderSharedWithMe(`${FILE}/inventory/documentlibrary`);
    const block = await screen.findByRole("article", { name: "deed.pdf" });
    expect(called(api, `${API}/documents?documentModule=inventory&documentType=documentlibrary`)).toBe(true);
    expect(within(block).getByRole("link", { name: "Download deed.pdf" }).getAttribute("href")).toBe(
      `/api/shared/${NOMINEE_ID}/documentlibrary/${DOC}/download/deed.pdf/`,
    );
    within(block).getByRole("link", { name: /^View deed\.pdf/ });
    expect(within(block).queryByRole("link", { name: "deed.pdf" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "Add" })).toBeNull();
  });

  it("shows a shared person read-only, the social number revealed on purpose", async () => {
    const api = stubShared();
    renderSharedWithMe(`${FILE}/personal-network/partner/view/${PERSON}`);
    await screen.findByRole("heading", { level: 1, name: "Charles Babbage" });
    expect(screen.queryByRole("link", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: /^Show/ }));
    await waitFor(() =>
      expect(called(api, `/api/shared/nominee/person/${PERSON}?reveal=socialNumber`)).toBe(true),
    );
  });

  it("shows the owner's network when it is shared: groups with counts, a group's people read-only", async () => {
    const listItem = {
      id: PERSON,
      createTime: 0,
      group: "partner",
      type: null,
      mainDetails: { firstName: "Charles", lastName: "Babbage", birthday: null, imageSrc: null },
    };
    const api = stubShared("released", {
      "GET /api/shared/with-me": {
        body: [withMeView({ scope: { modules: ["personal-network"], categories: [] } })],
      },
      [`GET ${API}/persons`]: { body: [listItem] },
    });
    const { router } = renderSharedWithMe(FILE);
    const network = await screen.findByRole("list", { name: "Personal Network: shared groups" });
    const partner = within(network).getByRole("link", { name: /^Spouse\/Partner/ });
    await within(partner).findByText("1 person");
    expect(called(api, `${API}/persons?personGroup=partner`)).toBe(true);
    await userEvent.click(partner);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${FILE}/personal-network/partner`));
    const card = await screen.findByRole("link", { name: /Charles Babbage/ });
    expect(card.getAttribute("href")).toBe(`${FILE}/personal-network/partner/view/${PERSON}`);
    expect(screen.queryByRole("link", { name: /Add/ })).toBeNull();
  });

  it("says the file is not available before release, with the way back", async () => {
    stubShared("accepted");
    renderSharedWithMe(`${FILE}/assets/creditcard`);
    await screen.findByRole("heading", { level: 1, name: "This shared file is not available" });
    expect(screen.getAllByRole("link", { name: "Back to Shared with me" })[0]?.getAttribute("href")).toBe(
      "/dashboard/shared-data/shared-with-me",
    );
  });

  it("says the file is closed while its owner is suspended, rather than reading it", async () => {
    const api = stubShared("released", {
      "GET /api/shared/with-me": { body: [withMeView({ ownerSuspended: true })] },
    });
    renderSharedWithMe(`${FILE}/household/pet`);
    await screen.findByRole("heading", { level: 1, name: "This shared file is not available" });
    screen.getByText("Ada Lovelace's account is suspended, so their file is closed to you for now.");
    expect(called(api, `${API}/records/household/pet`)).toBe(false);
  });

  it("becomes unavailable when a read answers 404 after the access was withdrawn", async () => {
    let withdrawn = false;
    stubShared("released", {
      "GET /api/shared/with-me": {
        get body() {
          return [withMeView({ status: withdrawn ? "accepted" : "released" })];
        },
      },
    });
    const { router } = renderSharedWithMe(FILE);
    await screen.findByRole("heading", { level: 1, name: "Ada Lovelace's shared file" });
    withdrawn = true;
    await router.navigate(`${FILE}/household/pet`);
    await screen.findByRole("heading", { level: 1, name: "This shared file is not available" });
  });
});
