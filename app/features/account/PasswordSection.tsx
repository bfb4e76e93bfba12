import "@mantine/core/styles/Checkbox.css";
import { Button, Checkbox, Group, Text, VisuallyHidden } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PASSWORD_LIMITS } from "../../../domain/limits.ts";
import { passwordRefusal } from "../../../domain/passwordStrength.ts";
import type { Account } from "../../../domain/schemas/account.ts";
import { fieldError, formError } from "../../api/errorMessages.ts";
import { PasswordField } from "../login/PasswordField.tsx";
import { PasswordStrengthMeter } from "../register/PasswordStrengthMeter.tsx";
import { AccountForm } from "./AccountForm.tsx";
import { AccountSection } from "./AccountSection.tsx";
import { ActionFeedback } from "./ActionFeedback.tsx";
import { changePassword } from "./accountApi.ts";

type Problems = { current?: string; next?: string; confirm?: string };

/** Change of password, with the rules shown as they are met, and the option to end other sessions. */
export function PasswordSection({ account }: { account: Account }) {
  const { t } = useTranslation("account");
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [problems, setProblems] = useState<Problems>({});
  const meterId = useId();
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setCurrent("");
      setNext("");
      setConfirm("");
    },
  });

  if (!account.hasPassword) {
    return (
      <AccountSection title={t("password.heading")}>
        <Text>{t("password.noPassword")}</Text>
      </AccountSection>
    );
  }

  const { minLength: min, maxLength: max } = PASSWORD_LIMITS;
  // The server judges a new password with the account's email and name: so does the meter.
  const context = { email: account.email, name: account.name };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (current === "") found.current = t("password.required");
    const refusal = passwordRefusal(next, context);
    if (refusal === "password_too_short") found.next = t("password.tooShort", { min });
    else if (refusal === "password_too_long") found.next = t("password.tooLong", { max });
    else if (refusal === "password_too_weak") found.next = t("password.tooWeak");
    else if (next === current) found.next = t("password.sameAsCurrent");
    if (confirm !== next) found.confirm = t("password.mismatch");
    setProblems(found);
    if (Object.keys(found).length === 0) {
      change.mutate({ currentPassword: current, newPassword: next, revokeOtherSessions: signOutOthers });
    }
  };

  const edit = (setter: (value: string) => void) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setter(event.currentTarget.value);
    change.reset();
  };

  return (
    <AccountSection title={t("password.heading")}>
      <AccountForm gap="sm" onSubmit={submit} maw={420}>
        <PasswordField
          toggleLabel={t("actions.showPassword")}
          label={t("password.current")}
          value={current}
          onChange={edit(setCurrent)}
          autoComplete="current-password"
          required
          error={
            problems.current ??
            fieldError(t, change.error, "password") ??
            fieldError(t, change.error, "currentPassword")
          }
        />
        <PasswordField
          toggleLabel={t("actions.showPassword")}
          label={t("password.new")}
          value={next}
          onChange={edit(setNext)}
          autoComplete="new-password"
          required
          // The checklist below shows the rules; this says them with the field, for screen readers.
          description={<VisuallyHidden>{t("password.rulesSummary", { min, max })}</VisuallyHidden>}
          aria-describedby={meterId}
          error={problems.next ?? fieldError(t, change.error, "newPassword")}
        />
        <PasswordStrengthMeter id={meterId} password={next} context={context} />
        <PasswordField
          toggleLabel={t("actions.showPassword")}
          label={t("password.confirm")}
          value={confirm}
          onChange={edit(setConfirm)}
          autoComplete="new-password"
          required
          error={problems.confirm}
        />
        <Checkbox
          label={t("password.signOutOthers")}
          checked={signOutOthers}
          onChange={(event) => setSignOutOthers(event.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t("password.submit")}
          </Button>
        </Group>
        <ActionFeedback
          success={change.isSuccess ? t("password.changed") : null}
          error={formError(t, change.error, ["password", "currentPassword", "newPassword"])}
        />
      </AccountForm>
    </AccountSection>
  );
}
