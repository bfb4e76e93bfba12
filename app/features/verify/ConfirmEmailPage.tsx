import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { authApi } from "../../../domain/api/auth.ts";
import { callApi } from "../../api/client.ts";
import { LOGIN_PATH } from "../../session/homeRoute.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { AuthLayout } from "../login/AuthLayout.tsx";

/** Where to go once confirmed: the link's own return path when it is one of this site's pages. */
function returnPathOf(callbackURL: string | null): string {
  return callbackURL !== null && /^\/(?![/\\])[^\\]*$/.test(callbackURL)
    ? callbackURL
    : `${LOGIN_PATH}?verified=1`;
}

/**
 * What the link's token says it confirms, read for display only (better-auth checks it): the
 * address, and whether it is an account's move to that address.
 */
function tokenClaims(token: string): { email: string | null; change: boolean } {
  try {
    const payload = JSON.parse(atob((token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/")));
    const email = payload.updateTo ?? payload.email;
    return {
      email: typeof email === "string" ? email : null,
      change: payload.requestType === "change-email-confirmation",
    };
  } catch {
    return { email: null, change: false };
  }
}

/**
 * /verify-email?token&callbackURL: the mailed link that confirms an address (a new account's, or
 * an account moving to another). Opening it only shows what it confirms; the button calls
 * better-auth's verification (GET /api/auth/verify-email, without callbackURL so it answers JSON
 * rather than redirecting) and then goes where the link says, so a link scanner or preview that
 * opens the mail's link confirms nothing.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  usePageTitle(t("confirmEmail.title"));
  const token = params.get("token") ?? "";
  const claims = tokenClaims(token);
  const confirm = useMutation({
    mutationFn: () => callApi(authApi.verifyEmail, { query: { token }, redirectOnUnauthorized: false }),
    onSuccess: () => navigate(returnPathOf(params.get("callbackURL")), { replace: true }),
  });

  return (
    <AuthLayout>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t("confirmEmail.title")}
        </Title>
        <Text style={{ overflowWrap: "anywhere" }}>
          {claims.email === null
            ? t("confirmEmail.intro")
            : t(claims.change ? "confirmEmail.changeFor" : "confirmEmail.introFor", { email: claims.email })}
        </Text>
        {confirm.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{t("confirmEmail.failed")}</Text>
          </Alert>
        ) : (
          <Button onClick={() => confirm.mutate()} loading={confirm.isPending} disabled={token === ""}>
            {t("confirmEmail.button")}
          </Button>
        )}
        <Anchor component={Link} to={LOGIN_PATH} underline="always">
          {t("confirmEmail.toSignIn")}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
