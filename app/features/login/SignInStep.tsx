import "@mantine/core/styles/Divider.css";
import { Alert, Anchor, Button, Divider, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconBuildingSkyscraper, IconKey } from "@tabler/icons-react";
import { type FormEvent, lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { errorCode, errorMessage, fieldError, isAboutFields } from "../../api/errorMessages.ts";
import { MARKETING_LINKS } from "../../config/marketingLinks.ts";
import { currentLanguage } from "../../i18n/i18n.ts";
import {
  type AuthOptions,
  SIGN_IN_EMAIL_PARAM,
  signInWithEmail,
  startProviderSignIn,
} from "../../session/authApi.ts";
import { authPageLink } from "../../session/homeRoute.ts";
import { signInWithPasskey as askForPasskey, browserSupportsPasskeys } from "../../session/passkeys.ts";
import { AgreementNote } from "./AgreementNote.tsx";
import { checkEmail, type FieldCheck, problemText } from "./formValidation.ts";
import { useBrowserValue, useScriptRunning, useValueTypedBeforeScript } from "./hydration.ts";
import { InvitedByCompany } from "./InvitedByCompany.tsx";

/** The spec's identity error E0000099 (SMS verification outside Canada and the US), in any case. */
const SMS_REGION_ERROR_CODE = "e0000099";

import { PasswordField } from "./PasswordField.tsx";
import { RichText } from "./RichText.tsx";

export interface SignInStepProps {
  options: AuthOptions;
  /** A notice from the address (email confirmed, password changed...), shown above the form. */
  notice: ReactNode;
  /** Resolves once any previous session is closed; every sign-in waits for it. */
  beforeSignIn: () => Promise<void>;
  onTwoFactor: () => void;
  onSignedIn: () => Promise<void>;
}

/** Needed only after a refusal for an unconfirmed address: loaded then. */
const CheckEmailPanel = lazy(() =>
  import("../verify/CheckEmailPanel.tsx").then((module) => ({ default: module.CheckEmailPanel })),
);

type Pending = "password" | "passkey" | "provider" | null;

/** The first step of sign-in: email and password, or a passkey, or the organization's provider. */
export function SignInStep({ options, notice, beforeSignIn, onTwoFactor, onSignedIn }: SignInStepProps) {
  const { t, i18n } = useTranslation("auth");
  // The page to return to after signing in goes along to registration (an invitation's link).
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(() => searchParams.get(SIGN_IN_EMAIL_PARAM) ?? "");
  const [password, setPassword] = useState("");
  const [problems, setProblems] = useState<{ email?: FieldCheck; password?: FieldCheck }>({});
  const [error, setError] = useState<unknown>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useValueTypedBeforeScript(emailRef, setEmail);
  useValueTypedBeforeScript(passwordRef, setPassword);
  // Until the script runs, submitting would send the form the browser's way: a GET to this
  // address, the password in it. A disabled submit button stops that (Enter as well), and the
  // form's method says POST should anything submit it still, keeping the password out of addresses.
  const scriptRunning = useScriptRunning();
  // The page sent assumes passkeys (every current browser has them), so that it need not move.
  const passkeys = useBrowserValue(browserSupportsPasskeys, true);

  async function attempt(kind: Exclude<Pending, null>, run: () => Promise<void>) {
    setPending(kind);
    setError(null);
    setUnverifiedEmail(null);
    try {
      await beforeSignIn();
      await run();
    } catch (caught) {
      setError(caught);
      setPending(null);
      if (errorCode(caught) === "email_not_verified") setUnverifiedEmail(email.trim());
      if (isAboutFields(caught, ["email"])) emailRef.current?.focus();
      else if (isAboutFields(caught, ["password"])) passwordRef.current?.focus();
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      email: checkEmail(email),
      password: password === "" ? { key: "validation.passwordRequired" } : null,
    };
    setProblems(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    void attempt("password", async () => {
      const outcome = await signInWithEmail(email.trim(), password);
      if (outcome === "twoFactor") onTwoFactor();
      else await onSignedIn();
    });
  }

  const signInWithPasskey = () =>
    attempt("passkey", async () => {
      await askForPasskey(currentLanguage(i18n));
      await onSignedIn();
    });

  const signInWithProvider = () =>
    attempt("provider", async () => {
      window.location.assign(await startProviderSignIn());
    });

  const code = errorCode(error);
  const showsAlert = error !== null && !isAboutFields(error, ["email", "password"]);
  const busy = pending !== null;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t("login.heading")}</Title>
        <Text mt="xs">{t("login.intro")}</Text>
      </div>
      <InvitedByCompany />
      {notice}
      {showsAlert && code === SMS_REGION_ERROR_CODE && (
        <Alert color="red" variant="light">
          <Text size="sm">{t("login.sms")}</Text>
          <Text size="sm" mt="xs">
            <RichText
              text={t("login.smsContact")}
              components={{ contact: <Anchor href={MARKETING_LINKS.contact} inherit underline="always" /> }}
            />
          </Text>
        </Alert>
      )}
      {showsAlert && code !== SMS_REGION_ERROR_CODE && (
        <Alert color="red" variant="light">
          <Text size="sm">{errorMessage(t, error)}</Text>
        </Alert>
      )}
      {unverifiedEmail && (
        <Suspense fallback={null}>
          <CheckEmailPanel email={unverifiedEmail} variant="resend" />
        </Suspense>
      )}
      <form onSubmit={submit} method="post" noValidate>
        <Stack gap="md">
          <TextInput
            ref={emailRef}
            label={t("fields.email")}
            type="email"
            name="email"
            autoComplete="username webauthn"
            required
            withAsterisk={false}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={problemText(t, problems.email ?? undefined) ?? fieldError(t, error, "email")}
          />
          <div>
            <PasswordField
              ref={passwordRef}
              label={t("fields.password")}
              name="password"
              autoComplete="current-password"
              required
              withAsterisk={false}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={problemText(t, problems.password ?? undefined) ?? fieldError(t, error, "password")}
              toggleLabel={t("fields.togglePassword")}
            />
            <Group justify="flex-end" mt={6}>
              <Anchor component={Link} to="/forgot-password" size="sm" underline="always">
                {t("login.forgot")}
              </Anchor>
            </Group>
          </div>
          <Button
            type="submit"
            fullWidth
            loading={pending === "password"}
            disabled={!scriptRunning || (busy && pending !== "password")}
          >
            {t("login.submit")}
          </Button>
        </Stack>
      </form>
      {(options.passkey && passkeys) || options.oidc ? (
        <Stack gap="sm">
          <Divider label={t("login.or")} labelPosition="center" />
          {options.passkey && passkeys && (
            <Button
              variant="default"
              fullWidth
              leftSection={<IconKey size={18} aria-hidden="true" />}
              loading={pending === "passkey"}
              disabled={busy && pending !== "passkey"}
              onClick={() => void signInWithPasskey()}
            >
              {t("login.passkey")}
            </Button>
          )}
          {options.oidc && (
            <Button
              variant="default"
              fullWidth
              leftSection={<IconBuildingSkyscraper size={18} aria-hidden="true" />}
              loading={pending === "provider"}
              disabled={busy && pending !== "provider"}
              onClick={() => void signInWithProvider()}
            >
              {options.oidcName
                ? t("login.provider", { provider: options.oidcName })
                : t("login.providerFallback")}
            </Button>
          )}
        </Stack>
      ) : null}
      {options.registration && (
        <Text size="sm" ta="center">
          {t("login.newHere")}{" "}
          <Anchor
            component={Link}
            to={authPageLink("/register", searchParams)}
            inherit
            underline="always"
            fw={600}
          >
            {t("login.register")}
          </Anchor>
        </Text>
      )}
      <AgreementNote />
    </Stack>
  );
}
