import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubApi } from "../../test/stubApi.ts";
import { renderSharing } from "../shared-by-me/testSharing.tsx";
import { AcceptedShareRequestPage } from "./AcceptedShareRequestPage.tsx";

const NOMINEE = "5b0c7a2e-0000-4000-8000-0000000000aa";
const APPROVE_PATH = `POST /api/shared/owner/approve/${NOMINEE}/true`;

function visit(language = "en") {
  return renderSharing(`/accepted-share-request?nomineeId=${NOMINEE}&approve=true&sign=s1gn.v4lue`, {
    language,
    strict: true,
    routes: [{ path: "/accepted-share-request", element: <AcceptedShareRequestPage /> }],
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("/accepted-share-request", () => {
  it("posts the answer once, with the sign as the bearer, and says access is granted", async () => {
    const fetch = stubApi({ [APPROVE_PATH]: { body: true } });
    visit();
    expect(screen.getByRole("status", { name: "Sending your answer…" })).toBeTruthy();
    expect((await screen.findByTestId("share-request-outcome")).textContent).toBe(
      "Success! Access has been successfully granted!",
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe(`/api/shared/owner/approve/${NOMINEE}/true`);
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer s1gn.v4lue");
    expect(init?.credentials).toBe("same-origin");
  });

  it("says the request is declined when the server answers false", async () => {
    stubApi({ [APPROVE_PATH]: { body: false } });
    visit();
    expect((await screen.findByTestId("share-request-outcome")).textContent).toBe(
      "Request Declined: Request to access your information has been declined!",
    );
  });

  it.each([400, 401, 410, 500])("shows the Oops message when the link is refused (%i)", async (status) => {
    stubApi({ [APPROVE_PATH]: { status, body: { error: { code: "invalid_link", message: "Bad link" } } } });
    const { router } = visit();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Oops! Something went wrong and we couldn't process your request at this time. Please try again later.",
    );
    // A refused link is this page's message, never a sign-out.
    expect(router.state.location.pathname).toBe("/accepted-share-request");
  });

  it.each([
    ["released", "Access was already granted for this request: there is nothing more to do."],
    ["answered", "This request was already answered or withdrawn: there is nothing more to do."],
  ])("says what became of a request whose link was used before (%s), not Oops", async (state, text) => {
    stubApi({
      [APPROVE_PATH]: { status: 409, body: { error: { code: "conflict", message: "Used", state } } },
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
