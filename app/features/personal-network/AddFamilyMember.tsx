import { Button } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { BREAKPOINTS_PX, WIDTHS_PX } from "../../../domain/limits.ts";
import { Dialog } from "../../components/dialogs/Dialog.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";

// The form is the heaviest part of the network's screens: it loads when "+ Add" is first used.
const ContactForm = lazy(() =>
  import("./contact-form/ContactForm.tsx").then((m) => ({ default: m.ContactForm })),
);

const FULL_SCREEN_QUERY = `(max-width: ${BREAKPOINTS_PX.formMobile - 0.02}px)`;

/**
 * "+ Add" on the family tree: the Edit Contact form in family-tree mode, in a modal. The form
 * refreshes every person query when it saves, so the tree redraws itself behind the modal.
 */
export function AddFamilyMember() {
  const { t } = useTranslation("network");
  const [opened, setOpened] = useState(false);
  const fullScreen = useMediaQuery(FULL_SCREEN_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const close = () => setOpened(false);
  return (
    <>
      <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setOpened(true)}>
        {t("actions.addFamilyMember")}
      </Button>
      <Dialog
        opened={opened}
        onClose={close}
        title={t("actions.addFamilyMember")}
        size={WIDTHS_PX.formModal}
        fullScreen={fullScreen}
        closeButtonProps={{ "aria-label": t("form.close") }}
      >
        <Suspense fallback={<PageLoader />}>
          <ContactForm familyTree onSaved={close} onCancel={close} onDeleted={close} />
        </Suspense>
      </Dialog>
    </>
  );
}
