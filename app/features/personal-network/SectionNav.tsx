import { VisuallyHidden } from "@mantine/core";
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
  const entries = [
    { segment: PERSONAL_DETAILS_SEGMENT, count: undefined },
    ...LIST_SECTIONS.map((section) => ({ segment: section.segment, count: counts[section.segment] })),
    { segment: FAMILY_TREE_SEGMENT, count: undefined },
  ];
  return (
    <nav aria-label={t("nav.label")} className={classes.nav}>
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
