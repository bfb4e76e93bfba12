import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Code.css";
import { Badge, Button, Center, Code, Group, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Account } from "../../../domain/schemas/account.ts";
import { fieldError, formError } from "../../api/errorMessages.ts";
import { accountQueryKey } from "../../session/account.ts";
import { AccountForm } from "./AccountForm.tsx";
import { AccountSection } from "./AccountSection.tsx";
import { ActionFeedback } from "./ActionFeedback.tsx";
import {
  confirmTwoFactor,
  disableTwoFactor,
  regenerateBackupCodes,
  startTwoFactor,
  type TwoFactorSetup,
} from "./accountApi.ts";
import { BackupCodes } from "./BackupCodes.tsx";
import { PasswordPrompt } from "./PasswordPrompt.tsx";
import { groupForReading, secretFromTotpUri } from "./totpUri.ts";

// The QR encoder is needed by this step only: its own chunk.
const TotpQrCode = lazy(() => import("./TotpQrCode.tsx").then((m) => ({ default: m.TotpQrCode })));

type Step =
  | { name: "idle"; done?: "enabled" | "disabled" }
  | { name: "enablePassword" }
  | { name: "scan"; setup: TwoFactorSetup }
  | { name: "codes"; codes: string[]; done?: "enabled" }
  | { name: "disablePassword" }
  | { name: "regeneratePassword" };

/**
 * TOTP two-factor: turn on (password, then QR code and key, then a code from the app, then the
 * backup codes once), turn off with the password, and replace the backup codes.
 */
export function TwoFactorSection({ account }: { account: Account }) {
  const { t } = useTranslation("account");
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: "idle" });
  const refreshAccount = () => queryClient.invalidateQueries({ queryKey: accountQueryKey });

  const start = useMutation({
    mutationFn: startTwoFactor,
    onSuccess: (setup) => setStep({ name: "scan", setup }),
  });
  const disable = useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      await refreshAccount();
      setStep({ name: "idle", done: "disabled" });
    },
  });
  const regenerate = useMutation({
    mutationFn: regenerateBackupCodes,
    onSuccess: (codes) => setStep({ name: "codes", codes }),
  });

  const cancel = () => {
    for (const mutation of [start, disable, regenerate]) mutation.reset();
    setStep({ name: "idle" });
  };

  if (!account.hasPassword) {
    return (
      <AccountSection title={t("twoFactor.heading")} description={t("twoFactor.explain")}>
        <Text>{t("twoFactor.noPassword")}</Text>
      </AccountSection>
    );
  }

  const enabled = account.twoFactorEnabled;
  return (
    <AccountSection title={t("twoFactor.heading")} description={t("twoFactor.explain")}>
      <Group gap="xs">
        <Text>
          {t("twoFactor.status", { status: enabled ? t("twoFactor.statusOn") : t("twoFactor.statusOff") })}
        </Text>
        <Badge color={enabled ? "green" : "gray"} variant="light" aria-hidden="true">
          {enabled ? t("twoFactor.statusOn") : t("twoFactor.statusOff")}
        </Badge>
      </Group>

      {step.name === "idle" && (
        <>
          <Group gap="sm">
            {enabled ? (
              <>
                <Button variant="default" onClick={() => setStep({ name: "regeneratePassword" })}>
                  {t("twoFactor.regenerate")}
                </Button>
                <Button variant="default" color="red" onClick={() => setStep({ name: "disablePassword" })}>
                  {t("twoFactor.disable")}
                </Button>
              </>
            ) : (
              <Button onClick={() => setStep({ name: "enablePassword" })}>{t("twoFactor.enable")}</Button>
            )}
          </Group>
          <ActionFeedback
            success={
              step.done === "enabled"
                ? t("twoFactor.enabled")
                : step.done === "disabled"
                  ? t("twoFactor.disabled")
                  : null
            }
          />
        </>
      )}

      {step.name === "enablePassword" && (
        <PasswordPrompt
          prompt={t("twoFactor.confirmPasswordEnable")}
          submitLabel={t("twoFactor.continue")}
          onSubmit={(password) => start.mutate(password)}
          onCancel={cancel}
          pending={start.isPending}
          error={start.error}
        />
      )}
      {step.name === "disablePassword" && (
        <PasswordPrompt
          prompt={t("twoFactor.confirmPasswordDisable")}
          submitLabel={t("twoFactor.disable")}
          onSubmit={(password) => disable.mutate(password)}
          onCancel={cancel}
          pending={disable.isPending}
          error={disable.error}
          danger
        />
      )}
      {step.name === "regeneratePassword" && (
        <PasswordPrompt
          prompt={t("twoFactor.confirmPasswordRegenerate")}
          submitLabel={t("twoFactor.regenerate")}
          onSubmit={(password) => regenerate.mutate(password)}
          onCancel={cancel}
          pending={regenerate.isPending}
          error={regenerate.error}
        />
      )}
      {step.name === "scan" && (
        <ScanStep
          setup={step.setup}
          onVerified={async () => {
            await refreshAccount();
            setStep({ name: "codes", codes: step.setup.backupCodes, done: "enabled" });
          }}
          onCancel={cancel}
        />
      )}
      {step.name === "codes" && (
        <BackupCodes
          codes={step.codes}
          email={account.email}
          onDone={() => setStep({ name: "idle", done: step.done })}
        />
      )}
    </AccountSection>
  );
}

const SIX_DIGITS = /^\d{6}$/;

function ScanStep({
  setup,
  onVerified,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onVerified: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation("account");
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [copied, setCopied] = useState(false);
  const verify = useMutation({ mutationFn: confirmTwoFactor, onSuccess: onVerified });
  const secret = secretFromTotpUri(setup.totpURI);
  const heading = useRef<HTMLHeadingElement>(null);

  // The password form it replaces had the focus: start the reader at the first instruction.
  useEffect(() => heading.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, "");
    setInvalid(!SIX_DIGITS.test(digits));
    if (SIX_DIGITS.test(digits)) verify.mutate(digits);
  };

  const copyKey = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={3} size="h4" ref={heading} tabIndex={-1}>
        {t("twoFactor.scanTitle")}
      </Title>
      <Suspense
        fallback={
          <Center w={200} h={200}>
            <Loader role="status" aria-label={t("twoFactor.qrLoading")} />
          </Center>
        }
      >
        <TotpQrCode value={setup.totpURI} label={t("twoFactor.qrLabel")} />
      </Suspense>
      {secret && (
        <Stack gap={4}>
          <Text fw={500}>{t("twoFactor.manualKey")}</Text>
          <Group gap="sm">
            <Code fz="md" style={{ letterSpacing: "0.05em" }}>
              {groupForReading(secret)}
            </Code>
            <Button variant="default" size="xs" onClick={copyKey}>
              {copied ? t("twoFactor.copied") : t("twoFactor.copyKey")}
            </Button>
          </Group>
        </Stack>
      )}
      <AccountForm gap="sm" onSubmit={submit} maw={420}>
        <Title order={3} size="h4">
          {t("twoFactor.codeTitle")}
        </Title>
        <TextInput
          label={t("twoFactor.code")}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            verify.reset();
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          error={invalid ? t("twoFactor.codeInvalid") : fieldError(t, verify.error, "code")}
        />
        <Group gap="sm">
          <Button type="submit" loading={verify.isPending}>
            {t("twoFactor.verify")}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t("actions.cancel")}
          </Button>
        </Group>
        <ActionFeedback error={formError(t, verify.error, ["code"])} />
      </AccountForm>
    </Stack>
  );
}
