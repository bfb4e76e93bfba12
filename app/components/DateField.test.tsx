import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test/render.tsx";
import { DateField } from "./DateField.tsx";
import { parseTypedDate } from "./DatePickerField.tsx";

function Birthday({ start }: { start: number | null }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <DateField label="Birthday" value={value} onChange={setValue} />
      <output>{value === null ? "none" : new Date(value).toISOString()}</output>
    </>
  );
}

describe("a date field", () => {
  it("reads what a person types in the app's format, in English or French, or ISO", () => {
    expect(parseTypedDate("24 Nov, 2026", "en")).toBe("2026-11-24");
    expect(parseTypedDate("24 nov. 2026", "fr")).toBe("2026-11-24");
    expect(parseTypedDate("24 novembre 2026", "fr")).toBe("2026-11-24");
    expect(parseTypedDate("24/11/2026", "fr")).toBe("2026-11-24");
    expect(parseTypedDate("2026-11-24", "fr")).toBe("2026-11-24");
    expect(parseTypedDate("31 Feb, 2026", "en")).toBeNull();
    expect(parseTypedDate("soon", "en")).toBeNull();
  });

  it("shows the date in the app's language, whatever the browser's, and keeps a typed one at UTC midnight", async () => {
    renderWithProviders(<Birthday start={Date.UTC(2015, 2, 1)} />, { language: "fr" });
    const input = (await screen.findByRole("textbox", { name: "Birthday" })) as HTMLInputElement;
    expect(input.value).toBe("1 mars 2015");
    await userEvent.clear(input);
    await userEvent.type(input, "24 nov. 2026");
    await userEvent.tab();
    await waitFor(() => expect(screen.getByText("2026-11-24T00:00:00.000Z")).toBeTruthy());
    expect(input.value).toBe("24 nov. 2026");
  });
});
