import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../test/render.tsx";
import { UnsubscribePage } from "./UnsubscribePage.tsx";

function stubUnsubscribe(status: number) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      const body =
        status === 200 ? { ok: true } : { error: { code: "invalid_signature", message: "Bad link" } };
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

function renderPage(language = "en") {
  return renderRoutes(
    [
      { path: "/unsubscribe", element: <UnsubscribePage /> },
      { path: "/login", element: <h1>Sign in</h1> },
    ],
    { entries: ["/unsubscribe?accountId=acc-1&sig=abc123"], language },
  );
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("/unsubscribe", () => {
  it("asks, with Unsubscribe, Cancel and a contact block", () => {
    stubUnsubscribe(200);
    renderPage();
    screen.getByRole("heading", { level: 1, name: "Unsubscribe" });
    screen.getByText("Do you want to unsubscribe? You won't receive these notifications anymore");
    expect(screen.getByRole("link", { name: "+1 (800) 555-0199" }).getAttribute("href")).toBe(
      "tel:+18005550199",
    );
    expect(screen.getByRole("link", { name: "support@kinfile.example" }).getAttribute("href")).toBe(
      "mailto:support@kinfile.example",
    );
  });

  it("shows the success overlay, calls the server 2.5 s later with the signed link, then goes to sign-in", async () => {
    const calls = stubUnsubscribe(200);
    const { router } = renderPage();
    fireEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(screen.getByRole("status").textContent).toBe("Success! You unsubscribe succesfully");

    await advance(2_499);
    expect(calls).toEqual([]);
    await advance(1);
    expect(calls).toEqual(["/api/sbs/webhook/unsubscribe?accountId=acc-1&sig=abc123"]);
    expect(router.state.location.pathname).toBe("/login");
  });

  it("shows the Oops message when the server refuses", async () => {
    stubUnsubscribe(400);
    const { router } = renderPage();
    fireEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    await advance(2_500);
    expect(screen.getByRole("alert").textContent).toBe(
      "Oops! Something went wrong and we couldn't process your request at this time. Please try again later.",
    );
    expect(screen.queryByRole("status")).toBeNull();
    expect(router.state.location.pathname).toBe("/unsubscribe");
  });

  it("Cancel shows its overlay and goes to sign-in after 2.5 s without calling the server", async () => {
    const calls = stubUnsubscribe(200);
    const { router } = renderPage();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("status").textContent).toBe("Cancel");
    await advance(2_499);
    expect(router.state.location.pathname).toBe("/unsubscribe");
    await advance(1);
    expect(router.state.location.pathname).toBe("/login");
    expect(calls).toEqual([]);
  });

  it("speaks French", () => {
    stubUnsubscribe(200);
    renderPage("fr");
    fireEvent.click(screen.getByRole("button", { name: "Se désabonner" }));
    expect(screen.getByRole("status").textContent).toBe("Succès ! Vous êtes désabonné(e).");
  });
});
