import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setOpenFile } from "../../api/openFile.ts";
import { openTestOwnersFile, TEST_FILE_PREFIX, TEST_OWNER } from "../../test/openFile.ts";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import { renderRecords } from "./testRecords.tsx";

afterEach(() => {
  setOpenFile(null);
  vi.unstubAllGlobals();
});

const LOAN = "5b0c7a2e-0000-4000-8000-000000000101";
const LIST = "/dashboard/assets/liability";
const viewer = testAccount();

const loan = {
  id: LOAN,
  module: "assets",
  category: "liability",
  createTime: 0,
  updateTime: 0,
  version: 1,
  changedBy: null,
  body: { accountNickname: "House", liabilityType: "mortgage" },
  maskedFields: [],
};

function stubOwnersFile() {
  return stubApi({
    "GET /api/account/account": { body: testAccount() },
    [`GET ${TEST_FILE_PREFIX}/records/assets/count`]: { body: { liability: 1, asset: 0 } },
    [`GET ${TEST_FILE_PREFIX}/records/assets/liability`]: {
      body: [
        {
          id: LOAN,
          category: "liability",
          createTime: 0,
          updateTime: 0,
          columns: { accountNickname: "House" },
        },
      ],
    },
    [`GET ${TEST_FILE_PREFIX}/records/assets/liability/${LOAN}`]: { body: loan },
    [`GET ${TEST_FILE_PREFIX}/comments/record/${LOAN}`]: {
      body: [
        {
          id: "c1",
          notes: "Renewal due in spring",
          // The viewer's own comment, written while they had edit rights.
          ownerId: viewer.id,
          ownerFirstName: "Ada",
          ownerLastName: "Lovelace",
          createTime: 1_700_000_000,
          lastUpdateDate: null,
        },
      ],
    },
  });
}

const editControls = () => [
  ...screen.queryAllByRole("link", { name: /\badd\b|\bedit\b/i }),
  ...screen.queryAllByRole("button", { name: /\badd\b|\bedit\b|\bdelete\b|don't have/i }),
];

describe("an owner's file opened with view rights", () => {
  it("lists a category's records without Add", async () => {
    openTestOwnersFile("view");
    stubOwnersFile();
    renderRecords(LIST);
    await screen.findByText("House");
    expect(editControls()).toEqual([]);
  });

  it("offers Add in the same list with edit rights", async () => {
    openTestOwnersFile("edit");
    stubOwnersFile();
    renderRecords(LIST);
    await screen.findByText("House");
    expect(screen.getByRole("link", { name: "+ Add" }).getAttribute("href")).toBe(`${LIST}/add`);
  });

  it("shows the module's categories without Add or “I don't have this”", async () => {
    openTestOwnersFile("view");
    stubOwnersFile();
    renderRecords("/dashboard/assets");
    await screen.findByText("1 record");
    expect(editControls()).toEqual([]);
  });

  it("shows a record and its comments, without Edit, Delete or a new comment", async () => {
    openTestOwnersFile("view");
    stubOwnersFile();
    renderRecords(`${LIST}/view/${LOAN}`, { entries: [LIST, `${LIST}/view/${LOAN}`] });
    await screen.findByRole("heading", { level: 1, name: "House" });
    await screen.findByText("Renewal due in spring");
    expect(editControls()).toEqual([]);
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it.each([
    ["en", "You can't change this file", `You may read ${TEST_OWNER.name}'s file but not change it`],
    [
      "fr",
      "Vous ne pouvez pas modifier ce dossier",
      `Vous pouvez consulter le dossier de ${TEST_OWNER.name}`,
    ],
  ])(
    "answers the add and edit forms, opened by their address, with a read-only notice (%s)",
    async (language, title, body) => {
      openTestOwnersFile("view");
      const api = stubOwnersFile();
      for (const path of [`${LIST}/add`, `${LIST}/edit/${LOAN}`]) {
        const { unmount } = renderRecords(path, { language });
        await screen.findByRole("heading", { level: 1, name: title });
        screen.getByText(body, { exact: false });
        expect(screen.queryByRole("textbox")).toBeNull();
        unmount();
      }
      // Nothing of the form was asked for: no record read to fill it, nothing to save.
      expect(api.mock.calls.filter(([, init]) => (init?.method ?? "GET") !== "GET")).toEqual([]);
    },
  );
});
