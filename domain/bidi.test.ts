import { describe, expect, it } from "vitest";
import { withoutBidiControls } from "./bidi.ts";
import { optionalText, requiredText } from "./schemas/fields.ts";

describe("bidi controls", () => {
  it("are stripped, while right-to-left text and its marks stay", () => {
    expect(withoutBidiControls("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(withoutBidiControls("\u2066a\u2067b\u2068c\u2069\u202Ad\u202Be\u202Cf\u202D\u061C")).toBe(
      "abcdef",
    );
    expect(withoutBidiControls("مرحبا \u200Fعالم\u200E")).toBe("مرحبا \u200Fعالم\u200E");
  });

  it("never reach a saved text field", () => {
    expect(optionalText().parse(" Will\u202Egpj.exe ")).toBe("Willgpj.exe");
    expect(requiredText("required").safeParse("\u202E").success).toBe(false);
  });
});
