import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../test/render.tsx";
import { stubApi, testAccount } from "../../test/stubApi.ts";
import type { ContactFormProps } from "./contact-form/ContactForm.tsx";
import { listItem, NETWORK_TEST_ROUTES } from "./testPersons.ts";

// The form itself is tested beside it; here only what the page does with its answers matters.
vi.mock("./contact-form/ContactForm.tsx", () => ({
  ContactForm: (props: ContactFormProps) => (
    <div>
      <p>
        Form for {props.personId ?? "a new person"} in {props.group ?? "no group"}
        {props.familyTree ? " (family tree)" : ""}
      </p>
      <button type="button" onClick={() => props.onSaved(props.personId ?? "new-id")}>
        Save
      </button>
      <button type="button" onClick={props.onCancel}>
        Cancel
      </button>
    </div>
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const CHILD = "/dashboard/personal-network/child";
const byron = listItem("child", "Byron", { type: "son", id: "byron" });

function visit(path: string) {
  stubApi({
    "GET /api/account/account": { body: testAccount() },
    "GET /api/pn/person/child": { body: [byron] },
    "GET /api/pn/person/relative": { body: [] },
  });
  return renderRoutes(NETWORK_TEST_ROUTES, { entries: [CHILD, path] });
}

describe("the add and edit pages", () => {
  it("adds in the section's group, then shows the new record's view", async () => {
    const { router } = visit(`${CHILD}/add`);
    await screen.findByRole("heading", { level: 1, name: "Add: Children" });
    screen.getByText("Form for a new person in child");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${CHILD}/view/new-id`));
  });

  it("edits, then shows the view path", async () => {
    const { router } = visit(`${CHILD}/edit/byron`);
    await screen.findByRole("heading", { level: 1, name: "Edit Byron Lovelace" });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${CHILD}/view/byron`));
  });

  it("returns to the list when adding is cancelled", async () => {
    const { router } = visit(`${CHILD}/add`);
    await userEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(CHILD));
  });

  it("edits a family-tree person in family-tree mode, in their own group", async () => {
    stubApi({
      "GET /api/account/account": { body: testAccount() },
      "GET /api/pn/person": { body: null },
      "GET /api/pn/person/partner": { body: [] },
      "GET /api/pn/person/child": { body: [byron] },
      "GET /api/pn/person/dependent": { body: [] },
      "GET /api/pn/person/relative": { body: [] },
    });
    const tree = "/dashboard/personal-network/immediate-family-tree";
    const { router } = renderRoutes(NETWORK_TEST_ROUTES, { entries: [tree, `${tree}/edit/byron`] });
    await screen.findByText("Form for byron in child (family tree)");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${tree}/view/byron`));
  });
});
