import "@mantine/core/styles/Checkbox.css";
import { Alert, Anchor, Button, Checkbox, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage, fieldError, isAboutFields } from "../../api/errorMessages.ts";
import { type SecondFactor, verifySecondFactor } from "../../session/authApi.ts";
import { type FieldCheck, problemText } from "./formValidation.ts";

export interface TwoFactorStepProps {
  onVerified: () => Promise<void>;
  /** Back to the email and password (the second-factor step has expired, or the reader wants out). */
  onRestart: () => void;
}

const TOTP_SHAPE = /^\d{6}$/;

/** The second step when the account has two-step verification: an app code, or a backup code. */
export function TwoFactorStep({ onVerified, onRestart }: TwoFactorStepProps) {
  const { t } = useTranslation("auth");
  const [kind, setKind] = useState<SecondFactor>("totp");
  const [code, setCode] = useState("");
  const [trustDevice, setTrustDevice] = useState(false);
  const [problem, setProblem] = useState<FieldCheck>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  // The password form just left the page: focus goes to the code, where the reader continues.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on entering the step and on switching kind
  useEffect(() => codeRef.current?.focus(), [kind]);

  function switchKind() {
    setKind((current) => (current === "totp" ? "backupCode" : "totp"));
    setCode("");
    setProblem(null);
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = kind === "totp" ? code.replace(/\s/g, "") : code.trim();
    const found: FieldCheck =
      kind === "totp"
        ? TOTP_SHAPE.test(value)
          ? null
          : { key: "validation.codeInvalid" }
        : value === ""
          ? { key: "validation.backupCodeRequired" }
          : null;
    setProblem(found);
    if (found) return codeRef.current?.focus();
    setPending(true);
    setError(null);
    try {
      await verifySecondFactor(kind, value, trustDevice);
      await onVerified();
    } catch (caught) {
      setError(caught);
      setPending(false);
      codeRef.current?.focus();
    }
  }

  const codeError = problemText(t, problem ?? undefined) ?? fieldError(t, error, "code");

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t("twoFactor.heading")}</Title>
        <Text mt="xs">{kind === "totp" ? t("twoFactor.intro") : t("twoFactor.introBackup")}</Text>
      </div>
      {error !== null && !isAboutFields(error, ["code"]) && (
        <Alert color="red" variant="light">
          <Text size="sm">{errorMessage(t, error)}</Text>
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {kind === "totp" ? (
            <TextInput
              key="totp"
              ref={codeRef}
              label={t("twoFactor.code")}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              required
              withAsterisk={false}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={codeError}
              styles={{ input: { letterSpacing: "0.3em", fontVariantNumeric: "tabular-nums" } }}
            />
          ) : (
            <TextInput
              key="backup"
              ref={codeRef}
              label={t("twoFactor.backupCode")}
              name="backupCode"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              withAsterisk={false}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={codeError}
            />
          )}
          <Checkbox
            label={t("twoFactor.trustDevice")}
            checked={trustDevice}
            onChange={(event) => setTrustDevice(event.currentTarget.checked)}
          />
          <Button type="submit" fullWidth loading={pending}>
            {t("twoFactor.submit")}
          </Button>
        </Stack>
      </form>
      <Stack gap="xs" align="center">
        <Anchor component="button" type="button" size="sm" underline="always" onClick={switchKind}>
          {kind === "totp" ? t("twoFactor.useBackup") : t("twoFactor.useApp")}
        </Anchor>
        <Anchor component="button" type="button" size="sm" underline="always" onClick={onRestart}>
          {t("twoFactor.back")}
        </Anchor>
      </Stack>
    </Stack>
  );
}
