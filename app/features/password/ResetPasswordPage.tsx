import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { errorCode, errorMessage, fieldError, isAboutFields } from "../../api/errorMessages.ts";
import { resetPassword } from "../../session/authApi.ts";
import { LOGIN_PATH } from "../../session/homeRoute.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { AuthLayout } from "../login/AuthLayout.tsx";
import {
  checkConfirmation,
  checkNewPassword,
  type FieldCheck,
  problemText,
} from "../login/formValidation.ts";
import { NewPasswordFields } from "../register/NewPasswordFields.tsx";

/** Refusals that mean the link itself is spent or wrong: only a new link helps. */
const LINK_ERRORS = new Set(["invalid_token", "token_expired"]);

function InvalidLink() {
  const { t } = useTranslation("auth");
  return (
    <Stack gap="md">
      <Alert color="red" variant="light">
        <Text size="sm">{t("reset.invalid")}</Text>
      </Alert>
      <Anchor component={Link} to="/forgot-password" underline="always">
        {t("reset.askAgain")}
      </Anchor>
    </Stack>
  );
}

/**
 * The reset email's link, through better-auth: /reset-password?token=… for a valid link,
 * ?error=INVALID_TOKEN for a spent or expired one. Success goes to sign-in with a notice.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const [values, setValues] = useState({ password: "", confirm: "" });
  const [problems, setProblems] = useState<{ password?: FieldCheck; confirm?: FieldCheck }>({});
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  usePageTitle(t("reset.title"));

  const linkIsBad = !token || params.has("error") || LINK_ERRORS.has(errorCode(error));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    const found = {
      password: checkNewPassword(values.password),
      confirm: checkConfirmation(values.password, values.confirm),
    };
    setProblems(found);
    if (found.password) return passwordRef.current?.focus();
    if (found.confirm) return confirmRef.current?.focus();
    setPending(true);
    setError(null);
    try {
      await resetPassword(token, values.password);
      await navigate(`${LOGIN_PATH}?passwordChanged=1`, { replace: true });
    } catch (caught) {
      setError(caught);
      setPending(false);
      if (isAboutFields(caught, ["newPassword"])) passwordRef.current?.focus();
    }
  }

  return (
    <AuthLayout>
      <Stack gap="lg">
        <Title order={1}>{t("reset.heading")}</Title>
        {linkIsBad ? (
          <InvalidLink />
        ) : (
          <>
            {error !== null && !isAboutFields(error, ["newPassword"]) && (
              <Alert color="red" variant="light">
                <Text size="sm">{errorMessage(t, error)}</Text>
              </Alert>
            )}
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <NewPasswordFields
                  label={t("fields.newPassword")}
                  name="newPassword"
                  password={values.password}
                  confirm={values.confirm}
                  onPasswordChange={(password) => setValues((current) => ({ ...current, password }))}
                  onConfirmChange={(confirm) => setValues((current) => ({ ...current, confirm }))}
                  passwordError={
                    problemText(t, problems.password ?? undefined) ?? fieldError(t, error, "newPassword")
                  }
                  confirmError={problemText(t, problems.confirm ?? undefined)}
                  passwordRef={passwordRef}
                  confirmRef={confirmRef}
                />
                <Button type="submit" fullWidth loading={pending}>
                  {t("reset.submit")}
                </Button>
              </Stack>
            </form>
          </>
        )}
        <Anchor component={Link} to={LOGIN_PATH} size="sm" underline="always">
          {t("forgot.toSignIn")}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
