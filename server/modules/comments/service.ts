import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Comment } from "../../../domain/schemas/comment.ts";
import type { Actor } from "../../auth/access.ts";
import { actingUserOf } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { CommentSubjectKind, DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { authorizeAuthor, authorizeSubject } from "./policy.ts";
import { notesAad } from "./reader.ts";
import { commentRepository } from "./repository.ts";

/** The spec's Comment (domain/schemas/comment.ts); a record's is always dated by its last save. */
export type CommentView = Comment & { lastUpdateDate: number };

function seconds(epochMs: number | bigint): number {
  return Math.floor(Number(epochMs) / 1000);
}

export function createCommentService(options: { db: Kysely<DB>; dataKeys: DataKeys }) {
  const { db, dataKeys } = options;
  const comments = commentRepository(db);

  /** 404 unless the subject is one of the caller's records or persons. */
  async function checkSubject(
    actor: Actor,
    subjectKind: CommentSubjectKind,
    subjectId: string,
  ): Promise<void> {
    authorizeSubject(actor, subjectKind);
    const table = subjectKind === "record" ? "record" : "person";
    const row = await db
      .selectFrom(table)
      .select("id")
      .where("owner_id", "=", actor.userId)
      .where("id", "=", subjectId)
      .executeTakeFirst();
    if (row === undefined) throw new AppError("not_found");
  }

  async function findAuthored(actor: Actor, id: string) {
    const row = await comments.find(actor.userId, id);
    if (row === undefined) throw new AppError("not_found");
    authorizeSubject(actor, row.subject_kind);
    authorizeAuthor(actor, row);
    return row;
  }

  async function view(ownerId: string, id: string): Promise<CommentView> {
    const row = await comments.find(ownerId, id);
    if (row === undefined) throw new AppError("not_found");
    const names = await comments.authorNames(row.author_id);
    return {
      id: row.id,
      notes: (await dataKeys.decryptFor(row.owner_id, row.notes_enc, notesAad(row.id))).toString("utf8"),
      ownerId: row.author_id,
      ownerFirstName: names?.first_name ?? null,
      ownerLastName: names?.last_name ?? null,
      createTime: seconds(row.created_at),
      lastUpdateDate: seconds(row.updated_at),
    };
  }

  return {
    async list(actor: Actor, subjectKind: CommentSubjectKind, subjectId: string): Promise<CommentView[]> {
      await checkSubject(actor, subjectKind, subjectId);
      const rows = await comments.listOf(actor.userId, subjectKind, subjectId);
      return Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          notes: (await dataKeys.decryptFor(row.owner_id, row.notes_enc, notesAad(row.id))).toString("utf8"),
          ownerId: row.author_id,
          ownerFirstName: row.first_name,
          ownerLastName: row.last_name,
          createTime: seconds(row.created_at),
          lastUpdateDate: seconds(row.updated_at),
        })),
      );
    },

    async create(
      actor: Actor,
      subjectKind: CommentSubjectKind,
      subjectId: string,
      notes: string,
    ): Promise<CommentView> {
      await checkSubject(actor, subjectKind, subjectId);
      const id = randomUUID();
      const now = Date.now();
      await comments.insert({
        id,
        owner_id: actor.userId,
        author_id: actingUserOf(actor),
        subject_kind: subjectKind,
        subject_id: subjectId,
        notes_enc: await dataKeys.encryptFor(actor.userId, notes, notesAad(id)),
        created_at: now,
        updated_at: now,
      });
      return view(actor.userId, id);
    },

    async update(actor: Actor, id: string, notes: string): Promise<CommentView> {
      const row = await findAuthored(actor, id);
      await comments.update(row.owner_id, id, {
        notes_enc: await dataKeys.encryptFor(row.owner_id, notes, notesAad(id)),
        updated_at: Date.now(),
      });
      return view(row.owner_id, id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const row = await findAuthored(actor, id);
      await comments.delete(row.owner_id, id);
    },
  };
}
