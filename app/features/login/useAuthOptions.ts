import { useEffect, useState } from "react";
import { type AuthOptions, fetchAuthOptions } from "../../session/authApi.ts";

/** Until the server says otherwise: password and passkey sign-in and registration, no provider. */
const ASSUMED: AuthOptions = { oidc: false, passkey: true, registration: true };

/**
 * GET /api/auth-options, once per visit of the page. Kept out of the query cache on purpose: the
 * sign-in page empties that cache when it opens.
 */
export function useAuthOptions(): AuthOptions {
  const [options, setOptions] = useState<AuthOptions>(ASSUMED);
  useEffect(() => {
    let active = true;
    fetchAuthOptions().then(
      (answer) => {
        if (active) setOptions({ ...ASSUMED, ...answer });
      },
      () => {
        // Without an answer the assumed options stand: the password form always works.
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return options;
}
