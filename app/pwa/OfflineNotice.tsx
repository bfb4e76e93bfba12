import { Box, Text } from "@mantine/core";
import { useNetwork } from "@mantine/hooks";
import { useTranslation } from "react-i18next";

/**
 * Says so when the device is offline, on every screen, pinned to the bottom of the window. The
 * installed app opens from its cached shell without a connection, but none of the owner's data is
 * ever kept on the device (web/pwa-plugin.ts), so this is all it can honestly show. Drawn with what the
 * first screen already loads (Box, Text): it is part of the start-up code on every page.
 */
export function OfflineNotice() {
  const { online } = useNetwork();
  const { t } = useTranslation("pwa");
  if (online) return null;
  return (
    <Box
      role="status"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      p="sm"
      bg="var(--mantine-color-body)"
      style={{ zIndex: 1000, borderTop: "4px solid var(--mantine-color-yellow-filled)" }}
    >
      <Text size="sm" maw={720} mx="auto">
        {t("offline")}
      </Text>
    </Box>
  );
}
