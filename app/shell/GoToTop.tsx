import "@mantine/core/styles/Affix.css";
import { Affix, Button, Transition } from "@mantine/core";
import { useReducedMotion, useWindowEvent } from "@mantine/hooks";
import { IconArrowUp } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { GO_TO_TOP_OFFSET_PX } from "./goToTopPlace.ts";
import { MAIN_CONTENT_ID } from "./SkipLink.tsx";
import { useAfterFirstPaint } from "./useAfterFirstPaint.ts";

/** How far down a page (px) before the button shows: a page longer than about a screen. */
const SHOWN_BELOW_PX = 600;

/**
 * Whether the window is scrolled further down than `limit` px, as of the last scroll. Not read as
 * the button mounts: asking for the scroll position then makes the browser lay out the page it is
 * still rendering, within the same task (a forced layout that lengthens the first screen's long task).
 * Read once that drawing is painted, though: the button comes after the frame's first paint
 * (FrameAfterPaint), and the reader may have scrolled already.
 */
function useScrolledPast(limit: number): boolean {
  const [past, setPast] = useState(false);
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (painted) setPast(window.scrollY > limit);
  }, [painted, limit]);
  useWindowEvent("scroll", () => setPast(window.scrollY > limit), { passive: true });
  return past;
}

/**
 * The guide's Go to Top button: on a long page, once scrolled down, it brings the page back to its
 * start and puts the keyboard's focus there too (the main area), so the next Tab is the page's first
 * control, not one far below.
 */
export function GoToTop() {
  const { t } = useTranslation("common");
  const shown = useScrolledPast(SHOWN_BELOW_PX);
  const reduceMotion = useReducedMotion();
  const goToTop = () => {
    window.scrollTo({ top: 0, behavior: reduceMotion ? "instant" : "smooth" });
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  };
  return (
    <Affix position={{ bottom: GO_TO_TOP_OFFSET_PX, right: GO_TO_TOP_OFFSET_PX }}>
      <Transition transition="slide-up" mounted={shown} duration={reduceMotion ? 0 : 150}>
        {(styles) => (
          <Button
            style={styles}
            leftSection={<IconArrowUp size={18} aria-hidden="true" />}
            onClick={goToTop}
            radius="xl"
            size="sm"
          >
            {t("goToTop")}
          </Button>
        )}
      </Transition>
    </Affix>
  );
}
