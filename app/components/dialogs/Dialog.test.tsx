import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render.tsx";
import { Dialog } from "./Dialog.tsx";

function Page() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Delete
      </button>
      <Dialog opened={opened} onClose={() => setOpened(false)} title="Delete the Record">
        Sure?
      </Dialog>
    </>
  );
}

// The test provider renders Mantine's portals in place: the modal's root stands for its portal.
const modalRoot = () => document.querySelector(".mantine-Modal-root");

describe("a dialog", () => {
  it("mounts nothing while it has never been opened: no modal in the page", () => {
    renderWithProviders(<Page />);
    expect(modalRoot()).toBeNull();
  });

  it("opens as a dialog named by its title, and stays mounted once closed", async () => {
    renderWithProviders(<Page />);
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    await screen.findByRole("dialog", { name: "Delete the Record" });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(modalRoot()).not.toBeNull();
  });
});
