import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Versioned } from "../../../domain/api/versions.ts";
import type { Address, AddressInput, AddressUsage } from "../../../domain/schemas/address.ts";
import type { Actor } from "../../auth/access.ts";
import { withLastChange } from "../../auth/changed-by.ts";
import { actingUserOf } from "../../auth/ownership.ts";
import type { AddressTable, DB } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError } from "../../errors/app-error.ts";
import type { FileChanges } from "../../file/changes.ts";
import { firstVersion } from "../../file/first-version.ts";
import { editConflict, type Saved } from "../../http/versions.ts";
import { institutionAddressUse } from "../institutions/index.ts";
import { personAddressUse } from "../persons/index.ts";
import type { AddressUse } from "./address-use.ts";
import { authorizeAddressDelete, refuseTakenNickname } from "./policy.ts";
import { toAddress, toColumns } from "./presenter.ts";
import { addressRepository } from "./repository.ts";

/** The rows that name addresses, in the order a refusal lists their usages. */
const ADDRESS_USERS: readonly AddressUse[] = [personAddressUse, institutionAddressUse];

/** Every save and delete is published on `changes`, in its transaction (the search index follows them). */
export function createAddressService(db: Kysely<DB>, changes: FileChanges) {
  const addresses = addressRepository(db);
  /** One address as its owner's routes answer it: with when it was saved last, and by whom. */
  const answered = async (row: AddressTable, signedIn: Actor): Promise<Address> =>
    (await withLastChange(db, [row], toAddress, signedIn))[0] as Address;

  async function usages(ownerId: string, addressId: string): Promise<AddressUsage[]> {
    const found = await Promise.all(ADDRESS_USERS.map((user) => user.usages(db, ownerId, addressId)));
    return found.flat();
  }

  return {
    /**
     * The address book, each address with the version its form's save names, and when it was
     * saved last and by whom (the picker's view shows it).
     */
    async list(actor: Actor): Promise<Versioned<Address>[]> {
      const rows = await addresses.list(actor.userId);
      return withLastChange(db, rows, (row) => ({ ...toAddress(row), version: row.version }), actor);
    },

    /**
     * POST /api/address/: creates, or updates the caller's address named by id; answers the
     * address as saved and its version, without reading it again (another account's id changes
     * nothing: 404). With `expectedVersion`, an update writes only while it is still that version:
     * otherwise 409 edit_conflict with the stored address and the one sent.
     */
    async save(
      actor: Actor,
      input: AddressInput,
      expectedVersion: number | null = null,
    ): Promise<Saved<Address>> {
      const ownerId = actor.userId;
      const columns = toColumns(input);
      if ((await addresses.findByNameKey(ownerId, columns.name_key, input.id)) !== undefined) {
        refuseTakenNickname();
      }
      const now = Date.now();
      const updatedBy = actingUserOf(actor);
      try {
        if (input.id === null) {
          const row = {
            ...columns,
            id: randomUUID(),
            ...firstVersion(ownerId, updatedBy, now),
          };
          await changes.transaction(db, async (trx) => {
            await addressRepository(trx).insert(row);
            await changes.publish(trx, { kind: "address", operation: "saved", ownerId, id: row.id });
          });
          return { saved: await answered(row, actor), version: row.version };
        }
        const { id } = input;
        const updated = await changes.transaction(db, async (trx) => {
          const changed = { ...columns, updated_at: now, updated_by: updatedBy };
          const row = await addressRepository(trx).update(ownerId, id, changed, expectedVersion);
          if (row !== undefined) {
            await changes.publish(trx, { kind: "address", operation: "saved", ownerId, id: row.id });
          }
          return row;
        });
        if (updated !== undefined) return { saved: await answered(updated, actor), version: updated.version };
        // Nothing written: the address is gone (404) or another save came first (409).
        const stored = await addresses.find(ownerId, id);
        if (stored === undefined) throw new AppError("not_found");
        throw editConflict({ saved: await answered(stored, actor), version: stored.version }, input);
      } catch (error) {
        // Saved meanwhile by another request: the unique index has the last word.
        if (isUniqueViolation(error)) refuseTakenNickname();
        throw error;
      }
    },

    /**
     * DELETE /api/address/{id}: refused with the address's usages until `confirm`; then the
     * references are cleared and the address deleted in one transaction.
     */
    async remove(actor: Actor, id: string, confirm: boolean): Promise<void> {
      const ownerId = actor.userId;
      if ((await addresses.find(ownerId, id)) === undefined) throw new AppError("not_found");
      authorizeAddressDelete(actor, await usages(ownerId, id), confirm);
      await changes.transaction(db, async (trx) => {
        for (const user of ADDRESS_USERS) await user.clear(trx, ownerId, id);
        await addressRepository(trx).delete(ownerId, id);
        await changes.publish(trx, { kind: "address", operation: "deleted", ownerId, id });
      });
    },
  };
}
