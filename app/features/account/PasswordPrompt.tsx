import { Button, Group, Text } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldError, formError } from "../../api/errorMessages.ts";
import { PasswordField } from "../login/PasswordField.tsx";
import { AccountForm } from "./AccountForm.tsx";
import { ActionFeedback } from "./ActionFeedback.tsx";

export interface PasswordPromptProps {
  prompt: string;
  submitLabel: string;
  onSubmit: (password: string) => void;
  onCancel: () => void;
  pending: boolean;
  error: unknown;
  /** A red button for what takes protection away. */
  danger?: boolean;
}

/** Asks the account password again before a change to how the account signs in. */
export function PasswordPrompt({
  prompt,
  submitLabel,
  onSubmit,
  onCancel,
  pending,
  error,
  danger,
}: PasswordPromptProps) {
  const { t } = useTranslation("account");
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // It replaces the button just pressed: focus goes to the field it asks for.
  useEffect(() => input.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(password === "");
    if (password !== "") onSubmit(password);
  };

  return (
    <AccountForm gap="sm" onSubmit={submit} maw={420}>
      <Text>{prompt}</Text>
      <PasswordField
        toggleLabel={t("actions.showPassword")}
        label={t("twoFactor.password")}
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        autoComplete="current-password"
        required
        error={missing ? t("twoFactor.passwordRequired") : fieldError(t, error, "password")}
        ref={input}
      />
      <Group gap="sm">
        <Button type="submit" loading={pending} color={danger ? "red" : undefined}>
          {submitLabel}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t("actions.cancel")}
        </Button>
      </Group>
      <ActionFeedback error={formError(t, error, ["password"])} />
    </AccountForm>
  );
}
