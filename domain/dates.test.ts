import { describe, expect, it } from "vitest";
import { formatCommentTime, formatDate, formatDateTime, formatDay } from "./dates.ts";

const NOV_24 = Date.UTC(2026, 10, 24);

describe("dates", () => {
  it("have one format per language, day first in both", () => {
    expect(formatDate(Date.UTC(2024, 2, 15), "en")).toBe("15 Mar 2024");
    expect(formatDate(Date.UTC(2024, 2, 15), "fr")).toBe("15 mars 2024");
    expect(formatDate(NOV_24, "en")).toBe("24 Nov 2026");
    expect(formatDate(NOV_24, "fr")).toBe("24 nov. 2026");
    expect(formatDate(Date.UTC(2026, 2, 1), "fr")).toBe("1 mars 2026");
    expect(formatDate(null, "en")).toBeNull();
    expect(formatCommentTime(1_767_225_600, "fr")).toBe("1 janv. 2026 00:00:00 UTC");
  });

  it("write moments in the same format, with the time, whatever the browser's own language", () => {
    const noon = new Date(2026, 10, 24, 12, 5).getTime();
    expect(formatDateTime(noon, "en")).toBe("24 Nov 2026 12:05");
    expect(formatDateTime(new Date(noon).toISOString(), "fr")).toBe("24 nov. 2026 12:05");
    expect(formatDay(noon, "fr-CA")).toBe("24 nov. 2026");
  });
});
