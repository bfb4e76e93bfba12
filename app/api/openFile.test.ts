import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accountApi } from "../../domain/api/account.ts";
import { commentsApi } from "../../domain/api/comments.ts";
import { homeApi } from "../../domain/api/home.ts";
import { recordsApi } from "../../domain/api/records.ts";
import { remindersApi } from "../../domain/api/reminders.ts";
import { searchApi } from "../../domain/api/search.ts";
import { callApi, configureApiClient, operationUrl } from "./client.ts";
import { closedFileNotice, closeEndedFile, openFile, setOpenFile } from "./openFile.ts";

const NOOR = {
  ownerId: "owner-1",
  ownerName: "Noor Haddad",
  scope: { modules: ["household" as const, "assets" as const], categories: [], secrets: false },
  rights: "edit" as const,
  sections: ["household", "assets"],
};

describe("the file open, as the typed client sends it", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onFileNotFound = vi.fn();

  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    configureApiClient({ onFileNotFound, onUnauthorized: vi.fn() });
  });
  afterEach(() => {
    setOpenFile(null);
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    onFileNotFound.mockReset();
  });

  it("sends the file's calls to the owner's prefix, and the account's own calls as they are", async () => {
    const read = { params: { module: "assets", category: "insurance", id: "r1" } } as const;
    expect(operationUrl(recordsApi.read, read)).toBe("/api/records/assets/insurance/r1");
    setOpenFile(NOOR);
    expect(operationUrl(recordsApi.read, read)).toBe("/api/files/owner-1/records/assets/insurance/r1");
    // The header's search looks in the file open, within the collaboration's scope.
    expect(operationUrl(searchApi.search, { query: { q: "ann" } })).toBe("/api/files/owner-1/search?q=ann");
    expect(operationUrl(homeApi.home)).toBe("/api/files/owner-1/home");
    expect(operationUrl(remindersApi.upcoming)).toBe("/api/files/owner-1/reminders");
    expect(operationUrl(commentsApi.list, { params: { subjectKind: "record", subjectId: "r1" } })).toBe(
      "/api/files/owner-1/comments/record/r1",
    );
    fetchMock.mockResolvedValue(new Response("{}", { status: 200 }));
    await callApi(accountApi.account);
    expect(fetchMock.mock.calls[0]?.[0]).toMatch(/^\/api\/account\//);
  });

  it("asks whether the access ended on a 404 in the owner's file only", async () => {
    const notFound = () =>
      new Response(JSON.stringify({ error: { code: "not_found", message: "Not found" } }), { status: 404 });
    fetchMock.mockImplementation(async () => notFound());
    const read = { params: { module: "assets", category: "insurance", id: "r1" } } as const;
    await expect(callApi(recordsApi.read, read)).rejects.toMatchObject({ status: 404 });
    expect(onFileNotFound).not.toHaveBeenCalled();
    setOpenFile(NOOR);
    await expect(callApi(recordsApi.read, read)).rejects.toMatchObject({ status: 404 });
    expect(onFileNotFound).toHaveBeenCalledWith("owner-1", expect.objectContaining({ status: 404 }));
  });

  it("passes on the server's word that the owner's account is suspended", async () => {
    const suspended = { error: { code: "not_found", message: "Not found", ownerSuspended: true } };
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify(suspended), {
          status: 404,
          headers: { "Content-Type": "application/json" },
        }),
    );
    setOpenFile(NOOR);
    const read = { params: { module: "assets", category: "insurance", id: "r1" } } as const;
    await expect(callApi(recordsApi.read, read)).rejects.toMatchObject({ status: 404 });
    expect(onFileNotFound.mock.calls[0]?.[1]).toMatchObject({ details: { ownerSuspended: true } });
  });

  it.each(["ended", "suspended"] as const)(
    "remembers whose file closed and why (%s) once back in the user's own file",
    (reason) => {
      setOpenFile(NOOR);
      closeEndedFile(reason);
      expect(openFile()).toBeNull();
      expect(closedFileNotice()).toEqual({ ownerName: "Noor Haddad", reason });
    },
  );
});
