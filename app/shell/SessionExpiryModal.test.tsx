import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TIMINGS_MS } from "../../domain/limits.ts";
import { renderRoutes } from "../test/render.tsx";
import { planWarning, SessionExpiryModal } from "./SessionExpiryModal.tsx";

const MINUTE = 60_000;

type Call = { path: string; method: string };

/**
 * Stubs the API: the session lasts `lifetimes[0]` ms from now, and each successful extension gives
 * it the next entry's lifetime from then.
 */
function stubApi(lifetimes: number[], extend: { status: number } = { status: 200 }) {
  const calls: Call[] = [];
  let index = 0;
  let expiresAt = Date.now() + (lifetimes[0] ?? 0);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      calls.push({ path, method: init?.method ?? "GET" });
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
      if (path === "/api/account/session") return json(200, { expiresAt, now: Date.now() });
      if (path === "/api/account/session/extend") {
        if (extend.status !== 200)
          return json(extend.status, { error: { code: "internal", message: "Error" } });
        index = Math.min(index + 1, lifetimes.length - 1);
        expiresAt = Date.now() + (lifetimes[index] ?? 0);
        return json(200, { expiresAt });
      }
      return json(404, { error: { code: "not_found", message: "Not found" } });
    }),
  );
  return calls;
}

function renderAt(path = "/dashboard/personal-network") {
  return renderRoutes(
    [
      { path: "/dashboard/*", element: <SessionExpiryModal /> },
      { path: "/login", element: <SessionExpiryModal /> },
      { path: "/signout", element: <h1>Signed out</h1> },
    ],
    { entries: [path] },
  );
}

/** Lets timers run and the fetch promises they start settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The first check waits for the screen's first paint (useAfterFirstPaint): a frame, then a timer. */
const afterFirstPaint = () => advance(20);

const dialog = () => screen.queryByRole("dialog", { name: "Your session is ending" });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("planWarning", () => {
  it("warns 240 s before the end with a 115 s countdown", () => {
    expect(planWarning({ expiresAt: 10 * MINUTE, now: 0 })).toEqual({
      waitMs: 10 * MINUTE - TIMINGS_MS.tokenEarlyExpiry,
      countdownMs: TIMINGS_MS.sessionExpiredCountdown,
    });
  });

  it("warns at once for a session already shorter than 240 s, capping the countdown at what is left", () => {
    expect(planWarning({ expiresAt: 200_000, now: 0 })).toEqual({ waitMs: 0, countdownMs: 115_000 });
    expect(planWarning({ expiresAt: 60_000, now: 0 })).toEqual({ waitMs: 0, countdownMs: 60_000 });
    expect(planWarning({ expiresAt: 0, now: 5_000 })).toEqual({ waitMs: 0, countdownMs: 0 });
  });
});

describe("session expiry modal", () => {
  it("appears 240 s before the session ends and counts down from 1:55, then signs out at 0", async () => {
    stubApi([10 * MINUTE]);
    const { router } = renderAt();
    await afterFirstPaint();
    expect(dialog()).toBeNull();

    await advance(10 * MINUTE - TIMINGS_MS.tokenEarlyExpiry - 1000);
    expect(dialog()).toBeNull();
    await advance(1000);
    expect(dialog()).not.toBeNull();
    screen.getByText("Please prolongate your session to continue use of the product");
    expect(screen.getByRole("timer").textContent).toBe("Time left: 1:55");

    await advance(55_000);
    expect(screen.getByRole("timer").textContent).toBe("Time left: 1:00");
    // Spoken at the minute, not every second.
    screen.getByText("Minutes left before you are signed out: 1.");
    await advance(50_000);
    screen.getByText("Seconds left before you are signed out: 10.");

    await advance(10_000);
    expect(router.state.location.pathname).toBe("/signout");
    // The session's end, not the person, signed them out: sign-in will say so and return here.
    expect(new URLSearchParams(router.state.location.search).get("expired")).toBe("1");
  });

  it("extends the session with Continue, closes, and plans the next warning", async () => {
    const calls = stubApi([100_000, 30 * MINUTE]);
    renderAt();
    await afterFirstPaint();
    // Already shorter than 240 s: shown at once.
    expect(dialog()).not.toBeNull();
    expect(screen.getByRole("timer").textContent).toBe("Time left: 1:40");

    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await advance(0);
    expect(calls).toContainEqual({ path: "/api/account/session/extend", method: "POST" });
    expect(dialog()).toBeNull();
    expect(calls.filter((call) => call.path === "/api/account/session")).toHaveLength(2);

    await advance(30 * MINUTE - TIMINGS_MS.tokenEarlyExpiry);
    expect(dialog()).not.toBeNull();
  });

  it("gives a session shorter than the warning window half its new lifetime after Continue", async () => {
    stubApi([200_000, 200_000]);
    renderAt();
    await afterFirstPaint();
    expect(screen.getByRole("timer").textContent).toBe("Time left: 1:55");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await advance(0);
    expect(dialog()).toBeNull();

    await advance(99_000);
    expect(dialog()).toBeNull();
    await advance(1_000);
    expect(dialog()).not.toBeNull();
    expect(screen.getByRole("timer").textContent).toBe("Time left: 1:40");
  });

  it("signs out with Cancel", async () => {
    stubApi([60_000]);
    const { router } = renderAt();
    await afterFirstPaint();
    expect(screen.getByRole("timer").textContent).toBe("Time left: 1:00");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await advance(0);
    expect(router.state.location.pathname).toBe("/signout");
  });

  it("signs out when the session cannot be extended", async () => {
    stubApi([60_000], { status: 500 });
    const { router } = renderAt();
    await afterFirstPaint();
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await advance(0);
    expect(router.state.location.pathname).toBe("/signout");
    expect(router.state.location.search).toContain("expired=1");
  });

  it("asks for the session's end only once the first screen is painted", async () => {
    const calls = stubApi([30 * MINUTE]);
    renderAt();
    await advance(0);
    expect(calls).toHaveLength(0);
    await afterFirstPaint();
    expect(calls).toEqual([{ path: "/api/account/session", method: "GET" }]);
  });

  it("never shows on /login", async () => {
    const calls = stubApi([60_000]);
    renderAt("/login");
    await advance(5 * MINUTE);
    expect(dialog()).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
