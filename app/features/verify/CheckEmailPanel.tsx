import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessages.ts";
import { sendVerificationEmail } from "../../session/authApi.ts";
import { RichText } from "../login/RichText.tsx";

/** Seconds between two sends, so an impatient click does not fill the inbox (the server limits too). */
const RESEND_COOLDOWN_SECONDS = 60;

export interface CheckEmailPanelProps {
  email: string;
  /**
   * "registered": an email was just sent on sign-up; say where, and wait before offering another.
   * "resend": sign-in was refused for an unconfirmed address; offer to send the link again.
   */
  variant: "registered" | "resend";
}

function useCountdown(initialSeconds: number): [number, (seconds: number) => void] {
  const [seconds, setSeconds] = useState(initialSeconds);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = window.setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);
  return [seconds, setSeconds];
}

/**
 * The email verification step: where the link went, the spec's red note about the Spam or Junk
 * folder (red shade 8 in light, 5 in dark: 4.5:1 or more, with an icon so colour is not the only
 * cue), and a resend button with a cooldown.
 */
export function CheckEmailPanel({ email, variant }: CheckEmailPanelProps) {
  const { t } = useTranslation("auth");
  const [cooldown, setCooldown] = useCountdown(variant === "registered" ? RESEND_COOLDOWN_SECONDS : 0);
  const [sending, setSending] = useState(false);
  const [sentAgain, setSentAgain] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const cooldownId = useId();

  async function resend() {
    setSending(true);
    setError(null);
    try {
      await sendVerificationEmail(email);
      setSentAgain(true);
      setCooldown(RESEND_COOLDOWN_SECONDS);
    } catch (caught) {
      setError(caught);
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack gap="sm">
      {variant === "registered" && (
        <Text>
          <RichText text={t("checkEmail.sentTo", { email })} components={{ strong: <strong /> }} />
        </Text>
      )}
      {(variant === "registered" || sentAgain) && (
        <Group gap="xs" wrap="nowrap" align="flex-start" c="var(--mantine-color-error)">
          <IconAlertTriangle size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" fw={500} inherit>
            {t("checkEmail.spam")}
          </Text>
        </Group>
      )}
      <div role="status">
        {sentAgain && (
          <Text size="sm" fw={500}>
            {variant === "resend" ? t("login.resent", { email }) : t("checkEmail.resent")}
          </Text>
        )}
      </div>
      {error !== null && (
        <Alert color="red" variant="light">
          <Text size="sm">{errorMessage(t, error)}</Text>
        </Alert>
      )}
      <div>
        <Button
          variant={variant === "resend" ? "light" : "default"}
          onClick={() => void resend()}
          loading={sending}
          disabled={cooldown > 0}
          aria-describedby={cooldown > 0 ? cooldownId : undefined}
        >
          {t("checkEmail.resend")}
        </Button>
        {cooldown > 0 && (
          <Text id={cooldownId} size="sm" c="dimmed" mt={6}>
            {t("checkEmail.resendIn", { seconds: cooldown })}
          </Text>
        )}
      </div>
    </Stack>
  );
}
