import * as library from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { tidyPhoneRow } from "./PhoneInput.tsx";

describe("a typed phone number", () => {
  it("keeps the chosen country when the number fits it: a Canadian 800 number stays Canadian", () => {
    expect(tidyPhoneRow({ code: "CA", number: "800 555 0199", type: "work" }, library)).toEqual({
      code: "CA",
      number: "(800) 555-0199",
      type: "work",
    });
    expect(tidyPhoneRow({ code: "CA", number: "+1 800 555 0199", type: "work" }, library).code).toBe("CA");
  });

  it("follows a number typed in full with another country's code", () => {
    const row = tidyPhoneRow({ code: "CA", number: "+44 20 7946 0958", type: "home" }, library);
    expect(row.code).toBe("GB");
    expect(row.number).toBe("+44 20 7946 0958");
  });

  it("takes the country a number says when none was chosen", () => {
    expect(tidyPhoneRow({ code: "", number: "+1 416 555 0123", type: "mobile" }, library).code).toBe("CA");
  });
});
