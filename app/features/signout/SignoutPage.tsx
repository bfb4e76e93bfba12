import { Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { clearSessionState } from "../../session/clearSessionState.ts";
import { LOGIN_PATH } from "../../session/homeRoute.ts";
import { MAIN_CONTENT_ID } from "../../shell/SkipLink.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";

/** Spec /signout: forget the session in this browser, with a spinner, then go to sign-in. */
export function SignoutPage() {
  const { t } = useTranslation("common");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  usePageTitle(t("signout.title"));

  useEffect(() => {
    clearSessionState(queryClient);
    navigate(LOGIN_PATH, { replace: true });
  }, [queryClient, navigate]);

  return (
    <Center component="main" id={MAIN_CONTENT_ID} mih="100vh">
      <Stack align="center" role="status" aria-live="polite">
        <Title order={1} size="h3">
          {t("signout.title")}
        </Title>
        <Loader aria-hidden="true" />
        <Text>{t("signout.inProgress")}</Text>
      </Stack>
    </Center>
  );
}
