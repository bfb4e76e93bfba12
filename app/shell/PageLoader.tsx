import { Center, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * Shown while a screen's code or translations load. It must not suspend itself, so it asks for
 * the translations without Suspense and has no spoken label until they arrive.
 */
export function PageLoader() {
  const { t, ready } = useTranslation("common", { useSuspense: false });
  return (
    <Center
      mih="50vh"
      role="status"
      aria-live="polite"
      aria-busy="true"
      aria-label={ready ? t("loading") : undefined}
    >
      <Loader aria-hidden="true" />
    </Center>
  );
}
