import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatCommentTime } from "../../../domain/dates.ts";
import { LIMITS } from "../../../domain/limits.ts";
import { sentBodies, stubApi, testAccount } from "../../test/stubApi.ts";
import { renderDocumentsUi } from "../documents/testSupport.tsx";
import type { Comment } from "./api.ts";
import { subjectComments } from "./api.ts";
import { CommentsPanel } from "./CommentsPanel.tsx";

const ME = testAccount();
const LIST = "GET /api/comments/person/p-1";

function comment(overrides: Partial<Comment>): Comment {
  return {
    id: "c-1",
    notes: "Mine",
    ownerId: ME.id,
    ownerFirstName: "Ada",
    ownerLastName: "Lovelace",
    createTime: 1_767_225_600,
    lastUpdateDate: null,
    ...overrides,
  };
}

const COMMENTS = [
  comment({}),
  comment({ id: "c-2", notes: "Theirs", ownerId: "other", ownerFirstName: "Bob" }),
];

afterEach(() => vi.unstubAllGlobals());

describe("CommentsPanel", () => {
  it("formats epoch seconds as DD MMM, YYYY HH:mm:ss UTC", () => {
    expect(formatCommentTime(1_767_225_600, "en")).toBe("1 Jan 2026 00:00:00 UTC");
  });

  it("lists comments with Edit and Delete on one's own only", async () => {
    stubApi({ "GET /api/account/account": { body: ME }, [LIST]: { body: COMMENTS } });
    renderDocumentsUi(<CommentsPanel source={subjectComments("person", "p-1")} />);
    const items = await screen.findAllByRole("listitem");
    within(items[0] as HTMLElement).getByText("Mine");
    within(items[0] as HTMLElement).getByText("1 Jan 2026 00:00:00 UTC");
    await waitFor(() =>
      within(items[0] as HTMLElement).getByRole("button", { name: "Edit comment by Ada Lovelace" }),
    );
    expect(within(items[1] as HTMLElement).queryByRole("button")).toBeNull();
  });

  it("adds a comment: Save inactive while empty, at most 2048 characters", async () => {
    const api = stubApi({
      "GET /api/account/account": { body: ME },
      [LIST]: { body: [] },
      "POST /api/comments/person/p-1": { body: comment({ notes: "Hello" }) },
    });
    renderDocumentsUi(<CommentsPanel source={subjectComments("person", "p-1")} />);
    await screen.findByText("No comment yet.");
    const box = screen.getByRole("textbox", { name: "New comment" });
    const save = screen.getByRole("button", { name: "Save" });
    expect(save.hasAttribute("disabled")).toBe(true);
    expect(box.getAttribute("maxlength")).toBe(String(LIMITS.longTextMax));
    await userEvent.type(box, "  ");
    expect(save.hasAttribute("disabled")).toBe(true);
    await userEvent.type(box, "Hello");
    screen.getByText(`7 / ${LIMITS.longTextMax} characters`);
    await userEvent.click(save);
    await waitFor(() =>
      expect(sentBodies(api, "POST /api/comments/person/p-1")).toEqual([{ notes: "Hello" }]),
    );
  });

  it("edits and deletes one's own comment", async () => {
    const api = stubApi({
      "GET /api/account/account": { body: ME },
      [LIST]: { body: COMMENTS },
      "PUT /api/comments/c-1": { body: comment({ notes: "Changed" }) },
      "DELETE /api/comments/c-1": { status: 204 },
    });
    renderDocumentsUi(<CommentsPanel source={subjectComments("person", "p-1")} />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit comment by Ada Lovelace" }));
    const box = screen.getByRole("textbox", { name: "Comment" });
    await userEvent.clear(box);
    await userEvent.type(box, "Changed");
    const buttons = screen.getAllByRole("button", { name: "Save" });
    await userEvent.click(buttons[0] as HTMLElement);
    await waitFor(() => expect(sentBodies(api, "PUT /api/comments/c-1")).toEqual([{ notes: "Changed" }]));

    await userEvent.click(await screen.findByRole("button", { name: "Delete comment by Ada Lovelace" }));
    await screen.findByText("Are you sure you want to delete this comment?");
    await userEvent.click(screen.getByRole("button", { name: "Yes" }));
    await waitFor(() =>
      expect(
        api.mock.calls.some(([input, init]) => init?.method === "DELETE" && String(input).endsWith("/c-1")),
      ).toBe(true),
    );
  });
});
