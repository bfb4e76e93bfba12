import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCommentTime } from "../../../domain/dates.ts";
import { LIMITS } from "../../../domain/limits.ts";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { useAccount } from "../../session/account.ts";
import type { Comment, CommentSource } from "./api.ts";

export interface CommentsPanelProps {
  /** Whose comments: a record's or person's (subjectComments), or an account's (accountComments). */
  source: CommentSource;
  /** False where the file is only read (view rights): the comments are listed, without adding, editing or deleting. */
  canWrite?: boolean;
}

function authorName(comment: Comment): string {
  return [comment.ownerFirstName, comment.ownerLastName].filter(Boolean).join(" ");
}

/**
 * The spec's comments of a record or a person: the list, a new comment (at most 2048 characters,
 * Save inactive while empty), and Edit / Delete on one's own comments only.
 */
export function CommentsPanel({ source, canWrite = true }: CommentsPanelProps) {
  const { t } = useTranslation("documents");
  const queryKey = source.key;
  const queryClient = useQueryClient();
  const accountId = useAccount().data?.id;
  const comments = useQuery({ queryKey, queryFn: source.list });
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const add = useMutation({
    meta: { toast: "added" },
    mutationFn: source.add,
    onSuccess: refresh,
  });
  const [draft, setDraft] = useState("");
  const headingId = useId();
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const remove = useMutation({
    meta: { toast: "deleted" },
    mutationFn: (comment: Comment) => source.remove(comment.id),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
    },
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t("comments.title")}
      </Title>
      {comments.isError ? (
        <Alert color="red.8" variant="light" role="alert">
          {t("comments.loadFailed")}
        </Alert>
      ) : comments.data?.length === 0 ? (
        <Text c="dimmed">{t("comments.empty")}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {comments.data?.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                comment={comment}
                own={canWrite && comment.ownerId === accountId}
                update={source.update}
                onSaved={refresh}
                onDelete={() => setDeleting(comment)}
              />
            </li>
          ))}
        </Stack>
      )}
      {canWrite && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const notes = draft.trim();
            if (notes) add.mutate(notes, { onSuccess: () => setDraft("") });
          }}
        >
          <Stack gap="xs">
            <CommentText label={t("comments.new")} value={draft} onChange={setDraft} />
            {add.isError && (
              <Alert color="red.8" variant="light" role="alert">
                {t("comments.failed")}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={add.isPending} disabled={draft.trim() === ""}>
                {t("comments.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t("comments.deleteTitle")}
        confirmLabel={t("comments.yes")}
        cancelLabel={t("comments.no")}
        destructive
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
        pending={remove.isPending}
        error={remove.isError ? t("comments.failed") : null}
      >
        {t("comments.deleteQuestion")}
      </ConfirmDialog>
    </Stack>
  );
}

function CommentText({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation("documents");
  return (
    <Textarea
      label={label}
      value={value}
      rows={3}
      maxLength={LIMITS.longTextMax}
      onChange={(event) => onChange(event.currentTarget.value.slice(0, LIMITS.longTextMax))}
      description={t("comments.counter", { count: value.length, max: LIMITS.longTextMax })}
    />
  );
}

function CommentItem({
  comment,
  own,
  update,
  onSaved,
  onDelete,
}: {
  comment: Comment;
  own: boolean;
  update: CommentSource["update"];
  onSaved: () => Promise<void>;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation("documents");
  const [editing, setEditing] = useState<string | null>(null);
  const save = useMutation({
    meta: { toast: "saved" },
    mutationFn: (notes: string) => update(comment.id, notes),
    onSuccess: async () => {
      await onSaved();
      setEditing(null);
    },
  });
  const name = authorName(comment);

  return (
    <Paper withBorder p="sm">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text fw={700} size="sm">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatCommentTime(comment.lastUpdateDate ?? comment.createTime, i18n.language)}
          </Text>
        </Group>
        {editing === null ? (
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {comment.notes}
          </Text>
        ) : (
          <CommentText label={t("comments.editLabel")} value={editing} onChange={setEditing} />
        )}
        {save.isError && (
          <Alert color="red.8" variant="light" role="alert">
            {t("comments.failed")}
          </Alert>
        )}
        {own && (
          <Group gap="xs">
            {editing === null ? (
              <>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t("comments.editComment", { name })}
                  onClick={() => setEditing(comment.notes)}
                >
                  {t("comments.edit")}
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  color="red.8"
                  aria-label={t("comments.deleteComment", { name })}
                  onClick={onDelete}
                >
                  {t("comments.delete")}
                </Button>
              </>
            ) : (
              <>
                <Button
                  size="xs"
                  loading={save.isPending}
                  disabled={editing.trim() === ""}
                  onClick={() => save.mutate(editing.trim())}
                >
                  {t("comments.save")}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setEditing(null)}
                  disabled={save.isPending}
                >
                  {t("comments.cancel")}
                </Button>
              </>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
