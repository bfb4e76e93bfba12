import { Anchor, Popover, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { cloneElement, type ReactElement, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BREAKPOINTS_PX } from "../../../domain/limits.ts";
import type { Phone } from "../../../domain/schemas/phone.ts";
import { Sheet } from "../../components/dialogs/Dialog.tsx";
import { useFormatPhone } from "../../components/phone/phoneLibrary.ts";
import classes from "./PersonDetails.module.css";

/** What the popup shows of a person or a company. */
export interface ContactSummary {
  name: string;
  phone: Phone | null;
  email: string | null;
}

export interface ContactSummaryPopupProps {
  contact: ContactSummary;
  /** The full contact (or company) view. */
  moreHref: string;
  /** The button that opens the popup; it keeps its own name and look. */
  trigger: ReactElement<{ onClick?: () => void }>;
}

const MOBILE_QUERY = `(max-width: ${BREAKPOINTS_PX.popover - 0.02}px)`;
const BOTTOM_QUERY = `(max-width: ${BREAKPOINTS_PX.popoverBottom - 0.02}px)`;

function Summary({
  contact,
  moreHref,
  titleId,
}: {
  contact: ContactSummary;
  moreHref: string;
  titleId?: string;
}) {
  const { t } = useTranslation("network");
  const formatPhone = useFormatPhone();
  return (
    <Stack gap="sm">
      {titleId && (
        <Text id={titleId} fw={700} size="lg">
          {contact.name}
        </Text>
      )}
      <dl className={`${classes.list} ${classes.compact}`}>
        <dt>{t("field.phone")}</dt>
        <dd>{formatPhone(contact.phone)}</dd>
        <dt>{t("field.email")}</dt>
        <dd>{contact.email ? <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor> : "-"}</dd>
      </dl>
      <Anchor component={Link} to={moreHref} fw={600}>
        {t("popup.moreDetails")}
      </Anchor>
    </Stack>
  );
}

/**
 * The spec's contact summary: name, phone (international format or a dash), email and More
 * details. A popover beside the button on wide screens; a sheet from the bottom under 800 px.
 */
export function ContactSummaryPopup({ contact, moreHref, trigger }: ContactSummaryPopupProps) {
  const { t } = useTranslation("network");
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const bottom = useMediaQuery(BOTTOM_QUERY, false, { getInitialValueInEffect: false }) ?? false;

  if (mobile) {
    return (
      <>
        {cloneElement(trigger, { onClick: () => setOpened(true) })}
        <Sheet
          opened={opened}
          onClose={() => setOpened(false)}
          position="bottom"
          size="auto"
          title={contact.name}
          closeButtonProps={{ "aria-label": t("popup.close") }}
        >
          <Summary contact={contact} moreHref={moreHref} />
        </Sheet>
      </>
    );
  }

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position={bottom ? "bottom" : "right"}
      withArrow
      shadow="md"
      trapFocus
      returnFocus
      width={300}
    >
      <Popover.Target>
        {cloneElement(trigger, { onClick: () => setOpened((current) => !current) })}
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId}>
        <Summary contact={contact} moreHref={moreHref} titleId={titleId} />
      </Popover.Dropdown>
    </Popover>
  );
}
