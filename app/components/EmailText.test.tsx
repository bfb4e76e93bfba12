import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmailText } from "./EmailText.tsx";

describe("an email address in a tight column", () => {
  it("may wrap only before its @ and its dots, and reads whole", () => {
    const { container } = render(<EmailText email="ada.lovelace@example.com" />);
    expect(container.textContent).toBe("ada.lovelace@example.com");
    expect(container.innerHTML.split("<wbr>").map((part) => part.replace(/<[^>]+>/g, ""))).toEqual([
      "ada",
      ".lovelace",
      "@example",
      ".com",
    ]);
  });
});
