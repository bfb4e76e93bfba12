import { describe, expect, it } from "vitest";
import { hasFullAccess } from "../../domain/roles.ts";
import {
  authPageLink,
  homeRouteFor,
  loginPathFor,
  signedInDestination,
  withReturnPath,
} from "./homeRoute.ts";

describe("homeRouteFor", () => {
  it("sends a visitor who is not signed in to sign-in", () => {
    expect(homeRouteFor(null)).toBe("/login");
  });

  it("sends a subscriber, a b2b user, or one with both roles to the home", () => {
    expect(homeRouteFor(["subscriber"])).toBe("/dashboard");
    expect(homeRouteFor(["b2b"])).toBe("/dashboard");
    expect(homeRouteFor(["b2b", "subscriber"])).toBe("/dashboard");
  });

  it("sends a signed-in user with neither role to the subscription page", () => {
    expect(homeRouteFor([])).toBe("/dashboard/manage-account/my-subscription");
    expect(homeRouteFor(["nominee", "admin"])).toBe("/dashboard/manage-account/my-subscription");
  });
});

describe("after sign-in", () => {
  it("opens the home of a subscriber or b2b user, and the subscription page otherwise", () => {
    expect(signedInDestination(["subscriber"])).toBe("/dashboard");
    expect(signedInDestination(["b2b"])).toBe("/dashboard");
    expect(signedInDestination(["admin"])).toBe("/dashboard/manage-account/my-subscription");
  });

  it("reopens the dashboard page asked for before signing in, and never an address elsewhere", () => {
    const shared = "/dashboard/shared-data/shared-with-me";
    expect(loginPathFor(shared)).toBe("/login?next=%2Fdashboard%2Fshared-data%2Fshared-with-me");
    expect(signedInDestination(["subscriber"], shared)).toBe(shared);
    expect(signedInDestination([], `${shared}?tab=1`)).toBe(`${shared}?tab=1`);
    for (const elsewhere of [
      "//evil.example/dashboard",
      "https://evil.example",
      "/login",
      "/dashboard/../x",
    ]) {
      expect(signedInDestination(["subscriber"], elsewhere)).toBe("/dashboard");
    }
    expect(loginPathFor("//evil.example")).toBe("/login");
  });

  it("returns to an invitation's activation link through sign-in and registration", () => {
    const activation = "/b2b/activate?code=ABCDE-FGHIJ-KLMNO-PQRST";
    expect(signedInDestination([], activation)).toBe(activation);
    expect(withReturnPath("/register", activation)).toBe(
      "/register?next=%2Fb2b%2Factivate%3Fcode%3DABCDE-FGHIJ-KLMNO-PQRST",
    );
    expect(withReturnPath("/register", "https://evil.example/b2b")).toBe("/register");
  });

  it("keeps the return page and a well-formed invitation token between sign-in and register, nothing else", () => {
    const token = "a".repeat(64);
    const opened = new URLSearchParams({ email: "x@example.com", next: "/b2b", invitation: token });
    expect(authPageLink("/login", opened)).toBe(`/login?next=%2Fb2b&invitation=${token}`);
    const forged = new URLSearchParams({ next: "//evil.example", invitation: "<script>" });
    expect(authPageLink("/register", forged)).toBe("/register");
  });

  it("gives full access to subscribers and b2b users only", () => {
    expect(hasFullAccess(["subscriber"])).toBe(true);
    expect(hasFullAccess(["b2b"])).toBe(true);
    expect(hasFullAccess(["admin"])).toBe(false);
    expect(hasFullAccess([])).toBe(false);
  });
});
