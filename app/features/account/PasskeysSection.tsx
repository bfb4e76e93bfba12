import { Button, Group, Loader, Paper, Stack, Text, TextInput } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIMITS } from "../../../domain/limits.ts";
import { ApiError } from "../../api/client.ts";
import { formError } from "../../api/errorMessages.ts";
import { PASSKEY_PROMPT_CODES, type PasskeyPromptCode } from "../../session/passkeyPromptCodes.ts";
import { browserSupportsPasskeys, registerPasskey } from "../../session/passkeys.ts";
import { AccountForm } from "./AccountForm.tsx";
import { AccountSection } from "./AccountSection.tsx";
import { ActionFeedback } from "./ActionFeedback.tsx";
import { deletePasskey, listPasskeys, type Passkey, passkeysQueryKey, renamePasskey } from "./accountApi.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { useDateFormat } from "./useDateTimeFormat.ts";

/** What My Account says when the browser's prompt ends without a new passkey. */
const PROMPT_ENDS: Record<PasskeyPromptCode, string> = {
  [PASSKEY_PROMPT_CODES.cancelled]: "passkeys.cancelled",
  [PASSKEY_PROMPT_CODES.unavailable]: "passkeys.unavailable",
  [PASSKEY_PROMPT_CODES.alreadyRegistered]: "passkeys.alreadyRegistered",
};

/** Passkeys of the account: list, add (the browser's prompt), rename, delete after a confirmation. */
export function PasskeysSection() {
  const { t, i18n } = useTranslation("account");
  const queryClient = useQueryClient();
  const passkeys = useQuery({ queryKey: passkeysQueryKey, queryFn: listPasskeys });
  const [name, setName] = useState("");
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Passkey | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
  const supported = browserSupportsPasskeys();

  const add = useMutation({
    mutationFn: () => registerPasskey(name.trim() || undefined, i18n.resolvedLanguage ?? i18n.language),
    onSuccess: async () => {
      setName("");
      setDone(t("passkeys.addedOk"));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (passkey: Passkey) => deletePasskey(passkey.id),
    onSuccess: async () => {
      setDeleting(null);
      setDone(t("passkeys.deleted"));
      await refresh();
    },
  });

  const submitAdd = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    add.mutate();
  };

  const promptEnd =
    add.error instanceof ApiError ? PROMPT_ENDS[add.error.code as PasskeyPromptCode] : undefined;
  const addError = promptEnd ? t(promptEnd) : formError(t, add.error);

  const label = (passkey: Passkey) => passkey.name || t("passkeys.unnamed");

  return (
    <AccountSection title={t("passkeys.heading")} description={t("passkeys.explain")}>
      {passkeys.isPending ? (
        <Loader size="sm" role="status" aria-label={t("common:loading")} />
      ) : passkeys.isError ? (
        <ActionFeedback error={formError(t, passkeys.error)} />
      ) : passkeys.data.length === 0 ? (
        <Text>{t("passkeys.empty")}</Text>
      ) : (
        <Stack
          component="ul"
          aria-label={t("passkeys.listLabel")}
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
        >
          {passkeys.data.map((passkey) => (
            <Paper component="li" key={passkey.id} withBorder p="sm">
              {renaming === passkey.id ? (
                <RenameForm
                  passkey={passkey}
                  onDone={async () => {
                    setRenaming(null);
                    await refresh();
                  }}
                  onCancel={() => setRenaming(null)}
                />
              ) : (
                <PasskeyRow
                  passkey={passkey}
                  label={label(passkey)}
                  onRename={() => {
                    setDone(null);
                    setRenaming(passkey.id);
                  }}
                  onDelete={() => {
                    setDone(null);
                    remove.reset();
                    setDeleting(passkey);
                  }}
                />
              )}
            </Paper>
          ))}
        </Stack>
      )}

      {supported ? (
        <AccountForm gap="xs" onSubmit={submitAdd} maw={420}>
          <TextInput
            label={t("passkeys.name")}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={LIMITS.textMax}
          />
          <Group>
            <Button
              type="submit"
              loading={add.isPending}
              leftSection={<IconKey size={16} aria-hidden="true" />}
            >
              {t("passkeys.add")}
            </Button>
          </Group>
        </AccountForm>
      ) : (
        <Text>{t("passkeys.unsupported")}</Text>
      )}
      <ActionFeedback success={done} error={addError} />

      <ConfirmDialog
        opened={deleting !== null}
        title={t("passkeys.deleteTitle")}
        body={t("passkeys.deleteBody", { name: deleting ? label(deleting) : "" })}
        confirmLabel={t("passkeys.deleteConfirm")}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
        pending={remove.isPending}
        error={formError(t, remove.error)}
      />
    </AccountSection>
  );
}

function PasskeyRow({
  passkey,
  label,
  onRename,
  onDelete,
}: {
  passkey: Passkey;
  label: string;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("account");
  const formatDate = useDateFormat();
  return (
    <Group justify="space-between" gap="sm">
      <div>
        <Text fw={500} style={{ overflowWrap: "anywhere" }}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {t("passkeys.added", { date: formatDate(passkey.createdAt) })}
        </Text>
      </div>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          onClick={onRename}
          aria-label={t("passkeys.rename", { name: label })}
        >
          {t("passkeys.renameShort")}
        </Button>
        <Button
          variant="default"
          color="red"
          size="xs"
          onClick={onDelete}
          aria-label={t("passkeys.delete", { name: label })}
        >
          {t("passkeys.deleteShort")}
        </Button>
      </Group>
    </Group>
  );
}

function RenameForm({
  passkey,
  onDone,
  onCancel,
}: {
  passkey: Passkey;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("account");
  const [name, setName] = useState(passkey.name ?? "");
  const input = useRef<HTMLInputElement>(null);
  const rename = useMutation({
    mutationFn: (next: string) => renamePasskey(passkey.id, next),
    onSuccess: onDone,
  });

  useEffect(() => input.current?.select(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== "") rename.mutate(name.trim());
  };

  return (
    <AccountForm gap="xs" onSubmit={submit}>
      <TextInput
        ref={input}
        label={t("passkeys.newName")}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        maxLength={LIMITS.textMax}
        required
      />
      <Group gap="sm">
        <Button type="submit" size="xs" loading={rename.isPending}>
          {t("passkeys.saveName")}
        </Button>
        <Button variant="default" size="xs" onClick={onCancel}>
          {t("actions.cancel")}
        </Button>
      </Group>
      <ActionFeedback error={formError(t, rename.error)} />
    </AccountForm>
  );
}
