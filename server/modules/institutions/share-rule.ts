import type { ScopeReadContext, ShareRule } from "../../file/share-rule.ts";
import { institutionReader } from "./reader.ts";

/** A scope covers the institutions its records and persons name, and with them their addresses. */
export function institutionShareRule({ db }: ScopeReadContext): ShareRule {
  const institutions = institutionReader(db);
  return {
    after: ["record", "person"],
    async covers(ownerId, _scope, { named }) {
      const found = await institutions.addressesOf(ownerId, [...(await named())]);
      return {
        rows: new Set(found.map((institution) => institution.id)),
        names: new Map([["address", new Set(found.flatMap((institution) => institution.addressId ?? []))]]),
      };
    },
  };
}
