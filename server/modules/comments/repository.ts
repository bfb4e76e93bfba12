import type { Kysely } from "kysely";
import { ownedRows } from "../../db/owned-rows.ts";
import type { CommentSubjectKind, CommentTable, DB } from "../../db/schema.ts";

/**
 * Every query on comments, each filtered by the file's owner (the shared ones from ownedRows, oldest
 * first). Pass a transaction to run inside it.
 */
export function commentRepository(db: Kysely<DB>) {
  return {
    ...ownedRows(db, "comment", { orderBy: "created_at" }),

    /** A subject's comments, oldest first, with their author's own-record names. */
    listOf(ownerId: string, subjectKind: CommentSubjectKind, subjectId: string) {
      return db
        .selectFrom("comment")
        .leftJoin("person", (join) =>
          join.onRef("person.owner_id", "=", "comment.author_id").on("person.person_group", "=", "me"),
        )
        .select([
          "comment.id",
          "comment.owner_id",
          "comment.author_id",
          "comment.notes_enc",
          "comment.created_at",
          "comment.updated_at",
          "person.first_name",
          "person.last_name",
        ])
        .where("comment.owner_id", "=", ownerId)
        .where("comment.subject_kind", "=", subjectKind)
        .where("comment.subject_id", "=", subjectId)
        .orderBy("comment.created_at")
        .orderBy("comment.id")
        .execute();
    },

    authorNames(authorId: string) {
      return db
        .selectFrom("person")
        .select(["first_name", "last_name"])
        .where("owner_id", "=", authorId)
        .where("person_group", "=", "me")
        .executeTakeFirst();
    },

    /** Only a comment's text changes (and its time): its author and subject stay. */
    async update(ownerId: string, id: string, changes: Pick<CommentTable, "notes_enc" | "updated_at">) {
      await db
        .updateTable("comment")
        .set(changes)
        .where("owner_id", "=", ownerId)
        .where("id", "=", id)
        .execute();
    },

    async deleteOfSubject(
      ownerId: string,
      subjectKind: CommentSubjectKind,
      subjectId: string,
    ): Promise<void> {
      await db
        .deleteFrom("comment")
        .where("owner_id", "=", ownerId)
        .where("subject_kind", "=", subjectKind)
        .where("subject_id", "=", subjectId)
        .execute();
    },
  };
}
