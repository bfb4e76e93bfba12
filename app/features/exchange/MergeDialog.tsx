import "@mantine/core/styles/Radio.css";
import { Alert, Button, Checkbox, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { VcardImportResult } from "../../../domain/schemas/vcard.ts";
import { errorMessage } from "../../api/errorMessages.ts";
import { Dialog } from "../../components/dialogs/Dialog.tsx";
import { showToast } from "../../shell/toast.ts";
import { CardSummary, cardName } from "./CardSummary.tsx";
import { type AnyCard, applyDecisions, type Decision, type VcardKind } from "./exchangeApi.ts";

type Duplicate = VcardImportResult<AnyCard>["duplicates"][number];

/** "merge:<id>", "create" or "skip": one radio value per choice. */
type Choice = string;

export interface MergeDialogProps {
  kind: VcardKind;
  duplicates: readonly Duplicate[];
  /** Where created persons go (the import's group and type). */
  target?: { group: string; type: string };
  onClose: () => void;
  onApplied: () => void;
}

/**
 * The likely duplicates of an import, each shown beside the saved record it resembles, with a
 * choice per card: merge into one of the candidates (filling empty fields only, unless the owner
 * asks to replace), create it anyway, or skip it. Nothing changes until Apply, and then all at once.
 */
export function MergeDialog({ kind, duplicates, target, onClose, onApplied }: MergeDialogProps) {
  const { t } = useTranslation(["exchange", "forms"]);
  const [choices, setChoices] = useState<Choice[]>(() =>
    duplicates.map((duplicate) => `merge:${duplicate.candidates[0]?.id}`),
  );
  const [overwrite, setOverwrite] = useState<boolean[]>(() => duplicates.map(() => false));
  const apply = useMutation({
    mutationFn: () =>
      applyDecisions(kind, {
        ...target,
        decisions: duplicates.map((duplicate, index): Decision => {
          const choice = choices[index] ?? "skip";
          const merge = choice.startsWith("merge:");
          return {
            card: duplicate.card,
            action: merge ? "merge" : (choice as "create" | "skip"),
            targetId: merge ? choice.slice("merge:".length) : null,
            overwrite: merge && (overwrite[index] ?? false),
          };
        }),
      }),
    onSuccess: (result) => {
      showToast(
        t("vcard.applied", {
          created: t("vcard.created", { count: result.created.length }),
          merged: t("vcard.merged", { count: result.merged.length }),
        }),
      );
      onApplied();
    },
  });
  const set = <T,>(list: T[], index: number, value: T) =>
    list.map((item, at) => (at === index ? value : item));

  return (
    <Dialog
      opened
      onClose={onClose}
      title={t("vcard.mergeTitle")}
      size="xl"
      closeButtonProps={{ "aria-label": t("forms:dialog.close") }}
    >
      <Stack gap="md">
        <Text>{t("vcard.mergeIntro")}</Text>
        {duplicates.map((duplicate, index) => {
          const choice = choices[index] ?? "skip";
          const shown =
            duplicate.candidates.find((candidate) => choice === `merge:${candidate.id}`) ??
            duplicate.candidates[0];
          const name = cardName(duplicate.card);
          return (
            // The list is the import's answer, fixed while the dialog is open.
            // biome-ignore lint/suspicious/noArrayIndexKey: cards may repeat a name; their order never changes
            <Paper key={index} withBorder p="md">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {name}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <div>
                    <Text fw={700}>{t("vcard.fromFile")}</Text>
                    <CardSummary card={duplicate.card} />
                  </div>
                  {shown && (
                    <div>
                      <Text fw={700}>{t("vcard.inYourFile")}</Text>
                      <CardSummary card={shown.card} />
                    </div>
                  )}
                </SimpleGrid>
                <Radio.Group
                  label={t("vcard.choice", { name })}
                  value={choice}
                  onChange={(value) => setChoices((list) => set(list, index, value))}
                >
                  <Stack gap={6} mt={6}>
                    {duplicate.candidates.map((candidate) => (
                      <Radio
                        key={candidate.id}
                        value={`merge:${candidate.id}`}
                        label={t("vcard.merge", { name: candidate.name })}
                      />
                    ))}
                    <Radio value="create" label={t("vcard.create")} />
                    <Radio value="skip" label={t("vcard.skip")} />
                  </Stack>
                </Radio.Group>
                <Checkbox
                  label={t("vcard.overwrite")}
                  disabled={!choice.startsWith("merge:")}
                  checked={overwrite[index] ?? false}
                  onChange={(event) => {
                    const { checked } = event.currentTarget;
                    setOverwrite((list) => set(list, index, checked));
                  }}
                />
              </Stack>
            </Paper>
          );
        })}
        {apply.isError && (
          <Alert color="red" variant="light" role="alert">
            {t("vcard.applyFailed")} {errorMessage(t, apply.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("vcard.cancel")}
          </Button>
          <Button loading={apply.isPending} onClick={() => apply.mutate()}>
            {t("vcard.apply")}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
