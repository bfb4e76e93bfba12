import { Anchor, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RichText } from "./RichText.tsx";

/** The spec's sentence with the Terms of Use and Privacy Policy links, under sign-in and sign-up. */
export function AgreementNote() {
  const { t } = useTranslation("auth");
  return (
    <Text size="sm" c="dimmed">
      <RichText
        text={t("agreement")}
        components={{
          terms: <Anchor component={Link} to="/terms-of-use" inherit underline="always" />,
          privacy: <Anchor component={Link} to="/data-protect-policy" inherit underline="always" />,
        }}
      />
    </Text>
  );
}
