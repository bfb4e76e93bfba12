import type { Kysely } from "kysely";
import type { PersonGroup } from "../../../domain/catalog/relationships.ts";
import type { PersonListItem, PersonRecord } from "../../../domain/schemas/person.ts";
import { MASK } from "../../../domain/secrets.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB, PersonTable } from "../../db/schema.ts";
import { jpegDataUrl } from "./photo.ts";
import { showsAvatar, toPersonListItem, toPersonRecord } from "./presenter.ts";
import { PERSON_ADDRESS_COLUMNS, personRepository } from "./repository.ts";

/** What each encrypted column is bound to: its field and its person (and, in DataKeys, its owner). */
export const PERSON_AAD = {
  socialNumber: (id: string) => `person.socialNumber:${id}`,
  photo: (id: string) => `person.photo:${id}`,
  thumbnail: (id: string) => `person.photoThumb:${id}`,
};

/**
 * Reading one owner's persons: a full record, and a group's cards. The owner's routes use it, and
 * so do a nominee's shared reads (server/modules/sharing), which mask what the owner sees in clear.
 */
export function personReader(db: Kysely<DB>, dataKeys: DataKeys) {
  const persons = personRepository(db);
  const reader = {
    /**
     * One person as its owner's form reads it. The social number is a secret, for the owner as for
     * a nominee: MASK unless `revealSocialNumber` (the caller logs that reveal), and not decrypted
     * at all when it is not asked for.
     */
    async present(
      ownerId: string,
      row: PersonTable,
      options: { revealSocialNumber: boolean },
    ): Promise<PersonRecord> {
      const [links, socialNumber, photo] = await Promise.all([
        persons.links(ownerId, row.id),
        row.social_number_enc === null
          ? null
          : options.revealSocialNumber
            ? dataKeys.decryptFor(ownerId, row.social_number_enc, PERSON_AAD.socialNumber(row.id))
            : Buffer.from(MASK),
        row.photo_enc === null ? null : dataKeys.decryptFor(ownerId, row.photo_enc, PERSON_AAD.photo(row.id)),
      ]);
      return toPersonRecord(row, links, {
        socialNumber: socialNumber === null ? null : socialNumber.toString("utf8"),
        imageSrc: photo === null ? null : jpegDataUrl(photo),
      });
    },

    /** One of the owner's persons as its form reads it (see `present`); undefined when not theirs. */
    async read(
      ownerId: string,
      id: string,
      options: { revealSocialNumber: boolean },
    ): Promise<PersonRecord | undefined> {
      const row = await persons.find(ownerId, id);
      return row === undefined ? undefined : reader.present(ownerId, row, options);
    },

    /**
     * What persons link to, for what a grant shows: each person's addresses and company, for all
     * of the owner's persons or only the given ones.
     */
    async linksOf(
      ownerId: string,
      ids: "all" | readonly string[],
    ): Promise<{ id: string; addressIds: string[]; companyId: string | null }[]> {
      if (ids !== "all" && ids.length === 0) return [];
      const rows = await persons.addressAndCompanyIds(ownerId, ids);
      return rows.map((row) => ({
        id: row.id,
        addressIds: PERSON_ADDRESS_COLUMNS.flatMap((column) => row[column] ?? []),
        companyId: row.company_id,
      }));
    },

    /**
     * Every one of the owner's persons as its form reads it, oldest first: the owner's whole file
     * (server/modules/portability). The social number as `present` answers it.
     */
    async listAll(ownerId: string, options: { revealSocialNumber: boolean }): Promise<PersonRecord[]> {
      const rows = await persons.list(ownerId);
      return Promise.all(rows.map((row) => reader.present(ownerId, row, options)));
    },

    /** The owner of a person, whoever they are (a nominee's path to a person names no grant). */
    ownerOf: persons.ownerOf,

    /** A group's cards, oldest first: no secrets, the avatar thumbnail for family-tree groups. */
    async listGroup(
      ownerId: string,
      group: PersonGroup,
      include: (id: string) => boolean = () => true,
    ): Promise<PersonListItem[]> {
      const withThumbnails = showsAvatar(group);
      const rows = (await persons.listGroup(ownerId, group, withThumbnails)).filter((row) => include(row.id));
      return Promise.all(
        rows.map(async (row) => {
          const thumbnail =
            withThumbnails && row.photo_thumb_enc
              ? jpegDataUrl(
                  await dataKeys.decryptFor(ownerId, row.photo_thumb_enc, PERSON_AAD.thumbnail(row.id)),
                )
              : null;
          return toPersonListItem(row, thumbnail);
        }),
      );
    },
  };
  return reader;
}

export type PersonReader = ReturnType<typeof personReader>;

/** Whether the owner has this person (a nominee may be tied to one of the owner's persons). */
export async function isPersonOf(db: Kysely<DB>, ownerId: string, personId: string): Promise<boolean> {
  return (await personRepository(db).findId(ownerId, personId)) !== undefined;
}

/** The names on the owner's own "me" person, if any: how their nominees' mails name them. */
export function ownPersonNames(db: Kysely<DB>, ownerId: string) {
  return personRepository(db).ownNames(ownerId);
}

/**
 * How far the owner's own "me" record has come, for the home's next steps: a birthday given (the
 * sign-up fills in only the name) and at least one emergency contact named.
 */
export async function ownPersonProgress(
  db: Kysely<DB>,
  ownerId: string,
): Promise<{ id: string | null; detailsGiven: boolean; emergencyContact: boolean }> {
  const persons = personRepository(db);
  const own = await persons.findOwn(ownerId);
  if (own === undefined) return { id: null, detailsGiven: false, emergencyContact: false };
  const links = await persons.links(ownerId, own.id);
  return {
    id: own.id,
    detailsGiven: own.birthday !== null,
    emergencyContact: links.some((link) => link.kind === "ice"),
  };
}
