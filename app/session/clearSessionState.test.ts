import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { clearSessionState, SESSION_STORAGE_PREFIX } from "./clearSessionState.ts";

describe("clearSessionState", () => {
  it("forgets session storage, stored auth state and cached data, and keeps device preferences", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(["account"], { id: "1" });
    sessionStorage.setItem("anything", "x");
    localStorage.setItem(`${SESSION_STORAGE_PREFIX}expiresAt`, "123");
    localStorage.setItem("kinfile.theme", "dark");

    clearSessionState(queryClient);

    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem(`${SESSION_STORAGE_PREFIX}expiresAt`)).toBeNull();
    expect(localStorage.getItem("kinfile.theme")).toBe("dark");
    expect(queryClient.getQueryData(["account"])).toBeUndefined();
  });
});
