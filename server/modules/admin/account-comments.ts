import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Comment } from "../../../domain/schemas/comment.ts";
import type { Actor } from "../../auth/access.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { audit } from "./audit.ts";
import { adminRepository } from "./repository.ts";

const seconds = (epochMs: number) => Math.floor(epochMs / 1000);

function presentComment(row: {
  id: string;
  notes: string;
  author_id: string;
  author_name: string | null;
  created_at: number;
  updated_at: number;
}): Comment {
  const [first = null, ...rest] = (row.author_name ?? "").trim().split(/\s+/).filter(Boolean);
  return {
    id: row.id,
    notes: row.notes,
    ownerId: row.author_id,
    ownerFirstName: first,
    ownerLastName: rest.length > 0 ? rest.join(" ") : null,
    createTime: seconds(Number(row.created_at)),
    lastUpdateDate: seconds(Number(row.updated_at)),
  };
}

/** Admins' comments on an account: any admin reads and adds them, only its author changes one. Audited. */
export function accountCommentCalls(options: {
  db: Kysely<DB>;
  clock: () => number;
  /** The account, or 404. */
  user: (id: string) => Promise<unknown>;
}) {
  const { db, clock, user } = options;
  const repository = adminRepository(db);

  /** The actor's own comment, or 404: only its author may change it. */
  async function ownComment(actor: Actor, id: string) {
    const row = await repository.comment(id);
    if (row === undefined || row.author_id !== actor.userId) throw new AppError("not_found");
    return row;
  }

  return {
    async comments(userId: string): Promise<Comment[]> {
      await user(userId);
      return (await repository.commentsOn(userId)).map(presentComment);
    },

    async addComment(actor: Actor, userId: string, notes: string): Promise<Comment> {
      await user(userId);
      const now = clock();
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        await adminRepository(trx).insertComment({
          id,
          user_id: userId,
          author_id: actor.userId,
          notes,
          created_at: now,
          updated_at: now,
        });
        await audit(
          trx,
          actor,
          { action: "comment.create", subjectKind: "user", subjectId: userId, detail: { commentId: id } },
          now,
        );
      });
      return presentComment(await repository.presentableComment(id));
    },

    async updateComment(actor: Actor, id: string, notes: string): Promise<Comment> {
      const row = await ownComment(actor, id);
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await adminRepository(trx).updateComment(id, notes, now);
        await audit(
          trx,
          actor,
          {
            action: "comment.update",
            subjectKind: "user",
            subjectId: row.user_id,
            detail: { commentId: id },
          },
          now,
        );
      });
      return presentComment(await repository.presentableComment(id));
    },

    async deleteComment(actor: Actor, id: string): Promise<void> {
      const row = await ownComment(actor, id);
      await db.transaction().execute(async (trx) => {
        await adminRepository(trx).deleteComment(id);
        await audit(
          trx,
          actor,
          {
            action: "comment.delete",
            subjectKind: "user",
            subjectId: row.user_id,
            detail: { commentId: id },
          },
          clock(),
        );
      });
    },
  };
}
