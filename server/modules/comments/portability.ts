import { commentEntrySchema } from "../../../domain/schemas/file-export.ts";
import { kindPortability } from "../../file/kind-portability.ts";
import { commentReader } from "./reader.ts";
import { insertCommentRows, restoredCommentRows } from "./restore.ts";

/**
 * Comments in the export archive (`comments`, oldest first, never their author: the importing
 * owner writes them), each following its person or record: left out with it, refused without it.
 */
export const commentPortability = kindPortability({
  part: "comments",
  async read({ db, dataKeys }, ownerId) {
    const comments = await commentReader(db, dataKeys).listAll(ownerId);
    return comments.map(({ authorId: _author, ...comment }) => comment);
  },
  subject: ({ id, subjectKind, subjectId }) => ({ kind: "comment", id, subjectKind, subjectId }),
  follows: (comment) => ({ kind: comment.subjectKind, id: comment.subjectId }),
  entry: commentEntrySchema,
  // A comment hangs on a person or record, whose own kinds say whether the file holds any.
  holds: async () => false,
  async prepare(context, entries) {
    const comments = entries.map((comment, index) => {
      const subject = context.idOf(comment.subjectKind, comment.subjectId);
      if (subject === null)
        throw context.refuse({ [`${index}.subjectId`]: "errors:portability.unknown_reference" });
      return { ...comment, id: context.newId(comment.id), subjectId: subject };
    });
    const rows = await restoredCommentRows(context.services.dataKeys, context.ownerId, comments);
    return { insert: (trx) => insertCommentRows(trx, rows) };
  },
});
