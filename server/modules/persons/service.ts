import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { PersonGroup } from "../../../domain/catalog/relationships.ts";
import type { PersonInput, PersonListItem, PersonRecord } from "../../../domain/schemas/person.ts";
import { MASK } from "../../../domain/secrets.ts";
import type { Actor } from "../../auth/access.ts";
import { changedByOf } from "../../auth/changed-by.ts";
import { actingUserOf, checkOwnedReferences } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB, PersonTable } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError } from "../../errors/app-error.ts";
import type { FileChanges } from "../../file/changes.ts";
import { firstVersion } from "../../file/first-version.ts";
import { editConflict, type Saved } from "../../http/versions.ts";
import { recordActivity } from "../activity/index.ts";
import { deleteCommentsOf } from "../comments/index.ts";
import { ensureOwnPerson } from "./own-person.ts";
import { jpegDataUrl, PhotoError } from "./photo.ts";
import type { PhotoProcessor } from "./photo-processor.ts";
import { authorizeGroup, authorizePersonDelete } from "./policy.ts";
import { toColumns } from "./presenter.ts";
import { PERSON_AAD as AAD, personReader } from "./reader.ts";
import { personRepository } from "./repository.ts";

const MESSAGES = {
  address: "errors:network.unknown_address",
  institution: "errors:network.unknown_institution",
  person: "errors:network.unknown_person",
  self: "errors:network.self_reference",
};

export function createPersonService(options: {
  db: Kysely<DB>;
  dataKeys: DataKeys;
  photos: PhotoProcessor;
  /** Where every save and delete is published (the search index follows them). */
  changes: FileChanges;
}) {
  const { db, dataKeys, photos, changes } = options;
  const persons = personRepository(db);
  const reader = personReader(db, dataKeys);
  /** The owner's read: the social number revealed only when asked, and each reveal logged. */
  async function present(actor: Actor, row: PersonTable, reveal: readonly string[]): Promise<PersonRecord> {
    const revealSocialNumber = reveal.includes("socialNumber");
    const person = await reader.present(actor.userId, row, { revealSocialNumber });
    person.changedBy = await changedByOf(db, row.updated_by, actor);
    if (revealSocialNumber && person.mainDetails.socialNumber !== null) {
      await recordActivity(db, [
        {
          ownerId: actor.userId,
          actorId: actingUserOf(actor),
          kind: "reveal",
          subjectKind: "person",
          subjectId: row.id,
          category: row.person_group,
          field: "socialNumber",
        },
      ]);
    }
    return person;
  }

  /** The photo columns for an imageSrc; nothing to change when it is the photo already stored. */
  async function photoColumns(
    ownerId: string,
    id: string,
    imageSrc: string | null,
    existing: PersonTable | undefined,
  ): Promise<Pick<PersonTable, "photo_enc" | "photo_thumb_enc"> | undefined> {
    if (imageSrc === null) return { photo_enc: null, photo_thumb_enc: null };
    if (existing?.photo_enc != null && imageSrc.startsWith("data:image/jpeg;base64,")) {
      const stored = await dataKeys.decryptFor(ownerId, existing.photo_enc, AAD.photo(id));
      // The form sends back the photo it was given: keep it rather than re-encode it.
      if (jpegDataUrl(stored) === imageSrc) return undefined;
    }
    let prepared: Awaited<ReturnType<PhotoProcessor["prepare"]>>;
    try {
      prepared = await photos.prepare(imageSrc);
    } catch (error) {
      if (!(error instanceof PhotoError)) throw error;
      throw new AppError("validation_failed", {
        fields: { "mainDetails.imageSrc": error.messageKey },
        params: error.params,
      });
    }
    return {
      photo_enc: await dataKeys.encryptFor(ownerId, prepared.jpeg, AAD.photo(id)),
      photo_thumb_enc: await dataKeys.encryptFor(ownerId, prepared.thumbnail, AAD.thumbnail(id)),
    };
  }

  /**
   * The spec's POST /api/pn/person: creates, or updates the caller's person named by id; answers
   * the id and its version. With `expectedVersion`, an update writes only while the person is
   * still that version: otherwise 409 edit_conflict with the stored person and the one sent.
   */
  async function save(
    actor: Actor,
    input: PersonInput,
    expectedVersion: number | null = null,
  ): Promise<Saved<string>> {
    const ownerId = actor.userId;
    const existing = input.id === null ? undefined : await persons.find(ownerId, input.id);
    if (input.id !== null && existing === undefined) throw new AppError("not_found");
    authorizeGroup({ existing, own: await persons.findOwn(ownerId), group: input.group });
    const id = existing?.id ?? randomUUID();

    const ice = input.iceDetails.emergencyContacts;
    const kin = input.kinDetails.emergencyContacts;
    const selfFields = {
      ...(ice.includes(id) ? { "iceDetails.emergencyContacts": MESSAGES.self } : {}),
      ...(kin.includes(id) ? { "kinDetails.emergencyContacts": MESSAGES.self } : {}),
    };
    if (Object.keys(selfFields).length > 0) throw new AppError("validation_failed", { fields: selfFields });
    await checkOwnedReferences(db, ownerId, [
      { field: "homeAddress", table: "address", ids: [input.homeAddress], message: MESSAGES.address },
      { field: "mailingAddress", table: "address", ids: [input.mailingAddress], message: MESSAGES.address },
      { field: "businessAddress", table: "address", ids: [input.businessAddress], message: MESSAGES.address },
      { field: "companyName", table: "institution", ids: [input.companyName], message: MESSAGES.institution },
      { field: "iceDetails.emergencyContacts", table: "person", ids: ice, message: MESSAGES.person },
      { field: "kinDetails.emergencyContacts", table: "person", ids: kin, message: MESSAGES.person },
    ]);

    // Everything is encrypted before the transaction: no key lookup runs while it holds the database.
    const now = Date.now();
    const { imageSrc } = input.mainDetails;
    // The mask sent back (the form read it masked and left it) keeps the stored number.
    const socialNumber = input.mainDetails.socialNumber === MASK ? undefined : input.mainDetails.socialNumber;
    const writtenBy = actingUserOf(actor);
    const updates: Partial<PersonTable> = { ...toColumns(input), updated_at: now, updated_by: writtenBy };
    if (socialNumber !== undefined) {
      updates.social_number_enc =
        socialNumber === null ? null : await dataKeys.encryptFor(ownerId, socialNumber, AAD.socialNumber(id));
    }
    if (imageSrc !== undefined) Object.assign(updates, await photoColumns(ownerId, id, imageSrc, existing));

    let version: number | null;
    try {
      version = await changes.transaction(db, async (trx) => {
        const repository = personRepository(trx);
        if (existing === undefined) {
          await repository.insert({
            social_number_enc: null,
            photo_enc: null,
            photo_thumb_enc: null,
            ...toColumns(input),
            ...updates,
            id,
            ...firstVersion(ownerId, writtenBy, now),
          });
          await repository.replaceLinks(ownerId, id, { ice, kin });
          await changes.publish(trx, { kind: "person", operation: "saved", ownerId, id });
          return 1;
        }
        const saved = await repository.update(ownerId, id, updates, expectedVersion);
        if (saved === null) return null;
        await repository.replaceLinks(ownerId, id, { ice, kin });
        await changes.publish(trx, { kind: "person", operation: "saved", ownerId, id });
        return saved;
      });
    } catch (error) {
      // Two "me" records created at once: the unique index keeps the first.
      if (isUniqueViolation(error)) {
        throw new AppError("validation_failed", { fields: { group: "errors:network.me_exists" } });
      }
      throw error;
    }
    if (version !== null) return { saved: id, version };
    // Nothing written: the person is gone (404) or another save came first (409).
    const stored = await persons.find(ownerId, id);
    if (stored === undefined) throw new AppError("not_found");
    throw editConflict({ saved: await present(actor, stored, []), version: stored.version }, input, [
      "mainDetails.socialNumber",
    ]);
  }

  return {
    save,

    /** GET /api/pn/person: the caller's own record, created from the account's name if missing. */
    async own(actor: Actor, reveal: readonly string[] = []): Promise<Saved<PersonRecord>> {
      let row = await persons.findOwn(actor.userId);
      if (row === undefined) {
        await ensureOwnPerson(db, actor.userId, changes);
        row = await persons.findOwn(actor.userId);
      }
      if (row === undefined) throw new AppError("not_found");
      return { saved: await present(actor, row, reveal), version: row.version };
    },

    async get(
      actor: Actor,
      group: PersonGroup,
      id: string,
      reveal: readonly string[] = [],
    ): Promise<Saved<PersonRecord>> {
      const row = await persons.find(actor.userId, id);
      if (row === undefined || row.person_group !== group) throw new AppError("not_found");
      return { saved: await present(actor, row, reveal), version: row.version };
    },

    /** A group's cards: no secrets, the avatar thumbnail for family-tree groups. */
    async list(actor: Actor, group: PersonGroup): Promise<PersonListItem[]> {
      return reader.listGroup(actor.userId, group);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const row = await persons.find(actor.userId, id);
      if (row === undefined) throw new AppError("not_found");
      authorizePersonDelete(actor, row);
      await changes.transaction(db, async (trx) => {
        await deleteCommentsOf(trx, actor.userId, "person", id);
        await personRepository(trx).delete(actor.userId, id);
        await changes.publish(trx, { kind: "person", operation: "deleted", ownerId: actor.userId, id });
      });
    },
  };
}
