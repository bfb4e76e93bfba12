import type { Language } from "../catalog/languages.ts";
import type { ThemeKey } from "../catalog/themes.ts";

/** The signed-in account as GET /api/account/account answers it (spec section 3, plus our fields). */
export type Account = {
  id: string;
  name: string;
  /** The spec's login: the sign-in email address. */
  login: string;
  email: string;
  emailVerified: boolean;
  lang: Language;
  themeColor: ThemeKey;
  /** The spec's role names: "subscriber", "b2b", "admin"... */
  roles: string[];
  showSplashScreen: boolean;
  showMobileSplashScreen: boolean;
  twoFactorEnabled: boolean;
  hasPassword: boolean;
  /** "credential" for a password, "oidc" for the organization's provider. */
  providers: string[];
  createdAt: number;
};
