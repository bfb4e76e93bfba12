import type { Kysely } from "kysely";
import type { PersonInput } from "../../../domain/schemas/person.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB, PersonLinkKind, PersonTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { firstVersion } from "../../file/first-version.ts";
import { bytesOfImageSrc, isStoredSizeJpeg, PhotoError } from "./photo.ts";
import type { PhotoProcessor } from "./photo-processor.ts";
import { toColumns } from "./presenter.ts";
import { PERSON_AAD } from "./reader.ts";
import { personRepository } from "./repository.ts";

/** A person as an import restores it: new ids everywhere, when it was made and changed. */
export type RestoredPerson = PersonInput & { id: string; createTime: number; updateTime: number };

/** Persons ready for the import's transaction: everything encrypted already. */
export type PreparedPersons = {
  rows: PersonTable[];
  links: { personId: string; links: Record<PersonLinkKind, readonly string[]> }[];
};

/**
 * The persons module's public face for an import (server/modules/portability). `prepare` seals the
 * social numbers and re-encodes the photos as a save does (a photo that is not one is refused,
 * naming it as `fieldOf(index)` says); nothing touches the database until `insert`, in the
 * import's transaction. The account's own "me" (the id `ownId`) is updated, never inserted twice.
 */
export function personRestore(options: { dataKeys: DataKeys; photos: PhotoProcessor }) {
  const { dataKeys, photos } = options;
  return {
    async prepare(
      ownerId: string,
      persons: readonly RestoredPerson[],
      fieldOf: (index: number, field: string) => string,
    ): Promise<PreparedPersons> {
      const rows: PersonTable[] = [];
      for (const [index, person] of persons.entries()) {
        const { socialNumber, imageSrc } = person.mainDetails;
        let photo: { jpeg: Buffer; thumbnail: Buffer } | null = null;
        if (imageSrc) {
          try {
            photo = await photos.prepare(imageSrc);
            // An exported photo was made here already: kept as it is, not re-encoded (lossy) again.
            if (isStoredSizeJpeg(imageSrc)) photo = { ...photo, jpeg: bytesOfImageSrc(imageSrc) };
          } catch (error) {
            if (!(error instanceof PhotoError)) throw error;
            throw new AppError("validation_failed", {
              fields: { [fieldOf(index, "mainDetails.imageSrc")]: error.messageKey },
              params: error.params,
            });
          }
        }
        rows.push({
          ...toColumns(person),
          id: person.id,
          social_number_enc: socialNumber
            ? await dataKeys.encryptFor(ownerId, socialNumber, PERSON_AAD.socialNumber(person.id))
            : null,
          photo_enc:
            photo === null
              ? null
              : await dataKeys.encryptFor(ownerId, photo.jpeg, PERSON_AAD.photo(person.id)),
          photo_thumb_enc:
            photo === null
              ? null
              : await dataKeys.encryptFor(ownerId, photo.thumbnail, PERSON_AAD.thumbnail(person.id)),
          // The owner imported it: the file's account is who changed it last.
          ...firstVersion(ownerId, ownerId, person.createTime, person.updateTime),
        });
      }
      const links = persons.map((person) => ({
        personId: person.id,
        links: { ice: person.iceDetails.emergencyContacts, kin: person.kinDetails.emergencyContacts },
      }));
      return { rows, links };
    },

    /** Inserts the persons (the own one updated in place), then their emergency contacts and next of kin. */
    async insert(
      trx: Kysely<DB>,
      ownerId: string,
      prepared: PreparedPersons,
      ownId: string | null,
    ): Promise<void> {
      const persons = personRepository(trx);
      for (const row of prepared.rows) {
        if (row.id === ownId) {
          const { id: _id, owner_id: _owner, created_at: _created, version: _version, ...changes } = row;
          await persons.update(ownerId, row.id, changes);
        } else {
          await persons.insert(row);
        }
      }
      for (const { personId, links } of prepared.links) await persons.replaceLinks(ownerId, personId, links);
    },
  };
}

/** The account's own "me" person, if it has one yet: an import restores the archive's "me" onto it. */
export async function ownPersonId(db: Kysely<DB>, ownerId: string): Promise<string | null> {
  return (await personRepository(db).findOwn(ownerId))?.id ?? null;
}
