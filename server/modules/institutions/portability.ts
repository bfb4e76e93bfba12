import { institutionEntrySchema } from "../../../domain/schemas/file-export.ts";
import { kindPortability } from "../../file/kind-portability.ts";
import { institutionReader } from "./reader.ts";
import { insertInstitutionRows, institutionRows } from "./restore.ts";

/** Institutions in the export archive (`institutions`) and restored by an import. */
export const institutionPortability = kindPortability({
  part: "institutions",
  read: (services, ownerId) => institutionReader(services.db).listAll(ownerId),
  subject: (institution) => ({ kind: "institution", id: institution.id }),
  entry: institutionEntrySchema,
  holds: async (services, ownerId) => (await institutionReader(services.db).listAll(ownerId)).length > 0,
  after: ["address"],
  async prepare(context, institutions) {
    const rows = institutionRows(
      context.ownerId,
      institutions.map((institution) => ({
        ...institution,
        id: context.newId(institution.id),
        address: context.idOf("address", institution.address),
      })),
    );
    return { insert: (trx) => insertInstitutionRows(trx, rows) };
  },
});
