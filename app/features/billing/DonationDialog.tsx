import { Alert, Button, Group, Select, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { WIDTHS_PX } from "../../../domain/limits.ts";
import { Dialog } from "../../components/dialogs/Dialog.tsx";
import { showToast } from "../../shell/toast.ts";
import { searchCharities, useDonateTo } from "./billingApi.ts";

/** How long typing pauses before the charities are searched. */
const SEARCH_DELAY_MS = 250;

/**
 * The spec's donation dialog, offered once a subscription is accepted and from My Subscription's
 * donation section: a searchable charity selector and Save, disabled until one is chosen. Success
 * closes the dialog (the caller clears its "subscription accepted" flag); failure shows the Oops
 * message.
 */
export function DonationDialog({
  opened,
  onClose,
  dismissLabel,
}: {
  opened: boolean;
  onClose: () => void;
  /** The button that closes without saving: "Not now" when offered, "Cancel" when asked for. */
  dismissLabel: string;
}) {
  const { t } = useTranslation("billing");
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState<string | null>(null);
  const donate = useDonateTo();

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const charities = useQuery({
    queryKey: ["billing", "charities", query],
    queryFn: () => searchCharities(query),
    enabled: opened,
    placeholderData: (previous) => previous,
  });

  function close() {
    setChosen(null);
    setSearch("");
    donate.reset();
    onClose();
  }

  function save() {
    if (chosen === null) return;
    donate.mutate(chosen, {
      onSuccess: () => {
        showToast(t("donation.saved"));
        close();
      },
    });
  }

  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={t("donation.title")}
      size={WIDTHS_PX.mobilePopup}
      closeButtonProps={{ "aria-label": t("donation.close") }}
      centered
    >
      <Stack gap="md">
        <Text>{t("donation.question")}</Text>
        <Select
          label={t("donation.charity")}
          placeholder={t("donation.placeholder")}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          data={(charities.data ?? []).map((charity) => ({
            value: charity.companyId,
            label: charity.fullName,
          }))}
          value={chosen}
          onChange={setChosen}
          nothingFoundMessage={charities.isFetching ? t("loading") : t("donation.none")}
          comboboxProps={{ withinPortal: true }}
        />
        {donate.isError ? (
          <Alert color="red" role="alert">
            {t("donation.oops")}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {dismissLabel}
          </Button>
          <Button onClick={save} disabled={chosen === null} loading={donate.isPending}>
            {t("donation.save")}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
