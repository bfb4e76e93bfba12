import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { errorMessage, fieldError, isAboutFields } from "../../api/errorMessages.ts";
import { currentLanguage } from "../../i18n/i18n.ts";
import { signUpWithEmail } from "../../session/authApi.ts";
import { authPageLink, invitationTokenOf, LOGIN_PATH, RETURN_PARAM } from "../../session/homeRoute.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { AgreementNote } from "../login/AgreementNote.tsx";
import { AuthLayout } from "../login/AuthLayout.tsx";
import {
  checkConfirmation,
  checkEmail,
  checkName,
  checkNewPassword,
  type FieldCheck,
  problemText,
} from "../login/formValidation.ts";
import { InvitedByCompany } from "../login/InvitedByCompany.tsx";
import { CheckEmailPanel } from "../verify/CheckEmailPanel.tsx";
import { NewPasswordFields } from "./NewPasswordFields.tsx";

const FIELDS = ["name", "email", "password", "confirm"] as const;
type Field = (typeof FIELDS)[number];

/**
 * Self-registration (spec section 1): name, email, a strong enough password, then "check your email".
 * `?email=` fills the address in (a nominee's or a company's invitation links here with the address
 * it was sent to); a company's also names itself (`?invitation=`).
 */
export function RegisterPage() {
  const { t, i18n } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    name: "",
    email: (searchParams.get("email") ?? "").slice(0, 256),
    password: "",
    confirm: "",
  }));
  const [problems, setProblems] = useState<Partial<Record<Field, FieldCheck>>>({});
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };
  const doneHeading = useRef<HTMLHeadingElement>(null);
  usePageTitle(registeredEmail ? t("checkEmail.title") : t("register.title"));

  useEffect(() => {
    if (registeredEmail) doneHeading.current?.focus();
  }, [registeredEmail]);

  // The rule refuses a password made of the account's email or name: the meter knows them too.
  const context = { email: values.email.trim(), name: values.name.trim() };

  const set = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<Field, FieldCheck> = {
      name: checkName(values.name),
      email: checkEmail(values.email),
      password: checkNewPassword(values.password, context),
      confirm: checkConfirmation(values.password, values.confirm),
    };
    setProblems(found);
    const first = FIELDS.find((field) => found[field] !== null);
    if (first) return refs[first].current?.focus();

    setPending(true);
    setError(null);
    try {
      const email = values.email.trim();
      await signUpWithEmail(
        { name: values.name.trim(), email, password: values.password, lang: currentLanguage(i18n) },
        searchParams.get(RETURN_PARAM),
        invitationTokenOf(searchParams),
      );
      setRegisteredEmail(email);
    } catch (caught) {
      setError(caught);
      const serverField = FIELDS.find((field) => isAboutFields(caught, [field]));
      if (serverField) refs[serverField].current?.focus();
    } finally {
      setPending(false);
    }
  }

  if (registeredEmail) {
    return (
      <AuthLayout>
        <Stack gap="lg">
          <Title order={1} ref={doneHeading} tabIndex={-1}>
            {t("checkEmail.heading")}
          </Title>
          <CheckEmailPanel email={registeredEmail} variant="registered" />
          <Anchor component={Link} to={LOGIN_PATH} underline="always">
            {t("checkEmail.toSignIn")}
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  }

  const errorOf = (field: Field) =>
    problemText(t, problems[field] ?? undefined) ?? fieldError(t, error, field);

  return (
    <AuthLayout>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("register.heading")}</Title>
          <Text mt="xs">{t("register.intro")}</Text>
        </div>
        <InvitedByCompany />
        {error !== null && !isAboutFields(error, FIELDS) && (
          <Alert color="red" variant="light">
            <Text size="sm">{errorMessage(t, error)}</Text>
          </Alert>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              ref={refs.name}
              label={t("fields.name")}
              name="name"
              autoComplete="name"
              required
              withAsterisk={false}
              value={values.name}
              onChange={set("name")}
              error={errorOf("name")}
            />
            <TextInput
              ref={refs.email}
              label={t("fields.email")}
              type="email"
              name="email"
              autoComplete="email"
              required
              withAsterisk={false}
              value={values.email}
              onChange={set("email")}
              error={errorOf("email")}
            />
            <NewPasswordFields
              context={context}
              label={t("fields.password")}
              name="password"
              password={values.password}
              confirm={values.confirm}
              onPasswordChange={(password) => setValues((current) => ({ ...current, password }))}
              onConfirmChange={(confirm) => setValues((current) => ({ ...current, confirm }))}
              passwordError={errorOf("password")}
              confirmError={errorOf("confirm")}
              passwordRef={refs.password}
              confirmRef={refs.confirm}
            />
            <Button type="submit" fullWidth loading={pending}>
              {t("register.submit")}
            </Button>
          </Stack>
        </form>
        <Text size="sm" ta="center">
          {t("register.haveAccount")}{" "}
          <Anchor
            component={Link}
            to={authPageLink(LOGIN_PATH, searchParams)}
            inherit
            underline="always"
            fw={600}
          >
            {t("register.signIn")}
          </Anchor>
        </Text>
        <AgreementNote />
      </Stack>
    </AuthLayout>
  );
}
