import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render.tsx";
import { emptyPhoneRow, PhoneInput } from "./PhoneInput.tsx";
import { phoneLibrary } from "./phoneLibrary.ts";

describe("a phone input", () => {
  it("loads the phone library on first use: not while empty and untouched, once the reader reaches for it", async () => {
    renderWithProviders(<PhoneInput value={emptyPhoneRow()} onChange={() => {}} label="Phone 1" />);
    const number = screen.getByRole("textbox", { name: /Phone 1/ });
    await new Promise((done) => setTimeout(done, 50));
    expect(phoneLibrary.loaded()).toBeNull();

    fireEvent.focus(number);
    await waitFor(() => expect(phoneLibrary.loaded()).not.toBeNull());
  });
});
