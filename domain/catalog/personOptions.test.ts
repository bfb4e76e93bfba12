import { describe, expect, it } from "vitest";
import {
  GENDERS,
  genderLabelKey,
  isGender,
  isMaritalStatus,
  isOrigin,
  MARITAL_STATUSES,
  maritalStatusLabelKey,
  ORIGINS,
  originLabelKey,
  personOptionLabelKey,
} from "./personOptions.ts";

describe("person option lists", () => {
  it("are the catalog's keys in its order", () => {
    expect(GENDERS).toEqual(["female", "male", "x", "undisclosed"]);
    expect(MARITAL_STATUSES).toEqual([
      "single",
      "married",
      "commonLaw",
      "civilUnion",
      "separated",
      "divorced",
      "widowed",
    ]);
    expect(ORIGINS).toEqual(["biological", "adopted", "step", "foster", "guardianship", "other"]);
  });

  it("guard their keys", () => {
    expect(isGender("x")).toBe(true);
    expect(isGender("X")).toBe(false);
    expect(isMaritalStatus("commonLaw")).toBe(true);
    expect(isMaritalStatus("engaged")).toBe(false);
    expect(isOrigin("foster")).toBe(true);
    expect(isOrigin(1)).toBe(false);
  });

  it("have label keys in the catalog namespace", () => {
    expect(genderLabelKey("undisclosed")).toBe("gender.undisclosed");
    expect(maritalStatusLabelKey("widowed")).toBe("maritalStatus.widowed");
    expect(originLabelKey("step")).toBe("origin.step");
  });

  it("name a stored value by its label key, and nothing for a value not on the list", () => {
    expect(personOptionLabelKey("gender", "female")).toBe("gender.female");
    expect(personOptionLabelKey("maritalStatus", "civilUnion")).toBe("maritalStatus.civilUnion");
    expect(personOptionLabelKey("origin", "adopted")).toBe("origin.adopted");
    expect(personOptionLabelKey("gender", null)).toBeNull();
    expect(personOptionLabelKey("origin", "married")).toBeNull();
  });
});
