import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { recordsApi } from "../../domain/api/records.ts";
import type { RecordView } from "../../domain/schemas/record.ts";
import { callApi, configureApiClient, operationUrl } from "./client.ts";

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

describe("callApi", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    configureApiClient({ language: () => "fr", onUnauthorized, fallbackMessage: () => "Erreur" });
    window.history.replaceState(null, "", "/dashboard/assets");
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    onUnauthorized.mockReset();
  });

  it("fills the operation's path and query, and answers its declared type", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { id: "r/1", body: {} }));
    const answer = callApi(recordsApi.read, {
      params: { module: "passwordvault", category: "password", id: "r/1" },
      query: { reveal: "password", purpose: "copy" },
    });
    expectTypeOf(answer).resolves.toEqualTypeOf<RecordView>();
    await expect(answer).resolves.toEqual({ id: "r/1", body: {} });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe("/api/records/passwordvault/password/r%2F1?reveal=password&purpose=copy");
    expect(init?.method).toBe("GET");
    expect(init?.credentials).toBe("same-origin");
    expect(new Headers(init?.headers).get("Accept-Language")).toBe("fr");
  });

  it("sends the body as JSON with the operation's method", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, "r2"));
    await expect(
      callApi(recordsApi.create, { params: { module: "assets", category: "asset" }, body: { name: "Car" } }),
    ).resolves.toBe("r2");
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe("/api/records/assets/asset");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"name":"Car"}');
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
  });

  it("answers undefined for a 204, and rejects with the server's error, ending the session on a 401", async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const params = { module: "assets", category: "asset", id: "r1" } as const;
    await expect(callApi(recordsApi.remove, { params })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("DELETE");
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { error: { code: "unauthenticated", message: "Non" } }),
    );
    await expect(callApi(recordsApi.count, { params: { module: "assets" } })).rejects.toMatchObject({
      status: 401,
      code: "unauthenticated",
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("refuses at compile time a call without the operation's parameters", () => {
    // @ts-expect-error: the module and category are the path's.
    expectTypeOf(callApi).toBeCallableWith(recordsApi.list, {});
    expect(operationUrl(recordsApi.csv, { params: { module: "assets", category: "asset" } })).toBe(
      "/api/records/assets/asset/csv",
    );
  });
});
