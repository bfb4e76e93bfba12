import { OWN_GROUP } from "../../../domain/catalog/relationships.ts";
import { personEntrySchema } from "../../../domain/schemas/file-export.ts";
import { kindPortability } from "../../file/kind-portability.ts";
import type { PhotoProcessor } from "./photo-processor.ts";
import { personReader } from "./reader.ts";
import { ownPersonId, personRestore } from "./restore.ts";

declare module "../../file/kind-portability.ts" {
  interface KindRestoreServices {
    /** Imported photos are re-encoded as saved ones are, on their own worker. */
    photos: PhotoProcessor;
  }
}

const PART = "persons";

/**
 * Persons in the export archive (`persons`: the owner's form of each, the photo as a data URL,
 * the social number only with secrets) and restored by an import, the archive's "me" onto the
 * account's own.
 */
export const personPortability = kindPortability({
  part: PART,
  async read(services, ownerId, { secrets }) {
    const persons = await personReader(services.db, services.dataKeys).listAll(ownerId, {
      revealSocialNumber: secrets,
    });
    return secrets
      ? persons
      : persons.map((person) => ({ ...person, mainDetails: { ...person.mainDetails, socialNumber: null } }));
  },
  subject: (person) => ({ kind: "person", id: person.id, group: person.group }),
  entry: personEntrySchema,
  check: (persons) =>
    Object.fromEntries(
      persons
        .flatMap((person, index) => (person.group === OWN_GROUP ? [index] : []))
        .slice(1)
        .map((index) => [`${index}.group`, "errors:network.me_exists"]),
    ),
  // The account's own "me", made at sign-up, is no collision: the archive's fills it in.
  async holds({ db, dataKeys }, ownerId) {
    const persons = await personReader(db, dataKeys).linksOf(ownerId, "all");
    return persons.length > ((await ownPersonId(db, ownerId)) === null ? 0 : 1);
  },
  async reuse({ db }, ownerId, persons) {
    const ownId = await ownPersonId(db, ownerId);
    const own = persons.find((person) => person.group === OWN_GROUP);
    return new Map(ownId === null || own === undefined ? [] : [[own.id, ownId]]);
  },
  after: ["address", "institution"],
  async prepare(context, persons) {
    const { ownerId, services } = context;
    const ownId = await ownPersonId(services.db, ownerId);
    const refs = (kind: string, ids: readonly string[]) => ids.flatMap((id) => context.idOf(kind, id) ?? []);
    const restore = personRestore(services);
    const prepared = await restore.prepare(
      ownerId,
      persons.map((person) => ({
        ...person,
        id: context.newId(person.id),
        homeAddress: context.idOf("address", person.homeAddress),
        mailingAddress: context.idOf("address", person.mailingAddress),
        businessAddress: context.idOf("address", person.businessAddress),
        companyName: context.idOf("institution", person.companyName),
        iceDetails: { emergencyContacts: refs("person", person.iceDetails.emergencyContacts) },
        kinDetails: { emergencyContacts: refs("person", person.kinDetails.emergencyContacts) },
      })),
      (index, field) => `${PART}.${index}.${field}`,
    );
    const ownRestored = ownId !== null && persons.some((person) => person.group === OWN_GROUP);
    return {
      insert: (trx) => restore.insert(trx, ownerId, prepared, ownId),
      // Every other row is new, built by the whole file's announcement; the "me" is a row changed.
      async announce(trx) {
        if (ownRestored) {
          await services.changes.publish(trx, { kind: "person", operation: "saved", ownerId, id: ownId });
        }
      },
    };
  },
});
