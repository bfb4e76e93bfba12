import { Button, Group, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../components/dialogs/Dialog.tsx";
import { useBillingSettings } from "../../session/billingSettings.ts";
import { introGuideScreens } from "./introGuideScreens.ts";

export interface IntroGuideModalProps {
  opened: boolean;
  /** Close, Skip and Escape all end the guide. */
  onClose: () => void;
}

/**
 * The spec's 8-screen intro guide (6 with billing off: nothing to subscribe to), also the splash at
 * a first sign-in. It closes only through its own buttons (no click outside, no corner cross);
 * Escape stays available, as Skip. The left button is Previous, or Close on the first screen; the
 * right one is Next, or Close on the last.
 */
export function IntroGuideModal({ opened, onClose }: IntroGuideModalProps) {
  const { t } = useTranslation("account");
  const [index, setIndex] = useState(0);
  const screens = introGuideScreens(useBillingSettings().data?.mode);

  // Spec: the guide starts again from its first screen whenever it is hidden.
  useEffect(() => {
    if (!opened) setIndex(0);
  }, [opened]);

  const key = screens[index] ?? "welcome";
  const isFirst = index === 0;
  const isLast = index === screens.length - 1;

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t(`guide.screens.${key}.title`)}
      withCloseButton={false}
      closeOnClickOutside={false}
      size="lg"
      centered
    >
      <Stack gap="lg">
        {/* Read out when the screen changes, while focus stays on the button pressed. */}
        <Stack gap="xs" aria-live="polite" aria-atomic="true">
          <Text size="sm" c="dimmed">
            {t("guide.progress", { current: index + 1, total: screens.length })}
          </Text>
          {/* The welcome counts the steps after it: the spec's "quick 7-step guide", 5 without subscriptions. */}
          <Text>{t(`guide.screens.${key}.body`, { count: screens.length - 1 })}</Text>
        </Stack>
        <Group justify="space-between" gap="sm">
          <Button variant="subtle" onClick={onClose}>
            {t("guide.skip")}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={isFirst ? onClose : () => setIndex(index - 1)}>
              {isFirst ? t("guide.close") : t("guide.previous")}
            </Button>
            <Button onClick={isLast ? onClose : () => setIndex(index + 1)} data-autofocus>
              {isLast ? t("guide.close") : t("guide.next")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Dialog>
  );
}
