import "@mantine/core/styles/Badge.css";
import { Badge, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIMITS } from "../../../domain/limits.ts";
import type { Account } from "../../../domain/schemas/account.ts";
import { fieldError, formError } from "../../api/errorMessages.ts";
import { useSetAccount } from "../../session/account.ts";
import { AccountForm } from "./AccountForm.tsx";
import { AccountSection } from "./AccountSection.tsx";
import { ActionFeedback } from "./ActionFeedback.tsx";
import { requestEmailChange, saveAccount } from "./accountApi.ts";

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Name, and the sign-in email with its change (a link sent to confirm it). */
export function ProfileSection({ account }: { account: Account }) {
  const { t } = useTranslation("account");
  return (
    <AccountSection title={t("profile.heading")}>
      <NameForm account={account} />
      <EmailBlock account={account} />
    </AccountSection>
  );
}

function NameForm({ account }: { account: Account }) {
  const { t } = useTranslation("account");
  const setAccount = useSetAccount();
  const [name, setName] = useState(account.name);
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({ mutationFn: saveAccount, onSuccess: setAccount });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setInvalid(trimmed === "");
    if (trimmed !== "") save.mutate({ name: trimmed });
  };

  const serverError = fieldError(t, save.error, "name");
  return (
    <AccountForm gap="xs" onSubmit={submit}>
      <TextInput
        label={t("profile.name")}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          save.reset();
        }}
        maxLength={LIMITS.textMax}
        autoComplete="name"
        required
        error={invalid ? t("profile.nameRequired") : serverError}
        maw={420}
      />
      <Group>
        <Button type="submit" loading={save.isPending}>
          {t("profile.saveName")}
        </Button>
      </Group>
      <ActionFeedback
        success={save.isSuccess ? t("profile.nameSaved") : null}
        error={formError(t, save.error, ["name"])}
      />
    </AccountForm>
  );
}

function EmailBlock({ account }: { account: Account }) {
  const { t } = useTranslation("account");
  const [editing, setEditing] = useState(false);
  const [newEmail, setNewEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({ mutationFn: requestEmailChange });
  const newEmailInput = useRef<HTMLInputElement>(null);

  // Pressing "Change email" brings the reader to the field it opened.
  useEffect(() => {
    if (editing) newEmailInput.current?.focus();
  }, [editing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const email = newEmail.trim();
    const issue = !EMAIL_SHAPE.test(email)
      ? t("profile.newEmailInvalid")
      : email.toLowerCase() === account.email.toLowerCase()
        ? t("profile.newEmailSame")
        : null;
    setProblem(issue);
    if (issue === null) change.mutate(email, { onSuccess: () => setEditing(false) });
  };

  return (
    <Stack gap="xs">
      <Text fw={500}>{t("profile.email")}</Text>
      <Group gap="sm">
        <Text style={{ overflowWrap: "anywhere" }}>{account.email}</Text>
        <Badge color={account.emailVerified ? "green" : "gray"} variant="light">
          {account.emailVerified ? t("profile.verified") : t("profile.notVerified")}
        </Badge>
      </Group>
      {editing ? (
        <AccountForm gap="xs" onSubmit={submit}>
          <TextInput
            label={t("profile.newEmail")}
            type="email"
            value={newEmail}
            onChange={(event) => setNewEmail(event.currentTarget.value)}
            maxLength={LIMITS.textMax}
            autoComplete="email"
            required
            error={problem ?? fieldError(t, change.error, "email") ?? fieldError(t, change.error, "newEmail")}
            maw={420}
            ref={newEmailInput}
          />
          <Group gap="sm">
            <Button type="submit" loading={change.isPending}>
              {t("profile.sendLink")}
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setEditing(false);
                setProblem(null);
                change.reset();
              }}
            >
              {t("actions.cancel")}
            </Button>
          </Group>
        </AccountForm>
      ) : (
        <Group>
          <Button
            variant="default"
            onClick={() => {
              setEditing(true);
              change.reset();
            }}
          >
            {t("profile.changeEmail")}
          </Button>
        </Group>
      )}
      <ActionFeedback
        success={change.isSuccess ? t("profile.linkSent", { email: change.variables }) : null}
        error={
          fieldError(t, change.error, "email") || fieldError(t, change.error, "newEmail")
            ? null
            : formError(t, change.error)
        }
      />
    </Stack>
  );
}
