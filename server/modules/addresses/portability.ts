import { NICKNAME_MESSAGE, nicknameKey } from "../../../domain/schemas/address.ts";
import { addressEntrySchema } from "../../../domain/schemas/file-export.ts";
import { kindPortability, repeatsOf } from "../../file/kind-portability.ts";
import { addressReader } from "./reader.ts";
import { addressRows, insertAddressRows } from "./restore.ts";

/** Addresses in the export archive (`addresses`, by nickname) and restored by an import. */
export const addressPortability = kindPortability({
  part: "addresses",
  read: (services, ownerId) => addressReader(services.db).listAll(ownerId),
  subject: (address) => ({ kind: "address", id: address.id }),
  entry: addressEntrySchema,
  // Nicknames are unique per owner: an archive repeating one is refused before anything is written.
  check: (addresses) =>
    Object.fromEntries(
      repeatsOf(addresses, (address) => nicknameKey(address.name)).map((index) => [
        `${index}.name`,
        NICKNAME_MESSAGE,
      ]),
    ),
  holds: async (services, ownerId) => (await addressReader(services.db).listAll(ownerId)).length > 0,
  async prepare(context, addresses) {
    const rows = addressRows(
      context.ownerId,
      addresses.map((address) => ({ ...address, id: context.newId(address.id) })),
    );
    return { insert: (trx) => insertAddressRows(trx, rows) };
  },
});
