import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ShareRequestPreview } from "../../../domain/schemas/share.ts";
import { stubApi } from "../../test/stubApi.ts";
import { renderSharing } from "../shared-by-me/testSharing.tsx";
import { AcceptedShareRequestPage } from "./AcceptedShareRequestPage.tsx";

const NOMINEE = "5b0c7a2e-0000-4000-8000-0000000000aa";
const PREVIEW_PATH = `GET /api/shared/owner/approve/${NOMINEE}`;
const APPROVE_PATH = `POST /api/shared/owner/approve/${NOMINEE}/true`;
const DECLINE_PATH = `POST /api/shared/owner/approve/${NOMINEE}/false`;

const PREVIEW: ShareRequestPreview = {
  nominee: { firstName: "Alex", lastName: "Martin", email: "alex@example.com" },
  scope: { modules: ["inventory"], categories: ["insurance"] },
  release: "five_days",
  requestedAt: Date.UTC(2026, 2, 14),
  releaseAt: Date.UTC(2026, 2, 19),
};

function visit(language = "en", approve = true) {
  return renderSharing(`/accepted-share-request?nomineeId=${NOMINEE}&approve=${approve}&sign=s1gn.v4lue`, {
    language,
    strict: true,
    routes: [{ path: "/accepted-share-request", element: <AcceptedShareRequestPage /> }],
  });
}

const calls = (fetch: ReturnType<typeof stubApi>, method: string) =>
  fetch.mock.calls.filter(([, init]) => (init?.method ?? "GET").toUpperCase() === method);

afterEach(() => vi.unstubAllGlobals());

describe("/accepted-share-request", () => {
  it("names the nominee, what they would receive and when, and posts nothing until confirmed", async () => {
    const fetch = stubApi({ [PREVIEW_PATH]: { body: PREVIEW }, [APPROVE_PATH]: { body: true } });
    visit();
    const details = await screen.findByTestId("share-request-details");
    expect(details.textContent).toContain("Alex Martin (alex@example.com) asks for access");
    expect(screen.getByTestId("share-request-scope").textContent).toContain("Key Document Inventory");
    expect(screen.getByTestId("share-request-scope").textContent).toContain("Insurance Policies");
    expect(screen.getByTestId("share-request-release").textContent).toBe(
      "After 5 days without responseUnless you answer, access is released on 19 Mar 2026.",
    );
    // Loading the page (its script included) only read the request, with the sign as the bearer.
    expect(calls(fetch, "POST")).toHaveLength(0);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe(`/api/shared/owner/approve/${NOMINEE}`);
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer s1gn.v4lue");

    await userEvent.setup().click(screen.getByRole("button", { name: "Approve access for Alex Martin" }));
    const outcome = await screen.findByTestId("share-request-outcome");
    expect(outcome.textContent).toContain("Success! Access has been successfully granted!");
    expect(outcome.textContent).toContain("Alex Martin can now read:");
    expect(outcome.textContent).toContain("Key Document Inventory");
    const posts = calls(fetch, "POST");
    expect(posts).toHaveLength(1);
    expect(String(posts[0]?.[0])).toBe(`/api/shared/owner/approve/${NOMINEE}/true`);
    expect(new Headers(posts[0]?.[1]?.headers).get("Authorization")).toBe("Bearer s1gn.v4lue");
    expect(posts[0]?.[1]?.credentials).toBe("same-origin");
  });

  it("declines from the Decline link once confirmed, in French", async () => {
    const fetch = stubApi({ [PREVIEW_PATH]: { body: PREVIEW }, [DECLINE_PATH]: { body: false } });
    visit("fr", false);
    await userEvent
      .setup()
      .click(await screen.findByRole("button", { name: "Refuser la demande de Alex Martin" }));
    const outcome = await screen.findByTestId("share-request-outcome");
    expect(outcome.textContent).toContain(
      "Demande refusée : la demande d'accès à vos informations a été refusée !",
    );
    expect(outcome.textContent).toContain("Alex Martin a été prévenu de votre refus");
    expect(calls(fetch, "POST")).toHaveLength(1);
  });

  it.each([400, 401, 410, 500])("shows the Oops message when the link is refused (%i)", async (status) => {
    const fetch = stubApi({
      [PREVIEW_PATH]: { status, body: { error: { code: "invalid_link", message: "Bad link" } } },
    });
    const { router } = visit();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Oops! Something went wrong and we couldn't process your request at this time. Please try again later.",
    );
    expect(screen.queryByRole("button")).toBeNull();
    expect(calls(fetch, "POST")).toHaveLength(0);
    // A refused link is this page's message, never a sign-out.
    expect(router.state.location.pathname).toBe("/accepted-share-request");
  });

  it.each([
    ["released", "Access was already granted for this request: there is nothing more to do."],
    ["answered", "This request was already answered or withdrawn: there is nothing more to do."],
  ])("says what became of a request whose link was used before (%s), not Oops", async (state, text) => {
    stubApi({
      [PREVIEW_PATH]: { status: 409, body: { error: { code: "conflict", message: "Used", state } } },
    });
    visit();
    expect((await screen.findByTestId("share-request-outcome")).textContent).toBe(text);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the Oops message when the network fails, in French", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("offline");
      }),
    );
    visit("fr");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Oups ! Un problème est survenu et nous n'avons pas pu traiter votre demande pour le moment. Veuillez réessayer plus tard.",
    );
  });
});
