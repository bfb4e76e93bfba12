import "@mantine/core/styles/Overlay.css";
import { Alert, Anchor, Box, Button, Group, Overlay, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { unsubscribeApi } from "../../../domain/api/unsubscribe.ts";
import { TIMINGS_MS } from "../../../domain/limits.ts";
import { callApi } from "../../api/client.ts";
import { LOGIN_PATH } from "../../session/homeRoute.ts";
import { PublicLayout } from "../../shell/PublicLayout.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { SUPPORT_CONTACT } from "./supportContact.ts";

type Step = "asking" | "unsubscribing" | "cancelling" | "failed";

/** The signed link of the email, passed on as received: the server checks it (spec: not checked here). */
function linkOf(params: URLSearchParams): { accountId: string; sig: string } {
  return { accountId: params.get("accountId") ?? "", sig: params.get("sig") ?? "" };
}

/**
 * Spec /unsubscribe, reached from an email link without signing in. Unsubscribe shows its success
 * overlay at once and calls the server 2.5 s later (then sign-in, or the Oops message); Cancel
 * shows its overlay and goes to sign-in after 2.5 s.
 */
export function UnsubscribePage() {
  const { t } = useTranslation("account");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>("asking");
  const overlayMessage = useRef<HTMLDivElement>(null);
  usePageTitle(t("unsubscribe.title"));

  useEffect(() => {
    if (step !== "unsubscribing" && step !== "cancelling") return;
    // The buttons under the overlay are out of reach: focus goes to its message.
    overlayMessage.current?.focus();
    let active = true;
    const timer = setTimeout(async () => {
      if (step === "cancelling") return navigate(LOGIN_PATH);
      try {
        await callApi(unsubscribeApi.confirm, { query: linkOf(params) });
        if (active) navigate(LOGIN_PATH);
      } catch {
        if (active) setStep("failed");
      }
    }, TIMINGS_MS.unsubscribeDelay);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [step, params, navigate]);

  const busy = step === "unsubscribing" || step === "cancelling";

  return (
    <PublicLayout>
      <Stack gap="xl" inert={busy}>
        <Title order={1}>{t("unsubscribe.title")}</Title>
        <Text size="lg">{t("unsubscribe.question")}</Text>
        {step === "failed" && (
          <Alert color="red" role="alert">
            {t("unsubscribe.failure")}
          </Alert>
        )}
        <Group gap="sm">
          <Button onClick={() => setStep("unsubscribing")}>{t("unsubscribe.unsubscribe")}</Button>
          <Button variant="default" onClick={() => setStep("cancelling")}>
            {t("unsubscribe.cancel")}
          </Button>
        </Group>
        <Box component="section" aria-labelledby="unsubscribe-contact">
          <Title order={2} size="h4" id="unsubscribe-contact">
            {t("unsubscribe.contactHeading")}
          </Title>
          <Text mt="xs">
            <Trans
              t={t}
              i18nKey="unsubscribe.phone"
              values={{ phone: SUPPORT_CONTACT.phone }}
              components={{ phone: <Anchor href={`tel:${SUPPORT_CONTACT.phoneDial}`} /> }}
            />
          </Text>
          <Text>
            <Trans
              t={t}
              i18nKey="unsubscribe.email"
              values={{ email: SUPPORT_CONTACT.email }}
              components={{ email: <Anchor href={`mailto:${SUPPORT_CONTACT.email}`} /> }}
            />
          </Text>
        </Box>
      </Stack>
      {busy && (
        <Overlay fixed center backgroundOpacity={0.55} blur={2} zIndex={200}>
          <Paper ref={overlayMessage} tabIndex={-1} role="status" shadow="md" p="xl" m="md" maw={420}>
            <Text size="lg" fw={700} ta="center">
              {step === "unsubscribing" ? t("unsubscribe.success") : t("unsubscribe.cancelled")}
            </Text>
          </Paper>
        </Overlay>
      )}
    </PublicLayout>
  );
}
