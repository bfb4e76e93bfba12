import { UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconMenu2, IconX } from "@tabler/icons-react";
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MARKETING_LINKS } from "../../config/marketingLinks.ts";
import classes from "./MarketingNav.module.css";

const SOLUTIONS = [
  ["forBusiness", MARKETING_LINKS.forBusiness],
  ["forBenefitsProviders", MARKETING_LINKS.forBenefitsProviders],
  ["forNonProfits", MARKETING_LINKS.forNonProfits],
] as const;

const AFTER_SOLUTIONS = [
  ["features", MARKETING_LINKS.features],
  ["security", MARKETING_LINKS.security],
  ["pricing", MARKETING_LINKS.pricing],
] as const;

/**
 * Spec /login header: Home, Solutions (For Business, For Benefits Providers, For Non-Profits),
 * Features, Security, Pricing, all links to the marketing site, opened in the same tab. Site
 * navigation, so disclosure buttons (aria-expanded) rather than an application menu: Escape,
 * a click elsewhere or focus leaving closes them.
 */
export function MarketingNav() {
  const { t } = useTranslation("auth");
  const [menuOpen, setMenuOpen] = useState(false);
  const [solutionsOpen, setSolutionsOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const solutionsButtonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const solutionsId = useId();

  const closeAll = useCallback(() => {
    setMenuOpen(false);
    setSolutionsOpen(false);
  }, []);

  useEffect(() => {
    if (!menuOpen && !solutionsOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) closeAll();
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [menuOpen, solutionsOpen, closeAll]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    if (solutionsOpen) {
      setSolutionsOpen(false);
      solutionsButtonRef.current?.focus();
    } else if (menuOpen) {
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    }
  };

  const link = (key: string, href: string) => (
    <a className={classes.link} href={href}>
      {t(`nav.${key}`)}
    </a>
  );

  return (
    <nav
      ref={navRef}
      aria-label={t("nav.label")}
      className={classes.nav}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) closeAll();
      }}
    >
      <UnstyledButton
        ref={menuButtonRef}
        className={`${classes.toggle} ${classes.menuButton}`}
        aria-expanded={menuOpen}
        aria-controls={listId}
        onClick={() => setMenuOpen((open) => !open)}
      >
        {menuOpen ? <IconX size={18} aria-hidden="true" /> : <IconMenu2 size={18} aria-hidden="true" />}
        {t("nav.menu")}
      </UnstyledButton>
      <ul id={listId} className={classes.list} data-open={menuOpen || undefined}>
        <li className={classes.item}>{link("home", MARKETING_LINKS.home)}</li>
        <li className={classes.item}>
          <UnstyledButton
            ref={solutionsButtonRef}
            className={classes.toggle}
            aria-expanded={solutionsOpen}
            aria-controls={solutionsId}
            onClick={() => setSolutionsOpen((open) => !open)}
          >
            {t("nav.solutions")}
            <IconChevronDown size={16} className={classes.chevron} aria-hidden="true" />
          </UnstyledButton>
          <ul id={solutionsId} className={classes.sub} hidden={!solutionsOpen}>
            {SOLUTIONS.map(([key, href]) => (
              <li key={key}>{link(key, href)}</li>
            ))}
          </ul>
        </li>
        {AFTER_SOLUTIONS.map(([key, href]) => (
          <li key={key} className={classes.item}>
            {link(key, href)}
          </li>
        ))}
      </ul>
    </nav>
  );
}
