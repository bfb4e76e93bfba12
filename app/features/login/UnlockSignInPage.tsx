import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { authApi } from "../../../domain/api/auth.ts";
import { callApi } from "../../api/client.ts";
import { LOGIN_PATH } from "../../session/homeRoute.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { AuthLayout } from "./AuthLayout.tsx";

/**
 * /unlock-sign-in?email&expires&sig: the link mailed when sign-ins with an address were paused
 * (server/auth/trusted-devices.ts). Opening it only explains; the button posts the signed query,
 * which makes this browser known for the address, then goes to sign-in. A link scanner opening the
 * mail's link spends nothing.
 */
export function UnlockSignInPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  usePageTitle(t("unlock.title"));
  const email = params.get("email") ?? "";
  const unlock = useMutation({
    mutationFn: () =>
      callApi(authApi.unlockSignIn, {
        query: {
          email: params.get("email") ?? undefined,
          expires: params.get("expires") ?? undefined,
          sig: params.get("sig") ?? undefined,
        },
        redirectOnUnauthorized: false,
      }),
    onSuccess: () => navigate(`${LOGIN_PATH}?${new URLSearchParams({ unlocked: "1" })}`, { replace: true }),
  });

  return (
    <AuthLayout>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t("unlock.title")}
        </Title>
        <Text style={{ overflowWrap: "anywhere" }}>{t("unlock.intro", { email })}</Text>
        {unlock.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{t("unlock.failed")}</Text>
          </Alert>
        ) : (
          <Button onClick={() => unlock.mutate()} loading={unlock.isPending}>
            {t("unlock.button")}
          </Button>
        )}
        <Anchor component={Link} to={LOGIN_PATH} underline="always">
          {t("confirmEmail.toSignIn")}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
