import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../../test/render.tsx";
import { GoBackButton } from "./GoBackButton.tsx";

const routes = [
  { path: "/login", element: <h1>Sign-in page</h1> },
  { path: "/dashboard/personal-network", element: <h1>Network page</h1> },
  { path: "/terms-of-use", element: <GoBackButton /> },
];

describe("GoBackButton", () => {
  it("goes back to the previous page of the visit", async () => {
    const { router } = renderRoutes(routes, { entries: ["/dashboard/personal-network", "/terms-of-use"] });
    await userEvent.click(screen.getByRole("button", { name: "Go Back" }));
    expect(router.state.location.pathname).toBe("/dashboard/personal-network");
    screen.getByRole("heading", { name: "Network page" });
  });

  it("goes to sign-in when the page was opened directly", async () => {
    const { router } = renderRoutes(routes, { entries: ["/terms-of-use"] });
    await userEvent.click(screen.getByRole("button", { name: "Go Back" }));
    expect(router.state.location.pathname).toBe("/login");
  });

  it("speaks French when the page does", () => {
    renderRoutes(routes, { entries: ["/terms-of-use"], language: "fr" });
    screen.getByRole("button", { name: "Retour" });
  });
});
