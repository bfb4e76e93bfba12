import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../test/render.tsx";
import { BackArrow } from "./BackArrow.tsx";

const routes = [
  { path: "/home", element: <h1>Home</h1> },
  { path: "/list", element: <BackArrow to="/home" /> },
  { path: "/list/view/:id", element: <BackArrow to="/list" /> },
  { path: "/other", element: <h1>Other</h1> },
];

describe("the back arrow", () => {
  it("goes to the given path from a record page", async () => {
    const { router } = renderRoutes(routes, { entries: ["/other", "/list/view/1"] });
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(router.state.location.pathname).toBe("/list");
  });

  it("goes back in history on a list page", async () => {
    const { router } = renderRoutes(routes, { entries: ["/other", "/list"] });
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(router.state.location.pathname).toBe("/other");
  });

  it("goes to the given path when a list was opened directly", async () => {
    const { router } = renderRoutes(routes, { entries: ["/list"] });
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(router.state.location.pathname).toBe("/home");
  });
});
