import { Alert, Box } from "@mantine/core";
import { useNetwork } from "@mantine/hooks";
import { useTranslation } from "react-i18next";

/**
 * Says so when the device is offline, on every screen, pinned to the bottom of the window. The
 * installed app opens from its cached shell without a connection, but none of the owner's data is
 * ever kept on the device (vite.config.ts), so this is all it can honestly show.
 */
export function OfflineNotice() {
  const { online } = useNetwork();
  const { t } = useTranslation("pwa");
  if (online) return null;
  return (
    <Box pos="fixed" bottom={0} left={0} right={0} p="xs" style={{ zIndex: 1000 }}>
      <Alert color="yellow" variant="light" role="status" maw={720} mx="auto">
        {t("offline")}
      </Alert>
    </Box>
  );
}
