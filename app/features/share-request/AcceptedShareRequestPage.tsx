import { Alert, Anchor, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiError, apiFetch } from "../../api/client.ts";
import { LOGIN_PATH } from "../../session/homeRoute.ts";
import { PublicLayout } from "../../shell/PublicLayout.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";

type Outcome = "working" | "granted" | "declined" | "alreadyGranted" | "alreadyAnswered" | "failed";

/** Spec: granted only when the answer is 200 with a truthy body; a body "false" read as text is not. */
function isGranted(body: unknown): boolean {
  if (typeof body === "string") return body.trim() !== "" && body.trim() !== "false";
  return Boolean(body);
}

/** A genuine link opened again answers 409 saying what became of the request (server: linkAlreadyUsed). */
function outcomeOfRefusal(error: unknown): Outcome {
  if (!(error instanceof ApiError) || error.status !== 409) return "failed";
  return error.details.state === "released" ? "alreadyGranted" : "alreadyAnswered";
}

const MESSAGES = {
  granted: { color: "green", key: "shareRequest.granted" },
  alreadyGranted: { color: "green", key: "shareRequest.alreadyGranted" },
  declined: { color: "orange", key: "shareRequest.declined" },
  alreadyAnswered: { color: "blue", key: "shareRequest.alreadyAnswered" },
} as const;

/**
 * The owner's answer to a nominee's request, posted from the email's Approve or Decline link:
 * POST /api/shared/owner/approve/{nomineeId}/{approve} with the link's sign as the bearer. The
 * loader (app/router.tsx) already sent links without approve or sign to sign-in. Posted once
 * only: the sign is single-use, and React's development double effects must not spend it twice.
 */
export function AcceptedShareRequestPage() {
  const { t } = useTranslation(["sharing", "common"]);
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>("working");
  const posted = useRef(false);
  usePageTitle(t("common:screen.shareRequest"));

  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    const nomineeId = encodeURIComponent(params.get("nomineeId") ?? "");
    const approve = encodeURIComponent(params.get("approve") ?? "");
    apiFetch<unknown>(
      `/api/shared/owner/approve/${nomineeId}/${approve}`,
      { method: "POST", headers: { Authorization: `Bearer ${params.get("sign") ?? ""}` } },
      // The link works without a session: a refusal is this page's message, not a sign-out.
      { redirectOnUnauthorized: false },
    ).then(
      (body) => setOutcome(isGranted(body) ? "granted" : "declined"),
      (error: unknown) => setOutcome(outcomeOfRefusal(error)),
    );
  }, [params]);

  return (
    <PublicLayout>
      <Stack gap="lg">
        <Title order={1}>{t("common:screen.shareRequest")}</Title>
        {outcome === "working" ? (
          <Center
            role="status"
            aria-live="polite"
            aria-busy="true"
            aria-label={t("shareRequest.working")}
            py="xl"
          >
            <Loader aria-hidden="true" />
          </Center>
        ) : outcome === "failed" ? (
          <Alert color="red" variant="light" role="alert" data-testid="share-request-outcome">
            {t("shareRequest.failed")}
          </Alert>
        ) : (
          <Alert
            color={MESSAGES[outcome].color}
            variant="light"
            role="status"
            data-testid="share-request-outcome"
          >
            <Text fw={600}>{t(MESSAGES[outcome].key)}</Text>
          </Alert>
        )}
        <Anchor component={Link} to={LOGIN_PATH}>
          {t("shareRequest.toSignIn")}
        </Anchor>
      </Stack>
    </PublicLayout>
  );
}
