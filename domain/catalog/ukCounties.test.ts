import { describe, expect, it } from "vitest";
import { isUkCounty, UK_COUNTY_GROUPS, ukCountyGroupOf } from "./ukCounties.ts";

// Spec section 5: "For the United Kingdom a select of counties grouped as England, Northern
// Ireland, Scotland, Unitary Authorities of Wales, UK Offshore Dependencies."
describe("UK counties", () => {
  it("come in the spec's five groups, in its order", () => {
    expect(UK_COUNTY_GROUPS.map((group) => group.group)).toEqual([
      "england",
      "northernIreland",
      "scotland",
      "wales",
      "offshore",
    ]);
    expect(UK_COUNTY_GROUPS.map((group) => group.labelKey)).toEqual([
      "ukCountyGroup.england",
      "ukCountyGroup.northernIreland",
      "ukCountyGroup.scotland",
      "ukCountyGroup.wales",
      "ukCountyGroup.offshore",
    ]);
  });

  it("list complete sets: 48 ceremonial counties, 6 NI counties, 32 council areas, 22 Welsh authorities", () => {
    const sizes = Object.fromEntries(UK_COUNTY_GROUPS.map((group) => [group.group, group.counties.length]));
    expect(sizes).toEqual({ england: 48, northernIreland: 6, scotland: 32, wales: 22, offshore: 5 });
  });

  it("include the Crown Dependencies among the offshore ones", () => {
    const offshore = UK_COUNTY_GROUPS.find((group) => group.group === "offshore")?.counties;
    expect(offshore).toEqual(expect.arrayContaining(["Isle of Man", "Jersey", "Guernsey"]));
  });

  it("are sorted within each group and appear in one group only", () => {
    const seen = new Set<string>();
    for (const { counties } of UK_COUNTY_GROUPS) {
      expect([...counties].sort((a, b) => a.localeCompare(b, "en"))).toEqual(counties);
      for (const county of counties) {
        expect(seen.has(county), county).toBe(false);
        seen.add(county);
      }
    }
  });

  it("recognise stored names exactly", () => {
    expect(isUkCounty("Greater London")).toBe(true);
    expect(isUkCounty("County Antrim")).toBe(true);
    expect(isUkCounty("greater london")).toBe(false);
    expect(isUkCounty("Ontario")).toBe(false);
    expect(isUkCounty(undefined)).toBe(false);
    expect(ukCountyGroupOf("Cardiff")).toBe("wales");
    expect(ukCountyGroupOf("Fife")).toBe("scotland");
    expect(ukCountyGroupOf("Atlantis")).toBeUndefined();
  });
});
