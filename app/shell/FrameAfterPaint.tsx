import { GoToTop } from "./GoToTop.tsx";
import { SessionExpiryModal } from "./SessionExpiryModal.tsx";
import { SplashModals } from "./SplashModals.tsx";
import { ToastHost } from "./ToastHost.tsx";

/**
 * What the signed-in frame holds beside the screen, none of it seen in the first paint: the
 * first-visit guides, the session-expiry warning, the toasts' host and Go to Top. The frame
 * (DashboardLayout) loads and draws them once it has been painted, so their code (Mantine's dialogs
 * and notifications) is neither evaluated nor drawn before it. The unsaved-changes guard is not
 * here: it must hold from the frame's first drawing (UnsavedChangesGuard.tsx).
 */
export function FrameAfterPaint() {
  return (
    <>
      <SplashModals />
      <SessionExpiryModal />
      <ToastHost />
      <GoToTop />
    </>
  );
}
