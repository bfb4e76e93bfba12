import { ActionIcon } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import { IconPlayerPause, IconPlayerPlay } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SLIDESHOW_IMAGES, TIMINGS_MS } from "../../../domain/limits.ts";
import classes from "./LoginSlideshow.module.css";

/** The eight pictures shipped under public/login/. */
const SLIDES = Array.from({ length: SLIDESHOW_IMAGES }, (_, index) => `/login/slide-${index + 1}.svg`);

/** The slides kept in the page: the one fading out, the current one, and the next one, already loaded. */
function mountedSlides(current: number): number[] {
  const count = SLIDES.length;
  return [...new Set([(current + count - 1) % count, current, (current + 1) % count])];
}

/**
 * Spec /login: a background of 8 pictures, the next every 10 s. Decorative, so hidden from
 * assistive technology. It never moves for readers who ask for reduced motion, and anyone can
 * pause it (WCAG 2.2.2).
 */
export function LoginSlideshow() {
  const { t } = useTranslation("auth");
  const reducedMotion = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const [current, setCurrent] = useState(0);
  const running = !reducedMotion && !paused;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(
      () => setCurrent((index) => (index + 1) % SLIDES.length),
      TIMINGS_MS.slideshowInterval,
    );
    return () => window.clearInterval(timer);
  }, [running]);

  return (
    <>
      <div className={classes.slides} aria-hidden="true" data-testid="login-slideshow">
        {mountedSlides(current).map((index) => (
          <img
            key={SLIDES[index]}
            src={SLIDES[index]}
            alt=""
            className={classes.slide}
            data-current={index === current || undefined}
            decoding="async"
          />
        ))}
      </div>
      {!reducedMotion && (
        <ActionIcon
          className={classes.control}
          variant="default"
          size="lg"
          radius="xl"
          aria-label={paused ? t("slideshow.play") : t("slideshow.pause")}
          onClick={() => setPaused((value) => !value)}
        >
          {paused ? (
            <IconPlayerPlay size={18} aria-hidden="true" />
          ) : (
            <IconPlayerPause size={18} aria-hidden="true" />
          )}
        </ActionIcon>
      )}
    </>
  );
}
