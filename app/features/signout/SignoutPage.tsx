import { Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { endSession, fetchSignoutUrl } from "../../session/authApi.ts";
import { clearSessionState } from "../../session/clearSessionState.ts";
import { isReturnPath, LOGIN_PATH, RETURN_PARAM, SESSION_ENDED_PARAM } from "../../session/homeRoute.ts";
import { MAIN_CONTENT_ID } from "../../shell/SkipLink.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";

/**
 * Spec /signout, with a spinner: ask where the identity provider's logout is (before the session
 * ends, since the question needs it), end the session, forget it in this browser, then leave
 * through the provider's logout (it returns to /login) or straight to sign-in.
 */
export function SignoutPage() {
  const { t } = useTranslation("auth");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const started = useRef(false);
  // An ended session says so on the sign-in page, and returns to the page it ended on.
  const loginPath = searchParams.has(SESSION_ENDED_PARAM)
    ? `${LOGIN_PATH}?${new URLSearchParams({ [SESSION_ENDED_PARAM]: "1", ...(isReturnPath(searchParams.get(RETURN_PARAM)) ? { [RETURN_PARAM]: searchParams.get(RETURN_PARAM) ?? "" } : {}) })}`
    : LOGIN_PATH;
  usePageTitle(t("signout.title"));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const providerLogout = await fetchSignoutUrl();
      await endSession();
      clearSessionState(queryClient);
      if (providerLogout) window.location.assign(providerLogout);
      else await navigate(loginPath, { replace: true });
    })();
  }, [queryClient, navigate, loginPath]);

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
