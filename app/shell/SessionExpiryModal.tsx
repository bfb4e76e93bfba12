import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Overlay.css";
import { Button, Group, Modal, Stack, Text, VisuallyHidden } from "@mantine/core";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { TIMINGS_MS } from "../../domain/limits.ts";
import { apiFetch } from "../api/client.ts";
import { LOGIN_PATH, SIGNOUT_PATH } from "../session/homeRoute.ts";

/** GET /api/account/session: when the session ends, and the server's clock, both epoch ms. */
export type SessionTimes = { expiresAt: number; now: number };

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
  const onLogin = pathname === LOGIN_PATH;

  useEffect(() => {
    if (deadline !== null || onLogin) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // Checked again at the planned moment rather than trusted: activity may have extended the
    // session meanwhile, and a sleeping laptop delays timers.
    const check = async () => {
      let times: SessionTimes;
      try {
        times = await apiFetch<SessionTimes>("/api/account/session");
      } catch {
        // A 401 has already sent the app to /signout; anything else is tried again later.
        if (!stopped) timer = setTimeout(check, RETRY_MS);
        return;
      }
      if (stopped) return;
      const { waitMs, countdownMs } = planWarning(times);
      if (waitMs === 0) setDeadline(Date.now() + countdownMs);
      else timer = setTimeout(check, Math.min(waitMs, MAX_WAIT_MS));
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [deadline, onLogin]);

  if (deadline === null || onLogin) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiryDialog deadline={deadline} onExtended={() => setDeadline(null)} />
    </Suspense>
  );
}

/** Whether a second of the countdown is worth saying aloud: each minute, then 30 s and 10 s. */
function isAnnounced(seconds: number): boolean {
  return seconds > 0 && (seconds % 60 === 0 || seconds === 30 || seconds === 10);
}

function SessionExpiryDialog({ deadline, onExtended }: { deadline: number; onExtended: () => void }) {
  const { t } = useTranslation("account");
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline));
  const [announcement, setAnnouncement] = useState("");
  const [extending, setExtending] = useState(false);

  useEffect(() => {
    const tick = setInterval(() => setSeconds(secondsUntil(deadline)), 1000);
    return () => clearInterval(tick);
  }, [deadline]);

  useEffect(() => {
    if (seconds === 0) navigate(SIGNOUT_PATH);
    else if (isAnnounced(seconds)) {
      setAnnouncement(
        seconds >= 60
          ? t("sessionExpiry.announceMinutes", { value: seconds / 60 })
          : t("sessionExpiry.announceSeconds", { value: seconds }),
      );
    }
  }, [seconds, navigate, t]);

  const extend = async () => {
    setExtending(true);
    try {
      await apiFetch("/api/account/session/extend", { method: "POST" });
      onExtended();
    } catch {
      // Spec: a failed session renewal ends the session.
      navigate(SIGNOUT_PATH);
    }
  };

  return (
    <Modal
      opened
      onClose={() => {}}
      title={t("sessionExpiry.title")}
      withCloseButton={false}
      closeOnClickOutside={false}
      // Escape must not sign anyone out by accident; Continue has the focus, Cancel is one Tab away.
      closeOnEscape={false}
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
    </Modal>
  );
}
