import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render.tsx";
import { emptyPhoneRow, PhoneInput } from "./PhoneInput.tsx";
import { phoneLibrary } from "./phoneLibrary.ts";

describe("a phone input", () => {
  it("loads the phone library on first use: not while empty and untouched, once the reader reaches for it", async () => {
    const load = vi.spyOn(phoneLibrary, "load");
    renderWithProviders(<PhoneInput value={emptyPhoneRow()} onChange={() => {}} label="Phone 1" />);
    const number = screen.getByRole("textbox", { name: /Phone 1/ });
    // Rendered with its effects run: an effect that wanted the library has asked for it by now.
    expect(load).not.toHaveBeenCalled();
    expect(phoneLibrary.loaded()).toBeNull();

    fireEvent.focus(number);
    await waitFor(() => expect(phoneLibrary.loaded()).not.toBeNull());
  });
});
