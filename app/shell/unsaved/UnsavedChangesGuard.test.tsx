import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { Link, Outlet, useNavigate } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../test/render.tsx";
import { UnsavedChangesGuard } from "./UnsavedChangesGuard.tsx";
import { LEAVE_FORM_STATE, type SaveOutcome, useGuardedForm } from "./unsavedForm.ts";

type FormStub = { dirty: boolean; save: () => Promise<SaveOutcome> };

function FormPage({ form }: { form: FormStub }) {
  useGuardedForm({ isDirty: () => form.dirty, save: form.save });
  const navigate = useNavigate();
  return (
    <>
      <h1>Form</h1>
      <Link to="/elsewhere">Menu link</Link>
      <button type="button" onClick={() => navigate("/saved", { state: LEAVE_FORM_STATE })}>
        Saved on its own
      </button>
    </>
  );
}

function renderGuarded(form: FormStub) {
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <UnsavedChangesGuard />
          </>
        ),
        children: [
          { path: "/form", element: <FormPage form={form} /> },
          { path: "/elsewhere", element: <h1>Elsewhere</h1> },
          { path: "/saved", element: <h1>Saved page</h1> },
        ],
      },
    ],
    { entries: ["/form"] },
  );
}

const question = () => screen.findByRole("dialog", { name: "Save the Record" });

describe("the unsaved-changes guard", () => {
  it("lets a clean form go without asking", async () => {
    renderGuarded({ dirty: false, save: vi.fn() });
    await userEvent.click(screen.getByRole("link", { name: "Menu link" }));
    await screen.findByRole("heading", { name: "Elsewhere" });
  });

  it("asks before leaving a dirty form; No leaves without saving", async () => {
    const save = vi.fn<() => Promise<SaveOutcome>>();
    renderGuarded({ dirty: true, save });
    await userEvent.click(screen.getByRole("link", { name: "Menu link" }));
    const dialog = await question();
    expect(dialog.textContent).toContain("Do you want to save your changes?");
    await userEvent.click(screen.getByRole("button", { name: "No" }));
    await screen.findByRole("heading", { name: "Elsewhere" });
    expect(save).not.toHaveBeenCalled();
  });

  it("stays on the form when the dialog is closed", async () => {
    const { router } = renderGuarded({ dirty: true, save: vi.fn() });
    await userEvent.click(screen.getByRole("link", { name: "Menu link" }));
    await question();
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/form");
  });

  it("Yes saves, then leaves about a second later", async () => {
    const save = vi.fn(async (): Promise<SaveOutcome> => "saved");
    const { router } = renderGuarded({ dirty: true, save });
    await userEvent.click(screen.getByRole("link", { name: "Menu link" }));
    await question();
    const clickedAt = Date.now();
    await userEvent.click(screen.getByRole("button", { name: "Yes" }));
    expect(save).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe("/form");
    await screen.findByRole("heading", { name: "Elsewhere" }, { timeout: 3000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(900);
  });

  it("still takes the reader where they were going when the page moved on after saving", async () => {
    let navigateAway: (() => Promise<void>) | null = null;
    const save = vi.fn(async (): Promise<SaveOutcome> => {
      await navigateAway?.();
      return "saved";
    });
    const { router } = renderGuarded({ dirty: true, save });
    navigateAway = () => router.navigate("/saved", { state: LEAVE_FORM_STATE });
    await userEvent.click(screen.getByRole("link", { name: "Menu link" }));
    await question();
    await userEvent.click(screen.getByRole("button", { name: "Yes" }));
    await screen.findByRole("heading", { name: "Elsewhere" }, { timeout: 3000 });
  });

  it("turns into the missing-fields notice when the form is invalid; Okay returns to the form", async () => {
    const { router } = renderGuarded({ dirty: true, save: async () => "invalid" });
    await userEvent.click(screen.getByRole("link", { name: "Menu link" }));
    await question();
    await userEvent.click(screen.getByRole("button", { name: "Yes" }));
    const notice = await screen.findByRole("dialog", { name: "Notification" });
    expect(notice.textContent).toContain("Please fill all required fields to save your changes");
    await userEvent.click(screen.getByRole("button", { name: "Okay" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/form");
    screen.getByRole("heading", { name: "Form" });
  });

  it("covers going back in history too", async () => {
    const { router } = renderRoutes(
      [
        {
          element: (
            <>
              <Outlet />
              <UnsavedChangesGuard />
            </>
          ),
          children: [
            { path: "/list", element: <h1>List</h1> },
            { path: "/form", element: <FormPage form={{ dirty: true, save: vi.fn() }} /> },
          ],
        },
      ],
      { entries: ["/list", "/form"] },
    );
    await router.navigate(-1);
    await question();
    expect(router.state.location.pathname).toBe("/form");
  });

  it("lets a form that saved or cancelled on purpose leave", async () => {
    renderGuarded({ dirty: true, save: vi.fn() });
    await userEvent.click(screen.getByRole("button", { name: "Saved on its own" }));
    await screen.findByRole("heading", { name: "Saved page" });
  });

  it("asks the browser before the tab closes with unsaved changes", () => {
    renderGuarded({ dirty: true, save: vi.fn() });
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
