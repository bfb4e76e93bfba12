import { Alert, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SESSION_ENDED_PARAM } from "../../session/homeRoute.ts";

/** Where the sign-in page was sent from, read from its address. */
export type LoginArrival =
  | "emailVerified"
  | "verifyFailed"
  | "passwordChanged"
  | "unlocked"
  | "sessionEnded"
  | null;

/**
 * The email link lands on /login?verified=1; better-auth appends `error=<CODE>` when the link is
 * bad, so an error wins over `verified`. The reset page comes back with ?passwordChanged=1.
 */
export function loginArrival(params: URLSearchParams): LoginArrival {
  if (params.has("error")) return "verifyFailed";
  if (params.get("verified") === "1") return "emailVerified";
  if (params.get("passwordChanged") === "1") return "passwordChanged";
  // The mailed link after too many failed sign-ins made this browser known (server/auth/trusted-devices.ts).
  if (params.get("unlocked") === "1") return "unlocked";
  if (params.get(SESSION_ENDED_PARAM) === "1") return "sessionEnded";
  return null;
}

const SUCCESS_MESSAGES = {
  emailVerified: "login.verified",
  passwordChanged: "login.passwordChanged",
  unlocked: "login.unlocked",
} as const;

export function LoginNotice({ arrival }: { arrival: LoginArrival }) {
  const { t } = useTranslation("auth");
  if (arrival === null) return null;
  if (arrival === "sessionEnded") {
    return (
      <Alert color="blue" variant="light" role="status">
        <Text size="sm">{t("login.sessionEnded")}</Text>
      </Alert>
    );
  }
  if (arrival === "verifyFailed") {
    return (
      <Alert color="red" variant="light">
        <Text size="sm">{t("login.verifyFailed")}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="green" variant="light" role="status">
      <Text size="sm">{t(SUCCESS_MESSAGES[arrival])}</Text>
    </Alert>
  );
}
