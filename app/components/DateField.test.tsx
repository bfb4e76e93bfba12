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
  it("reads what a person types in the app's format, in English or French, day first in numbers, or ISO", () => {
    expect(parseTypedDate("15 Mar 2024", "en")).toBe("2024-03-15");
    expect(parseTypedDate("15 March 2024", "en")).toBe("2024-03-15");
    expect(parseTypedDate("15 mars 2024", "fr")).toBe("2024-03-15");
    expect(parseTypedDate("24 nov. 2026", "fr")).toBe("2026-11-24");
    expect(parseTypedDate("24 novembre 2026", "fr")).toBe("2026-11-24");
    for (const language of ["en", "fr"] as const) {
      expect(parseTypedDate("15/03/2024", language)).toBe("2024-03-15");
      expect(parseTypedDate("5/3/2024", language)).toBe("2024-03-05");
      expect(parseTypedDate("2024-03-15", language)).toBe("2024-03-15");
    }
    expect(parseTypedDate("31 Feb 2026", "en")).toBeNull();
    expect(parseTypedDate("03/15/2024", "en")).toBeNull();
    expect(parseTypedDate("soon", "en")).toBeNull();
  });

  it("names the format it expects, in English and French", async () => {
    renderWithProviders(<Birthday start={null} />);
    expect((await screen.findByRole("textbox", { name: "Birthday" })).getAttribute("placeholder")).toBe(
      "DD/MM/YYYY",
    );
  });

  it("takes a date typed as 15/03/2024 and shows it as 15 Mar 2024", async () => {
    renderWithProviders(<Birthday start={null} />);
    const input = (await screen.findByRole("textbox", { name: "Birthday" })) as HTMLInputElement;
    await userEvent.type(input, "15/03/2024");
    await userEvent.tab();
    await waitFor(() => screen.getByText("2024-03-15T00:00:00.000Z"));
    expect(input.value).toBe("15 Mar 2024");
  });

  it("shows the date in the app's language, whatever the browser's, and keeps a typed one at UTC midnight", async () => {
    renderWithProviders(<Birthday start={Date.UTC(2015, 2, 1)} />, { language: "fr" });
    const input = (await screen.findByRole("textbox", { name: "Birthday" })) as HTMLInputElement;
    expect(input.value).toBe("1 mars 2015");
    expect(input.getAttribute("placeholder")).toBe("JJ/MM/AAAA");
    await userEvent.clear(input);
    await userEvent.type(input, "24 nov. 2026");
    await userEvent.tab();
    await waitFor(() => screen.getByText("2026-11-24T00:00:00.000Z"));
    expect(input.value).toBe("24 nov. 2026");
  });
});
