import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChosenCharity } from "../../../domain/schemas/subscription.ts";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { Loaded } from "../../components/Loaded.tsx";
import { showToast } from "../../shell/toast.ts";
import { useClearDonation, useDonation } from "./billingApi.ts";
import { DonationDialog } from "./DonationDialog.tsx";

/**
 * My Subscription's donation: the charity the account chose, and a way to choose, change or clear
 * it whatever the billing mode (the spec's dialog otherwise appears only after a payment).
 */
export function DonationSection() {
  const { t } = useTranslation("billing");
  const donation = useDonation();
  const [choosing, setChoosing] = useState(false);
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t("donation.heading")}
        </Title>
        <Loaded query={donation} failure={t("donation.loadFailed")}>
          {({ charity }) => (
            <>
              <Text style={{ overflowWrap: "anywhere" }}>
                {charity === null ? t("donation.noneChosen") : t("donation.chosen", { name: charity.name })}
              </Text>
              <Group gap="sm">
                <Button onClick={() => setChoosing(true)}>
                  {charity === null ? t("donation.choose") : t("donation.change")}
                </Button>
                {charity === null ? null : <ClearDonation charity={charity} />}
              </Group>
            </>
          )}
        </Loaded>
      </Stack>
      <DonationDialog
        opened={choosing}
        onClose={() => setChoosing(false)}
        dismissLabel={t("donation.cancel")}
      />
    </Paper>
  );
}

/** Clearing asks first: the account stops giving to a cause it chose. */
function ClearDonation({ charity }: { charity: ChosenCharity }) {
  const { t } = useTranslation("billing");
  const [asking, setAsking] = useState(false);
  const clear = useClearDonation();
  function close() {
    setAsking(false);
    clear.reset();
  }
  return (
    <>
      <Button variant="default" onClick={() => setAsking(true)}>
        {t("donation.clear")}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t("donation.clearTitle")}
        confirmLabel={t("donation.clearConfirm")}
        cancelLabel={t("donation.keep")}
        destructive
        pending={clear.isPending}
        error={clear.isError ? t("donation.oops") : null}
        onCancel={close}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: () => {
              showToast(t("donation.cleared"));
              close();
            },
          })
        }
      >
        {t("donation.clearQuestion", { name: charity.name })}
      </ConfirmDialog>
    </>
  );
}
