import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authApi } from "../../domain/api/auth.ts";
import { authOptionsApi } from "../../domain/api/authOptions.ts";
import { ApiError, callApi, configureApiClient, parseApiError, parseRetryAfter } from "./client.ts";

/** Any operation will do: what is tested is how every call travels. */
const read = authOptionsApi.options;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

describe("parseApiError", () => {
  it("reads the server's error format into a typed error", () => {
    const error = parseApiError(400, {
      error: { code: "validation_failed", message: "Check the form", fields: { name: "Required" } },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Check the form",
      fields: { name: "Required" },
    });
  });

  it("keeps only text field messages", () => {
    const error = parseApiError(400, { error: { code: "x", message: "m", fields: { a: "ok", b: 3 } } });
    expect(error.fields).toEqual({ a: "ok" });
  });

  it("keeps the facts sent beside the code, such as an address's usages", () => {
    const usages = [{ kind: "person", id: "p1", name: "Ada" }];
    const error = parseApiError(409, { error: { code: "address_in_use", message: "In use", usages } });
    expect(error.details).toEqual({ usages });
  });

  it("turns a body without the format into an unexpected response with the fallback message", () => {
    for (const body of ["<html>Bad gateway</html>", undefined, null, { error: "nope" }, [1, 2]]) {
      const error = parseApiError(502, body, "Something went wrong");
      expect(error).toMatchObject({
        status: 502,
        code: "unexpected_response",
        message: "Something went wrong",
      });
      expect(error.fields).toEqual({});
    }
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates, and nothing else", () => {
    expect(parseRetryAfter("30")).toBe(30);
    expect(
      parseRetryAfter("Wed, 21 Oct 2026 07:28:30 GMT", Date.parse("Wed, 21 Oct 2026 07:28:00 GMT")),
    ).toBe(30);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter("soon")).toBeNull();
  });
});

describe("a call to the API", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    configureApiClient({ language: () => "fr", onUnauthorized, fallbackMessage: () => "Erreur" });
    window.history.replaceState(null, "", "/dashboard/personal-network");
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    onUnauthorized.mockReset();
  });

  it("sends the UI language and the same-origin credentials, and returns the JSON body", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { oidc: false, passkey: true, registration: true }));
    await expect(callApi(read)).resolves.toEqual({ oidc: false, passkey: true, registration: true });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe("/api/auth-options");
    expect(init?.credentials).toBe("same-origin");
    expect(new Headers(init?.headers).get("Accept-Language")).toBe("fr");
  });

  it("marks a JSON string body as JSON", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(callApi(authApi.signOut, { body: {} })).resolves.toBeUndefined();
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get("Content-Type")).toBe("application/json");
  });

  it("rejects with the parsed ApiError", async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { error: { code: "conflict", message: "Déjà là" } }));
    await expect(callApi(read)).rejects.toMatchObject({
      status: 409,
      code: "conflict",
      message: "Déjà là",
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("ends the session on a 401", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { error: { code: "unauthorized", message: "Connectez-vous" } }),
    );
    await expect(callApi(read)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("does not redirect on a 401 while already on the sign-in or sign-out page", async () => {
    for (const path of ["/login", "/signout"]) {
      window.history.replaceState(null, "", path);
      fetchMock.mockResolvedValue(jsonResponse(401, { error: { code: "unauthorized", message: "" } }));
      await expect(callApi(read)).rejects.toMatchObject({ status: 401 });
    }
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("leaves a 401 to a caller that handles it", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { error: { code: "unauthenticated", message: "" } }));
    await expect(callApi(read, { redirectOnUnauthorized: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("tells how long to wait after a 429", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: "too_many_requests", message: "Attendez" } }), {
        status: 429,
        headers: { "Content-Type": "application/json", "Retry-After": "42" },
      }),
    );
    await expect(callApi(read)).rejects.toMatchObject({ status: 429, retryAfterSeconds: 42 });
  });

  it("reports a failed connection as a network error", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(callApi(read)).rejects.toMatchObject({
      status: 0,
      code: "network_error",
      message: "Erreur",
    });
  });
});
