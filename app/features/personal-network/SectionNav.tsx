import { VisuallyHidden } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import classes from "./SectionNav.module.css";
import { FAMILY_TREE_SEGMENT, LIST_SECTIONS, PERSONAL_DETAILS_SEGMENT, sectionPath } from "./sections.ts";
import { useSectionCounts } from "./useSectionCounts.ts";

/** Every section of the Personal Network, with how many people each list holds. */
export function SectionNav() {
  const { t } = useTranslation("network");
  const { pathname } = useLocation();
  const counts = useSectionCounts();
  const navRef = useRef<HTMLElement>(null);

  // On a phone the tabs scroll sideways: bring the current one into view, centred, on each page
  // and again once the counts have widened the tabs.
  const countsLoaded = Object.values(counts).filter((count) => count !== undefined).length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation and as counts arrive, by design
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current) return;
    const [tab, strip] = [current.getBoundingClientRect(), nav.getBoundingClientRect()];
    nav.scrollLeft += tab.left + tab.width / 2 - (strip.left + strip.width / 2);
  }, [pathname, countsLoaded]);
  const entries = [
    { segment: PERSONAL_DETAILS_SEGMENT, count: undefined },
    ...LIST_SECTIONS.map((section) => ({ segment: section.segment, count: counts[section.segment] })),
    { segment: FAMILY_TREE_SEGMENT, count: undefined },
  ];
  return (
    <nav ref={navRef} aria-label={t("nav.label")} className={classes.nav}>
      <ul className={classes.list}>
        {entries.map(({ segment, count }) => {
          const path = sectionPath(segment);
          const current = pathname === path || pathname.startsWith(`${path}/`);
          return (
            <li key={segment}>
              <Link to={path} className={classes.link} aria-current={current ? "page" : undefined}>
                {t(`section.${segment}.title`)}
                {count !== undefined && (
                  <span className={classes.count}>
                    <span aria-hidden="true">{count}</span>
                    <VisuallyHidden>{t("nav.count", { count })}</VisuallyHidden>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
