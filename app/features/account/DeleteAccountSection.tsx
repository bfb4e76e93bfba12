import "@mantine/core/styles/List.css";
import { Button, Group, List, Text, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Account } from "../../../domain/schemas/account.ts";
import { fieldError, formError } from "../../api/errorMessages.ts";
import { clearSessionState } from "../../session/clearSessionState.ts";
import { LOGIN_PATH } from "../../session/homeRoute.ts";
import { PasswordField } from "../login/PasswordField.tsx";
import { AccountForm } from "./AccountForm.tsx";
import { AccountSection } from "./AccountSection.tsx";
import { ActionFeedback } from "./ActionFeedback.tsx";
import { deleteAccount } from "./accountApi.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";

/** The sign-in page shows its "account deleted" notice for this address. */
const ACCOUNT_DELETED_PATH = `${LOGIN_PATH}?accountDeleted=1`;

type Problems = { password?: string; word?: string };

/**
 * The danger zone: what deleting removes, then the password (for accounts that have one) and the
 * typed word (DELETE, or SUPPRIMER in French), then a last confirmation. Afterwards, sign-in.
 */
export function DeleteAccountSection({ account }: { account: Account }) {
  const { t } = useTranslation("account");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [typed, setTyped] = useState("");
  const [problems, setProblems] = useState<Problems>({});
  const [confirming, setConfirming] = useState(false);
  const word = t("delete.word");

  const remove = useMutation({
    mutationFn: deleteAccount,
    // Leave the signed-in screens first, so nothing there asks again for the account just removed.
    onSuccess: async () => {
      await navigate(ACCOUNT_DELETED_PATH, { replace: true });
      clearSessionState(queryClient);
    },
    // The refusal is about what was typed: back to the form, where it shows beside the field.
    onError: () => setConfirming(false),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (account.hasPassword && password === "") found.password = t("delete.passwordRequired");
    if (typed.trim() !== word) found.word = t("delete.wordMismatch", { word });
    setProblems(found);
    if (Object.keys(found).length === 0) {
      remove.reset();
      setConfirming(true);
    }
  };

  return (
    <AccountSection title={t("delete.heading")} danger>
      <Text>{t("delete.explain")}</Text>
      <List>
        <List.Item>{t("delete.itemRecords")}</List.Item>
        <List.Item>{t("delete.itemFiles")}</List.Item>
        <List.Item>{t("delete.itemShares")}</List.Item>
        <List.Item>{t("delete.itemSignIn")}</List.Item>
      </List>
      <AccountForm gap="sm" onSubmit={submit} maw={420}>
        {account.hasPassword && (
          <PasswordField
            toggleLabel={t("actions.showPassword")}
            label={t("delete.password")}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="current-password"
            required
            error={problems.password ?? fieldError(t, remove.error, "password")}
          />
        )}
        <TextInput
          label={t("delete.typeWord", { word })}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          error={problems.word ?? fieldError(t, remove.error, "confirmation")}
        />
        <Group>
          <Button type="submit" color="red">
            {t("delete.submit")}
          </Button>
        </Group>
        <ActionFeedback
          error={confirming ? null : formError(t, remove.error, ["password", "confirmation"])}
        />
      </AccountForm>
      <ConfirmDialog
        opened={confirming}
        title={t("delete.confirmTitle")}
        body={t("delete.confirmBody")}
        confirmLabel={t("delete.confirm")}
        onConfirm={() =>
          remove.mutate({ ...(account.hasPassword ? { password } : {}), confirmation: typed.trim() })
        }
        onCancel={() => setConfirming(false)}
        pending={remove.isPending}
        error={confirming ? formError(t, remove.error) : null}
      />
    </AccountSection>
  );
}
