import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render.tsx";
import { EmailListInput } from "../EmailListInput.tsx";

function Emails({ initial = [""] }: { initial?: string[] }) {
  const [rows, setRows] = useState(initial);
  return (
    <>
      <EmailListInput values={rows} onChange={setRows} />
      <output data-testid="rows">{JSON.stringify(rows)}</output>
    </>
  );
}

const rows = () => JSON.parse(screen.getByTestId("rows").textContent ?? "[]") as string[];
const addButton = () => screen.queryByRole("button", { name: "Add an email" });

describe("MultiValueInput (through the email list)", () => {
  it("offers Add only under a last row that has a value, and moves the focus to the new row", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Emails />);
    expect(addButton()).toBeNull();
    await user.type(screen.getByRole("textbox", { name: "Email 1" }), "a@example.com");
    await user.click(addButton() as HTMLElement);
    expect(rows()).toEqual(["a@example.com", ""]);
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Email 2" }));
    // The new last row is empty: no Add until it has a value.
    expect(addButton()).toBeNull();
  });

  it("stops at 5 rows", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Emails initial={["a@x.io", "b@x.io", "c@x.io", "d@x.io"]} />);
    await user.click(addButton() as HTMLElement);
    await user.type(screen.getByRole("textbox", { name: "Email 5" }), "e@x.io");
    expect(addButton()).toBeNull();
    screen.getByText("You can add up to 5.");
  });

  it("removes a row when there are several, and clears the last one left", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Emails initial={["a@x.io", "b@x.io"]} />);
    await user.click(screen.getByRole("button", { name: "Remove Email 1" }));
    expect(rows()).toEqual(["b@x.io"]);
    await user.click(screen.getByRole("button", { name: "Remove Email 1" }));
    expect(rows()).toEqual([""]);
    expect(screen.getAllByRole("textbox")).toHaveLength(1);
  });
});
