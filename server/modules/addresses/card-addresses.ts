import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { LIMITS } from "../../../domain/limits.ts";
import { type Address, addressInputSchema, nicknameKey } from "../../../domain/schemas/address.ts";
import type { CardAddress } from "../../../domain/schemas/vcard.ts";
import type { AddressTable, DB } from "../../db/schema.ts";
import type { FileChanges } from "../../file/changes.ts";
import { addressReader } from "./reader.ts";
import { addressRows, insertAddressRows } from "./restore.ts";

/** An address-book address as a vCard import's card carries it. */
export function cardAddressFrom(address: Address | undefined): CardAddress {
  if (address === undefined) return null;
  const { addressLine1, addressLine2, city, state, province, county, country, zip } = address;
  return { addressLine1, addressLine2, city, state, province, county, country, zip };
}

/**
 * The addresses module's public face for vCard imports (persons and institutions): the addresses
 * cards carry, made into address-book rows, inserted in the import's transaction and published as
 * saved there (the search index follows), as a save is.
 */
export function cardAddresses(db: Kysely<DB>, changes: FileChanges) {
  return {
    /**
     * The rows for these cards' addresses, each nicknamed after its record ("Zoé O'Brien", then
     * "Zoé O'Brien (2)" when taken) and checked with the address book's rules; the id each gets,
     * or null for none (no address, or one that fails those rules, left out rather than refuse the
     * card). Saved by `changedBy`, the account importing in `ownerId`'s file.
     */
    async plan(
      { ownerId, changedBy }: { ownerId: string; changedBy: string },
      wanted: readonly { name: string; address: CardAddress }[],
    ): Promise<{ ids: (string | null)[]; rows: AddressTable[] }> {
      const book = await addressReader(db).listAll(ownerId);
      const taken = new Set(book.map((address) => nicknameKey(address.name)));
      const nickname = (name: string) => {
        const base = Array.from(name)
          .slice(0, LIMITS.textMax - 6)
          .join("");
        let candidate = base;
        for (let count = 2; taken.has(nicknameKey(candidate)); count += 1) candidate = `${base} (${count})`;
        taken.add(nicknameKey(candidate));
        return candidate;
      };
      const now = Date.now();
      const rows: AddressTable[] = [];
      const ids = wanted.map(({ name, address }) => {
        if (address === null) return null;
        const checked = addressInputSchema.safeParse({ ...address, name: nickname(name) });
        if (!checked.success) return null;
        const id = randomUUID();
        rows.push(
          ...addressRows(ownerId, [{ ...checked.data, id, createTime: now, updateTime: now }], changedBy),
        );
        return id;
      });
      return { ids, rows };
    },

    async insert(trx: Kysely<DB>, rows: readonly AddressTable[]): Promise<void> {
      await insertAddressRows(trx, rows);
      for (const row of rows) {
        await changes.publish(trx, {
          kind: "address",
          operation: "saved",
          ownerId: row.owner_id,
          id: row.id,
        });
      }
    },
  };
}
