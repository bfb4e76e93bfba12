/**
 * The rows a record may name (persons, an address, a company, other records), made once each
 * through the API, as the server's records tests make them; long French names, to test fitting.
 */
import type { APIRequestContext } from "playwright-core";
import { RELATIONSHIP_TYPES_BY_GROUP } from "../../domain/catalog/relationships.ts";
import { categoryDef, isCategoryKey } from "../../domain/sections/index.ts";
import { type SampleRefs, sampleRecord } from "../../server/testing/record-samples.ts";
import { createdId } from "./accounts.ts";

/** Sample references for a signed-in `request`; `record([category])` makes a complete record of it. */
export function apiRefs(
  request: APIRequestContext,
  baseURL: string,
): SampleRefs & { made: Map<string, Promise<string>> } {
  const made = new Map<string, Promise<string>>();
  const once = (key: string, create: () => Promise<string>) => {
    if (!made.has(key)) made.set(key, create());
    return made.get(key) as Promise<string>;
  };
  const created = (url: string, data: object) => createdId(request, baseURL, url, data);
  const refs: SampleRefs & { made: Map<string, Promise<string>> } = {
    made,
    person(groups) {
      const group = groups === undefined || groups.includes("me") ? "me" : groups[0];
      if (group === undefined) throw new Error("a person field with no group");
      if (group === "me") {
        return once("person:me", async () => (await (await request.get("/api/pn/person")).json()).id);
      }
      return once(`person:${group}`, () =>
        created("/api/pn/person", {
          group,
          type: RELATIONSHIP_TYPES_BY_GROUP[group][0] ?? null,
          mainDetails: { firstName: `Alexandrine-Marguerite ${group}`, lastName: "Villeneuve-Bélanger" },
          contactDetails: { emails: ["alexandrine.villeneuve-belanger@example.com"] },
        }),
      );
    },
    address: () =>
      once("address", () => created("/api/address/", { name: "Résidence principale", country: "CA" })),
    institution: () =>
      once("institution", () => created("/api/institutions/", { name: "Caisse populaire Desjardins" })),
    record(categories) {
      const key = categories.find(isCategoryKey);
      if (key === undefined) throw new Error(`no category among ${categories.join(", ")}`);
      const target = categoryDef(key);
      return once(`record:${key}`, async () =>
        created(`/api/records/${target.module}/${key}`, await sampleRecord(target, refs, { complete: true })),
      );
    },
  };
  return refs;
}
