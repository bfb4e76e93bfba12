import { useMediaQuery } from "@mantine/hooks";
import { BREAKPOINTS_PX } from "../../domain/limits.ts";

const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobi/i;

/** Spec: a device is mobile when its user agent says so. */
function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}

/** Spec: a device is mobile if the user agent matches a mobile device or the window is under 1024 px wide. */
export function useIsMobileDevice(): boolean {
  const narrow =
    useMediaQuery(`(max-width: ${BREAKPOINTS_PX.addressPickerMobile - 0.02}px)`, false, {
      getInitialValueInEffect: false,
    }) ?? false;
  return narrow || isMobileUserAgent(navigator.userAgent);
}
