import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorMessage, fieldError, isAboutFields } from "../../api/errorMessages.ts";
import { requestPasswordReset } from "../../session/authApi.ts";
import { LOGIN_PATH } from "../../session/homeRoute.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { AuthLayout } from "../login/AuthLayout.tsx";
import { checkEmail, type FieldCheck, problemText } from "../login/formValidation.ts";

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<FieldCheck>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  usePageTitle(t("forgot.title"));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = checkEmail(email);
    setProblem(found);
    if (found) return emailRef.current?.focus();
    setPending(true);
    setError(null);
    try {
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthLayout>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("forgot.heading")}</Title>
          <Text mt="xs">{t("forgot.intro")}</Text>
        </div>
        <div role="status">
          {sentTo && (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconCircleCheck
                size={20}
                aria-hidden="true"
                color="var(--mantine-color-green-8)"
                style={{ flexShrink: 0 }}
              />
              <Text size="sm" fw={500}>
                {t("forgot.sent", { email: sentTo })}
              </Text>
            </Group>
          )}
        </div>
        {error !== null && !isAboutFields(error, ["email"]) && (
          <Alert color="red" variant="light">
            <Text size="sm">{errorMessage(t, error)}</Text>
          </Alert>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              ref={emailRef}
              label={t("fields.email")}
              type="email"
              name="email"
              autoComplete="email"
              required
              withAsterisk={false}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={problemText(t, problem ?? undefined) ?? fieldError(t, error, "email")}
            />
            <Button type="submit" fullWidth loading={pending}>
              {t("forgot.submit")}
            </Button>
          </Stack>
        </form>
        <Anchor component={Link} to={LOGIN_PATH} size="sm" underline="always">
          {t("forgot.toSignIn")}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
