import "@mantine/core/styles/Combobox.css";
import { Button, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { IconCompass } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isLanguage, LANGUAGES, type Language } from "../../../domain/catalog/languages.ts";
import {
  ACCENTS,
  isAccent,
  isThemeMode,
  THEME_MODES,
  type Theme,
  themeAccountFields,
} from "../../../domain/catalog/themes.ts";
import { formError } from "../../api/errorMessages.ts";
import { chooseLanguage, currentLanguage } from "../../i18n/i18n.ts";
import { useSetAccount } from "../../session/account.ts";
import { useThemePreference } from "../../theme/themePreference.ts";
import { openIntroGuide } from "../intro-guide/introGuideStore.ts";
import { AccountSection } from "./AccountSection.tsx";
import { ActionFeedback } from "./ActionFeedback.tsx";
import { type AccountChanges, saveAccount } from "./accountApi.ts";

type Preferences = { lang: Language; theme: Theme };

/** The account's fields for the preferences changed. */
function accountChanges({ lang, theme }: Partial<Preferences>): AccountChanges {
  return { ...(lang && { lang }), ...(theme && themeAccountFields(theme)) };
}

/**
 * Language and theme, applied at once and saved to the account (so the next sign-in, on any
 * device, starts with them); the device's stored choice follows through chooseLanguage and
 * useThemePreference. Also reopens the intro guide.
 */
export function PreferencesSection() {
  const { t, i18n } = useTranslation("account");
  const setAccount = useSetAccount();
  const [theme, setTheme] = useThemePreference();
  const language = currentLanguage(i18n);
  const [lastChange, setLastChange] = useState<"saved" | null>(null);

  const apply = (preferences: Partial<Preferences>) => {
    if (preferences.lang) void chooseLanguage(i18n, preferences.lang);
    if (preferences.theme) setTheme(preferences.theme);
  };

  const save = useMutation({
    mutationFn: ({ changes }: { changes: Partial<Preferences>; previous: Preferences }) =>
      saveAccount(accountChanges(changes)),
    onSuccess: (account) => {
      setAccount(account);
      setLastChange("saved");
    },
    // Not saved: back to what the account holds, so the screen does not pretend otherwise.
    onError: (_error, { previous }) => apply(previous),
  });

  const change = (changes: Partial<Preferences>) => {
    setLastChange(null);
    const previous = { lang: language, theme };
    apply(changes);
    save.mutate({ changes, previous });
  };

  return (
    <AccountSection title={t("preferences.heading")} description={t("preferences.explain")}>
      <Stack gap="sm" maw={320}>
        <NativeSelect
          label={t("preferences.language")}
          value={language}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isLanguage(value)) change({ lang: value });
          }}
        >
          {/* Each language by its own name, marked as such for speech. */}
          {LANGUAGES.map((lng) => (
            <option key={lng} value={lng} lang={lng}>
              {t(`common:language.name.${lng}`)}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          label={t("preferences.themeMode")}
          value={theme.mode}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isThemeMode(value)) change({ theme: { ...theme, mode: value } });
          }}
          data={THEME_MODES.map((mode) => ({ value: mode, label: t(`common:theme.mode.${mode}`) }))}
        />
        <NativeSelect
          label={t("preferences.themeAccent")}
          value={theme.accent}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isAccent(value)) change({ theme: { ...theme, accent: value } });
          }}
          data={ACCENTS.map((accent) => ({ value: accent, label: t(`common:theme.accent.${accent}`) }))}
        />
      </Stack>
      <ActionFeedback
        success={lastChange === "saved" && !save.isPending ? t("preferences.saved") : null}
        error={formError(t, save.error)}
      />
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t("preferences.guideHeading")}
        </Title>
        <Text c="dimmed">{t("preferences.guideExplain")}</Text>
        <Group>
          <Button
            variant="default"
            leftSection={<IconCompass size={16} aria-hidden="true" />}
            onClick={openIntroGuide}
          >
            {t("preferences.showGuide")}
          </Button>
        </Group>
      </Stack>
    </AccountSection>
  );
}
