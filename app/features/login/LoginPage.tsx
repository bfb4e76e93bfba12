import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { clearSessionState } from "../../session/clearSessionState.ts";
import { PublicLayout } from "../../shell/PublicLayout.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";

/**
 * Sign-in. Accounts are not there yet, so the form is shown but cannot be sent; the note under
 * the button says why. As the spec asks, arriving here forgets any previous session.
 */
export function LoginPage() {
  const { t } = useTranslation("common");
  const queryClient = useQueryClient();
  const noteId = useId();
  usePageTitle(t("login.title"));

  useEffect(() => {
    clearSessionState(queryClient);
  }, [queryClient]);

  return (
    <PublicLayout size="xs">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("login.heading")}</Title>
          <Text mt="xs">{t("login.intro")}</Text>
        </div>
        <form onSubmit={(event) => event.preventDefault()} noValidate>
          <Stack gap="md">
            <TextInput label={t("login.email")} type="email" name="email" autoComplete="username" required />
            <PasswordInput
              label={t("login.password")}
              name="password"
              autoComplete="current-password"
              required
              visibilityToggleButtonProps={{
                "aria-label": t("login.togglePassword"),
              }}
            />
            <Button type="submit" disabled aria-describedby={noteId} fullWidth>
              {t("login.submit")}
            </Button>
            <Text id={noteId} size="sm" c="dimmed">
              {t("login.unavailable")}
            </Text>
          </Stack>
        </form>
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="login.agreement"
            components={{
              terms: <Anchor component={Link} to="/terms-of-use" inherit underline="always" />,
              privacy: <Anchor component={Link} to="/data-protect-policy" inherit underline="always" />,
            }}
          />
        </Text>
      </Stack>
    </PublicLayout>
  );
}
