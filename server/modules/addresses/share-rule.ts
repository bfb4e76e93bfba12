import type { ShareRule } from "../../file/share-rule.ts";

/** A scope covers the addresses its records, persons and institutions name, and no other. */
export const addressShareRule: ShareRule = {
  after: ["record", "person", "institution"],
  async covers(_ownerId, _scope, { named }) {
    return { rows: await named() };
  },
};
