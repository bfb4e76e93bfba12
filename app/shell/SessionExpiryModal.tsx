import { Button, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { accountApi } from "../../domain/api/account.ts";
import { TIMINGS_MS } from "../../domain/limits.ts";
import { callApi } from "../api/client.ts";
import { Dialog } from "../components/dialogs/Dialog.tsx";
import { LOGIN_PATH, SIGNOUT_PATH, sessionEndedPath } from "../session/homeRoute.ts";
import { useAfterFirstPaint } from "./useAfterFirstPaint.ts";

/** GET /api/account/session: when the session ends, and the server's clock, both epoch ms. */
export type SessionTimes = { expiresAt: number; now: number };

/**
 * Whether the warning is up, for the shell's other modals to step aside: two modals at once would
 * fight over the focus, and this one decides whether the session goes on.
 */
let warningShown = false;
const warningListeners = new Set<() => void>();

function setWarningShown(next: boolean): void {
  if (warningShown === next) return;
  warningShown = next;
  for (const listener of warningListeners) listener();
}

export function useSessionWarningShown(): boolean {
  return useSyncExternalStore(
    (listener) => {
      warningListeners.add(listener);
      return () => warningListeners.delete(listener);
    },
    () => warningShown,
    () => false,
  );
}

/** Above any other modal a screen may have open. */
const WARNING_Z_INDEX = 1000;

/** A failed check (offline, server restarting) is tried again after this long. */
const RETRY_MS = 60_000;
/** setTimeout overflows past 2^31 ms; a long session is simply checked again later. */
const MAX_WAIT_MS = 2 ** 31 - 1;

/**
 * How long from now until the warning, and how long its countdown lasts, from the server's answer.
 * Spec: the session counts as ending 240 s early, then a 115 s countdown runs; a session already
 * shorter than that shows the warning at once, counting down no further than it really lasts.
 */
export function planWarning(times: SessionTimes): { waitMs: number; countdownMs: number } {
  const remaining = times.expiresAt - times.now;
  const waitMs = Math.max(0, remaining - TIMINGS_MS.tokenEarlyExpiry);
  const countdownMs =
    waitMs > 0
      ? TIMINGS_MS.sessionExpiredCountdown
      : Math.max(0, Math.min(TIMINGS_MS.sessionExpiredCountdown, remaining));
  return { waitMs, countdownMs };
}

function formatClock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

function secondsUntil(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/**
 * Spec section 4's session modal: "Please prolongate your session to continue use of the product",
 * shown when the session nears its end (never on /login), with a 115 s countdown. Continue extends
 * the session; Cancel, the end of the countdown, or a failed extension go to /signout.
 */
export function SessionExpiryModal() {
  const { pathname } = useLocation();
  const [deadline, setDeadline] = useState<number | null>(null);
  /**
   * Local time before which the warning does not come back. A session whose whole lifetime is
   * shorter than the 240 s warning window would otherwise be "expiring" again the moment it is
   * extended: after Continue, it gets at least half of its new lifetime in peace.
   */
  const [notBefore, setNotBefore] = useState(0);
  const onLogin = pathname === LOGIN_PATH;

  // Its first check waits for the first screen's paint: the session has minutes left, not ms.
  const painted = useAfterFirstPaint();

  useEffect(() => {
    if (deadline !== null || onLogin || !painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // Checked again at the planned moment rather than trusted: activity may have extended the
    // session meanwhile, and a sleeping laptop delays timers.
    const check = async () => {
      let times: SessionTimes;
      try {
        times = await callApi(accountApi.session);
      } catch {
        // A 401 has already sent the app to /signout; anything else is tried again later.
        if (!stopped) timer = setTimeout(check, RETRY_MS);
        return;
      }
      if (stopped) return;
      const { waitMs, countdownMs } = planWarning(times);
      const wait = Math.max(waitMs, notBefore - Date.now());
      if (wait <= 0) setDeadline(Date.now() + countdownMs);
      else timer = setTimeout(check, Math.min(wait, MAX_WAIT_MS));
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [deadline, onLogin, notBefore, painted]);

  const shown = deadline !== null && !onLogin;
  useEffect(() => {
    setWarningShown(shown);
    return () => setWarningShown(false);
  }, [shown]);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiryDialog
        deadline={deadline}
        onExtended={(expiresAt) => {
          setNotBefore(Date.now() + Math.max(0, expiresAt - Date.now()) / 2);
          setDeadline(null);
        }}
      />
    </Suspense>
  );
}

/** Whether a second of the countdown is worth saying aloud: each minute, then 30 s and 10 s. */
function isAnnounced(seconds: number): boolean {
  return seconds > 0 && (seconds % 60 === 0 || seconds === 30 || seconds === 10);
}

function SessionExpiryDialog({
  deadline,
  onExtended,
}: {
  deadline: number;
  /** With the session's new end (epoch ms). */
  onExtended: (expiresAt: number) => void;
}) {
  const { t } = useTranslation("account");
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline));
  const [announcement, setAnnouncement] = useState("");
  const [extending, setExtending] = useState(false);

  useEffect(() => {
    const tick = setInterval(() => setSeconds(secondsUntil(deadline)), 1000);
    return () => clearInterval(tick);
  }, [deadline]);

  useEffect(() => {
    if (seconds === 0) navigate(sessionEndedPath(pathname));
    else if (isAnnounced(seconds)) {
      setAnnouncement(
        seconds >= 60
          ? t("sessionExpiry.announceMinutes", { value: seconds / 60 })
          : t("sessionExpiry.announceSeconds", { value: seconds }),
      );
    }
  }, [seconds, navigate, t, pathname]);

  const extend = async () => {
    setExtending(true);
    try {
      const { expiresAt } = await callApi(accountApi.extendSession);
      onExtended(expiresAt);
    } catch {
      // Spec: a failed session renewal ends the session.
      navigate(sessionEndedPath(pathname));
    }
  };

  return (
    <Dialog
      opened
      onClose={() => {}}
      title={t("sessionExpiry.title")}
      withCloseButton={false}
      closeOnClickOutside={false}
      // Escape must not sign anyone out by accident; Continue has the focus, Cancel is one Tab away.
      closeOnEscape={false}
      zIndex={WARNING_Z_INDEX}
      centered
    >
      <Stack gap="lg">
        <Text>{t("sessionExpiry.message")}</Text>
        {/* A timer is not read out on each change; the hidden live region below speaks at set points. */}
        <Text fw={700} size="xl" role="timer">
          {t("sessionExpiry.countdown", { time: formatClock(seconds) })}
        </Text>
        <VisuallyHidden aria-live="polite" aria-atomic="true">
          {announcement}
        </VisuallyHidden>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate(SIGNOUT_PATH)}>
            {t("sessionExpiry.cancel")}
          </Button>
          <Button onClick={extend} loading={extending} data-autofocus>
            {t("sessionExpiry.continue")}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
