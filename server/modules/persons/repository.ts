import type { Kysely } from "kysely";
import { OWN_GROUP } from "../../../domain/catalog/relationships.ts";
import { ownedRows } from "../../db/owned-rows.ts";
import type { DB, PersonLinkKind, PersonTable } from "../../db/schema.ts";
import type { PersonColumns, PersonListRow } from "./presenter.ts";

/** The address columns of a person, in the order an address's usages list them. */
export const PERSON_ADDRESS_COLUMNS = [
  "home_address_id",
  "mailing_address_id",
  "business_address_id",
] as const;

/**
 * Every query on persons, each filtered by its owner: a handler cannot reach another account's
 * rows by forgetting a check. The shared ones come from ownedRows (oldest first; deleting all of an
 * owner's persons takes their links too, as foreign keys cascade), but for the update and the
 * delete, which answer whether the owner had the person. Pass a transaction to run them inside it.
 */
export function personRepository(db: Kysely<DB>) {
  return {
    ...ownedRows(db, "person", { orderBy: "created_at" }),

    findOwn(ownerId: string): Promise<PersonTable | undefined> {
      return db
        .selectFrom("person")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("person_group", "=", OWN_GROUP)
        .executeTakeFirst();
    },

    /** The id of one of the owner's persons, if it is theirs. */
    findId(ownerId: string, id: string) {
      return db
        .selectFrom("person")
        .select("id")
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .executeTakeFirst();
    },

    /** The names on the owner's "me" person (no secrets, no photos). */
    ownNames(ownerId: string) {
      return db
        .selectFrom("person")
        .select(["first_name", "last_name"])
        .where("owner_id", "=", ownerId)
        .where("person_group", "=", OWN_GROUP)
        .executeTakeFirst();
    },

    /** Each person's address and company ids: all of the owner's persons, or only these. */
    addressAndCompanyIds(ownerId: string, ids: "all" | readonly string[]) {
      return db
        .selectFrom("person")
        .select(["id", "company_id", ...PERSON_ADDRESS_COLUMNS])
        .where("owner_id", "=", ownerId)
        .$if(ids !== "all", (query) => query.where("id", "in", [...ids]))
        .execute();
    },

    /** What each of the owner's persons is recognised by: names, and the emails and phones in data. */
    identities(ownerId: string) {
      return db
        .selectFrom("person")
        .select([
          "id",
          "first_name",
          "last_name",
          "birthday",
          "home_address_id",
          "mailing_address_id",
          "type",
          "data",
        ])
        .where("owner_id", "=", ownerId)
        .orderBy("created_at")
        .execute();
    },

    /** A group's cards, oldest first; the thumbnail only when the group shows avatars. */
    listGroup(ownerId: string, group: string, withThumbnails: boolean) {
      return db
        .selectFrom("person")
        .select(["id", "created_at", "person_group", "type", "first_name", "last_name", "birthday", "data"])
        .$if(withThumbnails, (query) => query.select("photo_thumb_enc"))
        .where("owner_id", "=", ownerId)
        .where("person_group", "=", group)
        .orderBy("created_at")
        .orderBy("id")
        .execute() as Promise<(PersonListRow & { photo_thumb_enc?: Uint8Array | null })[]>;
    },

    /**
     * What search reads of the owner's persons (no secret, no photo): these ids, every person, or
     * the first `limit` of some groups.
     */
    searchRows(
      ownerId: string,
      which: { ids: readonly string[] } | "all" | { groups: readonly string[]; limit: number },
    ) {
      let query = db
        .selectFrom("person")
        .select(["id", "person_group", "first_name", "last_name", "data"])
        .where("owner_id", "=", ownerId);
      if (which !== "all" && "ids" in which) {
        if (which.ids.length === 0) return Promise.resolve([]);
        query = query.where("id", "in", [...which.ids]);
      } else if (which !== "all") {
        if (which.groups.length === 0) return Promise.resolve([]);
        query = query
          .where("person_group", "in", [...which.groups])
          .orderBy("id")
          .limit(which.limit);
      }
      return query.execute();
    },

    links(ownerId: string, personId: string) {
      return db
        .selectFrom("person_link")
        .innerJoin("person", "person.id", "person_link.person_id")
        .select(["person_link.kind", "person_link.linked_person_id"])
        .where("person.owner_id", "=", ownerId)
        .where("person_link.person_id", "=", personId)
        .orderBy("person_link.kind")
        .orderBy("person_link.position")
        .execute();
    },

    /** Many new persons (an import), a hundred to a statement: far below PostgreSQL's parameter limit. */
    async insertMany(
      rows: readonly (PersonColumns & Omit<PersonTable, keyof PersonColumns>)[],
    ): Promise<void> {
      for (let start = 0; start < rows.length; start += 100) {
        await db
          .insertInto("person")
          .values(rows.slice(start, start + 100))
          .execute();
      }
    },

    /** Inserts the owner's "me" unless one exists (the unique index decides between racers). */
    async insertOwnIfMissing(row: PersonColumns & Omit<PersonTable, keyof PersonColumns>): Promise<void> {
      await db
        .insertInto("person")
        .values(row)
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    /**
     * Writes a save and raises the version in one statement, while the stored version is still
     * `expectedVersion` (any, when null): of two saves naming the same version, one changes a row.
     * The new version; null when nothing was written (no such person, or another version).
     */
    async update(
      ownerId: string,
      id: string,
      changes: Partial<Omit<PersonTable, "id" | "owner_id" | "created_at" | "version">>,
      expectedVersion: number | null = null,
    ): Promise<number | null> {
      const row = await db
        .updateTable("person")
        .set(changes)
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .$if(expectedVersion !== null, (query) => query.where("version", "=", expectedVersion as number))
        .returning("version")
        .executeTakeFirst();
      return row === undefined ? null : Number(row.version);
    },

    /** Replaces a person's emergency contacts and next of kin (the caller checked they are the owner's). */
    async replaceLinks(
      ownerId: string,
      personId: string,
      links: Record<PersonLinkKind, readonly string[]>,
    ): Promise<void> {
      const owned = await db
        .selectFrom("person")
        .select("id")
        .where("owner_id", "=", ownerId)
        .where("id", "=", personId)
        .executeTakeFirst();
      if (owned === undefined) return;
      await db.deleteFrom("person_link").where("person_id", "=", personId).execute();
      const rows = (Object.entries(links) as [PersonLinkKind, readonly string[]][]).flatMap(([kind, ids]) =>
        ids.map((linked, position) => ({ person_id: personId, kind, position, linked_person_id: linked })),
      );
      if (rows.length > 0) await db.insertInto("person_link").values(rows).execute();
    },

    async delete(ownerId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom("person")
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Persons whose home, mailing or business address is this one. */
    usingAddress(ownerId: string, addressId: string) {
      return db
        .selectFrom("person")
        .select(["id", "first_name", "last_name"])
        .where("owner_id", "=", ownerId)
        .where((where) => where.or(PERSON_ADDRESS_COLUMNS.map((column) => where(column, "=", addressId))))
        .orderBy("created_at")
        .execute();
    },

    async clearAddress(ownerId: string, addressId: string): Promise<void> {
      for (const column of PERSON_ADDRESS_COLUMNS) {
        await db
          .updateTable("person")
          .set({ [column]: null })
          .where("owner_id", "=", ownerId)
          .where(column, "=", addressId)
          .execute();
      }
    },
  };
}
