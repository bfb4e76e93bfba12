import { sharesWholeNetwork } from "../../../domain/schemas/share.ts";
import type { KindRoutes } from "../../file/kind.ts";
import type { ScopeReadContext, ShareRule } from "../../file/share-rule.ts";
import { personReader } from "./reader.ts";

/**
 * A scope covers every person when it shares the personal network, else the persons its records
 * name; with them, their addresses (home, mailing, business) and their company.
 */
export function personShareRule({ db, dataKeys }: ScopeReadContext): ShareRule {
  const persons = personReader(db, dataKeys);
  return {
    after: ["record"],
    async covers(ownerId, scope, { named }) {
      const whole = sharesWholeNetwork(scope);
      const links = await persons.linksOf(ownerId, whole ? "all" : [...(await named())]);
      const addresses = new Set(links.flatMap((person) => person.addressIds));
      const institutions = new Set(links.flatMap((person) => person.companyId ?? []));
      return {
        rows: whole ? "all" : new Set(links.map((person) => person.id)),
        names: new Map([
          ["address", addresses],
          ["institution", institutions],
        ]),
      };
    },
  };
}

/** The persons' routes open with the whole personal network only: a record names its persons itself. */
export const personRouteRule: KindRoutes = {
  areas: ["pn"],
  opens: (scope) => sharesWholeNetwork(scope),
};
