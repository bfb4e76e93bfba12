import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useSearchParams } from "react-router";
import { useFinishSignIn } from "../../session/useFinishSignIn.ts";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { AuthLayout } from "./AuthLayout.tsx";
import { LoginNotice, loginArrival } from "./LoginNotice.tsx";
import { SignInStep } from "./SignInStep.tsx";
import { useAuthOptions } from "./useAuthOptions.ts";
import { useClosePreviousSession } from "./useClosePreviousSession.ts";

/** Only accounts with two-step verification need it: loaded when the server asks for the code. */
const TwoFactorStep = lazy(() =>
  import("./TwoFactorStep.tsx").then((module) => ({ default: module.TwoFactorStep })),
);

/**
 * Spec /login. Opening it ends any previous session; signing in goes to the personal details (or,
 * for an account without a subscription, where "/" sends it), through a second step when the
 * account has two-step verification.
 */
export function LoginPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const [step, setStep] = useState<"credentials" | "twoFactor">("credentials");
  const beforeSignIn = useClosePreviousSession();
  const finishSignIn = useFinishSignIn();
  const options = useAuthOptions();
  usePageTitle(step === "twoFactor" ? t("twoFactor.heading") : t("login.title"));

  // The new-sign-in email's "not you? reset your password" link.
  if (params.get("reset") === "1") return <Navigate to="/forgot-password" replace />;

  return (
    <AuthLayout>
      {step === "credentials" ? (
        <SignInStep
          options={options}
          notice={<LoginNotice arrival={loginArrival(params)} />}
          beforeSignIn={beforeSignIn}
          onTwoFactor={() => setStep("twoFactor")}
          onSignedIn={finishSignIn}
        />
      ) : (
        <Suspense fallback={<PageLoader />}>
          <TwoFactorStep onVerified={finishSignIn} onRestart={() => setStep("credentials")} />
        </Suspense>
      )}
    </AuthLayout>
  );
}
