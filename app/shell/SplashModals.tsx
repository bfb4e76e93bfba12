import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { accountApi } from "../../domain/api/account.ts";
import type { Account } from "../../domain/schemas/account.ts";
import type { BillingMode } from "../../domain/schemas/subscription.ts";
import { callApi } from "../api/client.ts";
import { useInvitations } from "../features/companies/companyApi.ts";
import { ACTIVATE_PATH } from "../features/companies/paths.ts";
import {
  closeIntroGuide,
  openIntroGuide,
  useIntroGuideOpen,
} from "../features/intro-guide/introGuideStore.ts";
import { useAccount, useSetAccount } from "../session/account.ts";
import { useBillingSettings } from "../session/billingSettings.ts";
import { useSessionWarningShown } from "./SessionExpiryModal.tsx";
import { useIsMobileDevice } from "./useIsMobileDevice.ts";

const IntroGuideModal = lazy(() =>
  import("../features/intro-guide/IntroGuideModal.tsx").then((m) => ({ default: m.IntroGuideModal })),
);
const SplashSubscribeModal = lazy(() =>
  import("./SplashSubscribeModal.tsx").then((m) => ({ default: m.SplashSubscribeModal })),
);

/**
 * Spec section 4: the splash shows while the flag is on, unless the account holds both subscriber
 * and b2b. With billing off every verified account is a subscriber, so company staff hold both
 * once activated and still get the tour.
 */
function shouldShowSplash(
  account: Pick<Account, "showSplashScreen" | "roles">,
  billing: BillingMode | undefined,
): boolean {
  if (!account.showSplashScreen) return false;
  return billing === "off" || !(account.roles.includes("subscriber") && account.roles.includes("b2b"));
}

/**
 * A company's invitee comes to take a seat first: while the account holds no company seat and
 * is on the activation page or has an invitation waiting, the guide waits (the flag stays on) and
 * shows once the seat is active. Unknown until both are read.
 */
function useActivationPending(wanted: boolean, roles: readonly string[], pathname: string): boolean {
  const invitations = useInvitations(wanted && !roles.includes("b2b"));
  if (!wanted || roles.includes("b2b")) return false;
  if (pathname === ACTIVATE_PATH) return true;
  if (invitations.isError) return false;
  return invitations.data === undefined || invitations.data.length > 0;
}

/** Spec section 4: on mobile, the subscribe pop-up is for an account holding neither role. */
function shouldShowMobileSubscribe(account: Pick<Account, "showMobileSplashScreen" | "roles">): boolean {
  return (
    account.showMobileSplashScreen && !account.roles.includes("subscriber") && !account.roles.includes("b2b")
  );
}

/**
 * A nominee arriving from an invitation comes to read someone else's file: the tour of their own
 * file and the offer to subscribe wait (the flag stays on) until they open a page of their own.
 */
function isSharedDataPage(pathname: string): boolean {
  return pathname === "/dashboard/shared-data" || pathname.startsWith("/dashboard/shared-data/");
}

/**
 * The shell's splash (the intro guide) and mobile subscribe modals. The guide opens once per page
 * load when the account asks for it, and the server is told at once, so it shows at the first
 * sign-in only. The mobile pop-up waits until the guide is closed, so the two never stack, and both
 * wait while the session warning is up.
 */
export function SplashModals() {
  const { data: account } = useAccount();
  const setAccount = useSetAccount();
  const { pathname } = useLocation();
  const elsewhere = isSharedDataPage(pathname);
  const billing = useBillingSettings();
  const guideOpen = useIntroGuideOpen();
  const isMobile = useIsMobileDevice();
  // The session warning comes first; these wait (the guide starting again) until it is answered.
  const sessionWarning = useSessionWarningShown();
  const splashShown = useRef(false);
  const [guideLoaded, setGuideLoaded] = useState(false);
  const [subscribeDismissed, setSubscribeDismissed] = useState(false);
  // Once shown, the pop-up stays until closed: a subscription made in it changes the roles that
  // opened it, and its Congratulations must still be read.
  const [subscribeShown, setSubscribeShown] = useState(false);

  // The guide's screens depend on the billing mode: it waits for it too.
  const billingKnown = billing.data !== undefined || billing.isError;
  const splashWanted = account !== undefined && billingKnown && shouldShowSplash(account, billing.data?.mode);
  const activationPending = useActivationPending(splashWanted, account?.roles ?? [], pathname);

  useEffect(() => {
    if (!splashWanted || elsewhere || activationPending || splashShown.current) return;
    splashShown.current = true;
    openIntroGuide();
    callApi(accountApi.splash, { query: { show: "false" } }).then(setAccount, () => {
      // The flag stays on: the guide simply shows again at the next visit.
    });
  }, [splashWanted, setAccount, elsewhere, activationPending]);

  useEffect(() => {
    if (guideOpen) setGuideLoaded(true);
  }, [guideOpen]);

  // Closing the guide must not leave it open for the next screen that mounts the shell.
  useEffect(() => closeIntroGuide, []);

  const subscribeDue = account !== undefined && !elsewhere && isMobile && shouldShowMobileSubscribe(account);
  useEffect(() => {
    if (subscribeDue) setSubscribeShown(true);
  }, [subscribeDue]);
  const subscribeOpen = subscribeShown && !guideOpen && !sessionWarning && !subscribeDismissed;

  const closeSubscribe = () => {
    setSubscribeDismissed(true);
    callApi(accountApi.splashMobile, { query: { show: "false" } }).then(setAccount, () => {
      // Not turned off on the server: it shows again at the next visit, which is harmless.
    });
  };

  return (
    <Suspense fallback={null}>
      {(guideOpen || guideLoaded) && (
        <IntroGuideModal opened={guideOpen && !sessionWarning} onClose={closeIntroGuide} />
      )}
      {subscribeOpen && (
        <SplashSubscribeModal
          opened
          onClose={closeSubscribe}
          onFollowLink={() => setSubscribeDismissed(true)}
        />
      )}
    </Suspense>
  );
}
