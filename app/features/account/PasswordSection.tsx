import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/List.css";
import { Button, Checkbox, Group, List, Text, VisuallyHidden } from "@mantine/core";
import { IconCircleCheck, IconCircleDashed } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { PASSWORD_LIMITS } from "../../../domain/limits.ts";
import type { Account } from "../../../domain/schemas/account.ts";
import { fieldError, formError } from "../../api/errorMessages.ts";
import { PasswordField } from "../login/PasswordField.tsx";
import { AccountForm } from "./AccountForm.tsx";
import { AccountSection } from "./AccountSection.tsx";
import { ActionFeedback } from "./ActionFeedback.tsx";
import { changePassword } from "./accountApi.ts";

type Problems = { current?: string; next?: string; confirm?: string };

function Rule({ met, label }: { met: boolean | null; label: string }) {
  const { t } = useTranslation("account");
  const Icon = met ? IconCircleCheck : IconCircleDashed;
  return (
    <List.Item
      icon={
        <Icon
          size={18}
          aria-hidden="true"
          color={met ? "var(--mantine-color-green-7)" : "var(--mantine-color-dimmed)"}
        />
      }
    >
      {label}
      {/* Rules the server alone can judge carry no state. */}
      {met !== null && (
        <VisuallyHidden>{` (${met ? t("password.ruleMet") : t("password.ruleNotMet")})`}</VisuallyHidden>
      )}
    </List.Item>
  );
}

/** Change of password, with the rules shown as they are met, and the option to end other sessions. */
export function PasswordSection({ account }: { account: Account }) {
  const { t } = useTranslation("account");
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [problems, setProblems] = useState<Problems>({});
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
  const lengthMet = next.length >= min && next.length <= max;
  const differentMet = next !== "" && next !== current;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (current === "") found.current = t("password.required");
    if (next.length < min) found.next = t("password.tooShort", { min });
    else if (next.length > max) found.next = t("password.tooLong", { max });
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
          error={problems.next ?? fieldError(t, change.error, "newPassword")}
        />
        <div>
          <Text size="sm">{t("password.requirementsTitle")}</Text>
          <List size="sm" spacing={4} mt={4}>
            <Rule met={lengthMet} label={t("password.ruleLength", { min, max })} />
            <Rule met={differentMet} label={t("password.ruleDifferent")} />
            <Rule met={null} label={t("password.ruleGuessable")} />
          </List>
        </div>
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
