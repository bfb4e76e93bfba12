import { describe, expect, it } from "vitest";
import { homeRouteFor } from "./homeRoute.ts";

describe("homeRouteFor", () => {
  it("sends a visitor who is not signed in to sign-in", () => {
    expect(homeRouteFor(null)).toBe("/login");
  });

  it("sends a subscriber, a b2b user, or one with both roles to the personal network", () => {
    expect(homeRouteFor(["subscriber"])).toBe("/dashboard/personal-network");
    expect(homeRouteFor(["b2b"])).toBe("/dashboard/personal-network");
    expect(homeRouteFor(["b2b", "subscriber"])).toBe("/dashboard/personal-network");
  });

  it("sends a signed-in user with neither role to the subscription page", () => {
    expect(homeRouteFor([])).toBe("/dashboard/manage-account/my-subscription");
    expect(homeRouteFor(["nominee", "admin"])).toBe("/dashboard/manage-account/my-subscription");
  });
});
