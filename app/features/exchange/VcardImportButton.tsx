import { Alert, Button, FileButton, List, Loader, Stack } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { VcardImportResult } from "../../../domain/schemas/vcard.ts";
import { ApiError } from "../../api/client.ts";
import { errorMessage } from "../../api/errorMessages.ts";
import { useCanEditFile } from "../../session/useOpenFile.ts";
import { showToast } from "../../shell/toast.ts";
import { type AnyCard, importVcard, type VcardKind } from "./exchangeApi.ts";

// Only an import that finds likely duplicates needs the dialog, and the dialog's phone formatting
// brings libphonenumber: the list pages load them when they are needed, not with the page.
const MergeDialog = lazy(() => import("./MergeDialog.tsx").then((m) => ({ default: m.MergeDialog })));

export interface VcardImportButtonProps {
  kind: VcardKind;
  /** Where imported persons go: a group and a type of it. */
  target?: { group: string; type: string };
  /** After anything was saved: the lists refresh. */
  onImported: () => void;
  /** The button's words, when "Import vCard" does not say enough (which kind). */
  label?: string;
}

/** "cards.3.emails.0" -> "Card 3: <message>": which card of the file each problem is in. */
function cardProblems(t: TFunction<"exchange">, error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  return Object.entries(error.fields).flatMap(([field, message]) => {
    const card = /^cards\.(\d+)\./.exec(field)?.[1];
    return card === undefined ? [] : [t("vcard.cardProblem", { card, message })];
  });
}

/**
 * Import vCard: a file picker; what was created is said in a toast, a refused file in an alert
 * naming its problems (nothing is imported then), and likely duplicates open the merge dialog.
 * Not offered in a file opened with view rights, which takes no import.
 */
export function VcardImportButton(props: VcardImportButtonProps) {
  return useCanEditFile() ? <VcardImport {...props} /> : null;
}

function VcardImport({ kind, target, onImported, label }: VcardImportButtonProps) {
  const { t } = useTranslation("exchange");
  const resetFile = useRef<() => void>(null);
  const [duplicates, setDuplicates] = useState<VcardImportResult<AnyCard>["duplicates"]>([]);
  const upload = useMutation({
    mutationFn: (file: File) => importVcard(kind, file, target),
    onSuccess: (result) => {
      showToast(
        result.created.length > 0
          ? t("vcard.imported", { count: result.created.length })
          : t("vcard.nothingNew"),
      );
      if (result.created.length > 0) onImported();
      setDuplicates(result.duplicates);
    },
    onSettled: () => resetFile.current?.(),
  });
  const problems = upload.isError ? cardProblems(t, upload.error) : [];

  return (
    <Stack gap="xs">
      <FileButton
        onChange={(file) => file && upload.mutate(file)}
        accept=".vcf,text/vcard,text/x-vcard"
        resetRef={resetFile}
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            loading={upload.isPending}
            leftSection={<IconUpload size={18} aria-hidden="true" />}
          >
            {label ?? t("vcard.import")}
          </Button>
        )}
      </FileButton>
      {upload.isError && (
        <Alert color="red" variant="light" role="alert" title={t("vcard.importFailed")}>
          {problems.length > 0 ? (
            <List size="sm">
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          ) : (
            errorMessage(t, upload.error)
          )}
        </Alert>
      )}
      {duplicates.length > 0 && (
        <Suspense fallback={<Loader size="sm" role="status" aria-label={t("common:loading")} />}>
          <MergeDialog
            kind={kind}
            duplicates={duplicates}
            {...(target ? { target } : {})}
            onClose={() => setDuplicates([])}
            onApplied={() => {
              setDuplicates([]);
              onImported();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
