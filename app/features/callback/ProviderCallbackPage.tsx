import { Alert, Anchor, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { LOGIN_PATH } from "../../session/homeRoute.ts";
import { useFinishSignIn } from "../../session/useFinishSignIn.ts";
import { PublicLayout } from "../../shell/PublicLayout.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";

/**
 * Spec /implicit/callback: the server has completed the identity provider's flow and set the
 * session cookie, or sends `?error=` when it could not. Load the account and go where it belongs.
 */
export function ProviderCallbackPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const finishSignIn = useFinishSignIn();
  const [failed, setFailed] = useState(params.has("error"));
  const started = useRef(false);
  usePageTitle(failed ? t("callback.failedHeading") : t("callback.title"));

  useEffect(() => {
    if (failed || started.current) return;
    started.current = true;
    finishSignIn().catch(() => setFailed(true));
  }, [failed, finishSignIn]);

  if (failed) {
    return (
      <PublicLayout size="xs">
        <Stack gap="lg">
          <Title order={1}>{t("callback.failedHeading")}</Title>
          <Alert color="red" variant="light">
            <Text size="sm">{t("callback.failed")}</Text>
          </Alert>
          <Anchor component={Link} to={LOGIN_PATH} underline="always">
            {t("callback.toSignIn")}
          </Anchor>
        </Stack>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout size="xs">
      <Center mih="40vh">
        <Stack align="center" role="status" aria-live="polite">
          <Title order={1} size="h3">
            {t("callback.title")}
          </Title>
          <Loader aria-hidden="true" />
          <Text>{t("callback.inProgress")}</Text>
        </Stack>
      </Center>
    </PublicLayout>
  );
}
