import { Alert, Anchor, Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { nomineesApi } from "../../../domain/api/nominees.ts";
import { releaseTimingLabelKey } from "../../../domain/catalog/releaseTimings.ts";
import { formatDate } from "../../../domain/dates.ts";
import type { ShareRequestPreview } from "../../../domain/schemas/share.ts";
import { ApiError, callApi } from "../../api/client.ts";
import { LOGIN_PATH } from "../../session/homeRoute.ts";
import { PublicLayout } from "../../shell/PublicLayout.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { fullName } from "../personal-network/personDisplay.ts";
import { scopeLines } from "../shared-by-me/scopeDisplay.ts";

type Outcome = "granted" | "declined" | "alreadyGranted" | "alreadyAnswered" | "failed";

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

/** The link works without a session: a refusal is this page's message, not a sign-out. */
const NO_SIGN_OUT = { redirectOnUnauthorized: false } as const;

/**
 * The owner's answer to a nominee's request, from the email's Approve or Decline link. Opening
 * the link only reads (GET /api/shared/owner/approve/{nomineeId}, the sign as the bearer): the page
 * names the nominee, what they would receive and when, and answers only when the owner presses
 * the button (POST .../{approve}), so a link scanner or preview, even one running this script,
 * changes nothing. The loader (app/router.tsx) already sent links without approve or sign to sign-in.
 */
export function AcceptedShareRequestPage() {
  const { t } = useTranslation(["sharing", "common"]);
  const [params] = useSearchParams();
  usePageTitle(t("common:screen.shareRequest"));
  const nomineeId = params.get("nomineeId") ?? "";
  const approve = params.get("approve") === "true";
  const headers = { Authorization: `Bearer ${params.get("sign") ?? ""}` };

  const preview = useQuery({
    queryKey: ["share-request", nomineeId, headers.Authorization],
    queryFn: (): Promise<ShareRequestPreview> =>
      callApi(nomineesApi.previewByLink, { params: { nomineeId }, headers, ...NO_SIGN_OUT }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const answer = useMutation({
    mutationFn: () =>
      callApi(nomineesApi.answerByLink, {
        params: { nomineeId, approve: approve ? "true" : "false" },
        headers,
        ...NO_SIGN_OUT,
      }),
  });

  const outcome: Outcome | null = answer.isSuccess
    ? isGranted(answer.data)
      ? "granted"
      : "declined"
    : answer.isError
      ? outcomeOfRefusal(answer.error)
      : preview.isError
        ? outcomeOfRefusal(preview.error)
        : null;

  return (
    <PublicLayout>
      <Stack gap="lg">
        <Title order={1}>{t("common:screen.shareRequest")}</Title>
        {outcome !== null ? (
          <OutcomeMessage outcome={outcome} request={answer.isSuccess ? preview.data : undefined} />
        ) : preview.data ? (
          <RequestDetails request={preview.data} approve={approve}>
            <Button
              onClick={() => answer.mutate()}
              loading={answer.isPending}
              color={approve ? undefined : "red.8"}
              w="fit-content"
              maw="100%"
              styles={{ label: { whiteSpace: "normal" }, root: { height: "auto", minHeight: 36 } }}
              data-testid="share-request-confirm"
            >
              {t(approve ? "shareRequest.confirmApprove" : "shareRequest.confirmDecline", {
                name: fullName(preview.data.nominee),
              })}
            </Button>
          </RequestDetails>
        ) : (
          <Center
            role="status"
            aria-live="polite"
            aria-busy="true"
            aria-label={t("shareRequest.loading")}
            py="xl"
          >
            <Loader aria-hidden="true" />
          </Center>
        )}
        <Anchor component={Link} to={LOGIN_PATH}>
          {t("shareRequest.toSignIn")}
        </Anchor>
      </Stack>
    </PublicLayout>
  );
}

/** Who asks, what they would receive and when, in the reader's language. */
function RequestDetails({
  request,
  approve,
  children,
}: {
  request: ShareRequestPreview;
  approve: boolean;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation(["sharing", "catalog", "sections"]);
  const name = fullName(request.nominee);
  return (
    <Stack gap="md" data-testid="share-request-details">
      <Text>{t("shareRequest.intro", { name, email: request.nominee.email })}</Text>
      <dl style={{ margin: 0, display: "grid", gap: "var(--mantine-spacing-sm)" }}>
        <div>
          <Text component="dt" fw={700} size="sm">
            {t("shareRequest.what")}
          </Text>
          <dd style={{ margin: 0, overflowWrap: "anywhere" }} data-testid="share-request-scope">
            <ScopeList request={request} />
          </dd>
        </div>
        <div>
          <Text component="dt" fw={700} size="sm">
            {t("shareRequest.when")}
          </Text>
          <dd style={{ margin: 0 }} data-testid="share-request-release">
            <Text>{t(`catalog:${releaseTimingLabelKey(request.release)}`)}</Text>
            {request.releaseAt !== null ? (
              <Text size="sm">
                {t("shareRequest.releaseAt", { date: formatDate(request.releaseAt, i18n.language) })}
              </Text>
            ) : null}
          </dd>
        </div>
      </dl>
      <Text>{t(approve ? "shareRequest.approveNote" : "shareRequest.declineNote", { name })}</Text>
      {children}
    </Stack>
  );
}

function ScopeList({ request }: { request: ShareRequestPreview }) {
  const { t } = useTranslation(["sharing", "sections"]);
  return (
    <ul style={{ margin: 0, paddingInlineStart: "1.25rem" }}>
      {scopeLines(request.scope, t).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** The answer, naming who got access to what when this page gave the answer. */
function OutcomeMessage({
  outcome,
  request,
}: {
  outcome: Outcome;
  request: ShareRequestPreview | undefined;
}) {
  const { t } = useTranslation("sharing");
  if (outcome === "failed")
    return (
      <Alert color="red" variant="light" role="alert" data-testid="share-request-outcome">
        {t("shareRequest.failed")}
      </Alert>
    );
  const name = request ? fullName(request.nominee) : "";
  return (
    <Alert color={MESSAGES[outcome].color} variant="light" role="status" data-testid="share-request-outcome">
      <Stack gap="xs">
        <Text fw={600}>{t(MESSAGES[outcome].key)}</Text>
        {request && outcome === "granted" ? (
          <>
            <Text>{t("shareRequest.grantedWho", { name })}</Text>
            <ScopeList request={request} />
          </>
        ) : null}
        {request && outcome === "declined" ? <Text>{t("shareRequest.declinedWho", { name })}</Text> : null}
      </Stack>
    </Alert>
  );
}
